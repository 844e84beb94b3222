import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Proc {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
  /** Resident memory of the process, in MiB. */
  rssMiB(): number;
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

export function startProcess(script: string, port: number, env: Record<string, string>, healthPath: string): Promise<Proc> {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitHealthy(`http://127.0.0.1:${port}${healthPath}`, child).then(() => ({
    child,
    port,
    rssMiB: () => rssMiBOf(child.pid!),
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
