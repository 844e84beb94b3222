import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, API_BASE } from '@bh/shared/contract';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The API's health call, from its definition: what the bench waits for and loads. */
export const HEALTH_PATH = `${API_BASE}${api.health.status.path}`;

export interface Proc {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
  /** Resident memory of the process, in MiB. */
  rssMiB(): number;
  /** What the process keeps after full collections, read through its inspector (started with an `inspectPort`). */
  keptMemory(): Promise<KeptMemory>;
}

/** A Node process's memory after full collections, in MiB: what it holds on to, without the heap's room to grow. */
export interface KeptMemory {
  /** Live JavaScript objects (`heapUsed`). */
  heapMiB: number;
  /** Memory outside the heap held by its objects: buffers, and native memory V8 is told of (`external`). */
  externalMiB: number;
}

export async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not healthy in time`);
}

/** Resident memory of a process by pid, in MiB (Linux's /proc). */
export function rssMiBOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/**
 * One call to a process's inspector (Chrome DevTools Protocol over its WebSocket), for the few the
 * bench needs; the inspector listens on loopback only, on a port the bench chose.
 */
async function inspectorSession(inspectPort: number): Promise<{ send(method: string, params?: object): Promise<Record<string, unknown>>; close(): void }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!target) throw new Error('the process has no inspector target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((res, rej) => {
    socket.onopen = res;
    socket.onerror = () => rej(new Error('could not open the inspector'));
  });
  const waiting = new Map<number, { res: (result: Record<string, unknown>) => void; rej: (err: Error) => void }>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.rej(new Error(message.error.message));
    else call.res(message.result ?? {});
  };
  // A process that exits (or closes the session) fails what was asked of it instead of leaving it waiting.
  socket.onclose = () => {
    for (const call of waiting.values()) call.rej(new Error('the inspector closed before it answered'));
    waiting.clear();
  };
  let nextId = 1;
  return {
    send: (method, params = {}) =>
      new Promise((res, rej) => {
        const id = nextId++;
        waiting.set(id, { res, rej });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const INSPECTOR_NOTICE = /^(Debugger attached\.|Waiting for the debugger to disconnect\.\.\.)$/;

const MiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Two full collections (the second frees what the first's finalisers let go), then the process's own count. */
async function keptMemoryOf(inspectPort: number): Promise<KeptMemory> {
  const session = await inspectorSession(inspectPort);
  try {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const answer = (await session.send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())' })) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    return { heapMiB: MiB(usage.heapUsed), externalMiB: MiB(usage.external) };
  } finally {
    session.close();
  }
}

/**
 * Starts a Node script and waits for its health path. With `inspectPort`, its inspector listens
 * there, on loopback, for keptMemory(); Node's notices of the bench's session are left out of stderr.
 */
export function startProcess(script: string, port: number, env: Record<string, string>, healthPath: string, inspectPort?: number): Promise<Proc> {
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`, '--inspect-publish-uid=http'] : [];
  const child = spawn(process.execPath, [...inspect, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', inspectPort ? 'pipe' : 'inherit'],
  });
  // Node says on stderr when the bench's inspector session comes and goes; anything else passes on.
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => INSPECTOR_NOTICE.test(line) || process.stderr.write(`${line}\n`));
  return waitHealthy(`http://127.0.0.1:${port}${healthPath}`, child).then(() => ({
    child,
    port,
    rssMiB: () => rssMiBOf(child.pid!),
    keptMemory: () => (inspectPort ? keptMemoryOf(inspectPort) : Promise.reject(new Error(`${script} was started without its inspector`))),
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  }));
}

const benchStarted = Date.now();

/** Milliseconds since the bench started. */
export const elapsedMs = () => Date.now() - benchStarted;

/** One line on stderr while the bench runs, with the time since it started: `[bench 1:05] …`. */
export function progress(message: string): void {
  const s = Math.floor(elapsedMs() / 1000);
  process.stderr.write(`[bench ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}] ${message}\n`);
}
