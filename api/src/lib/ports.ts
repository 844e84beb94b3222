import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** Ports and processes on this machine: choosing a free port, waiting for one to listen, asking whether a process lives. */

/** Ports below Linux's (and most systems') ephemeral range: the kernel never gives these to outgoing connections. */
const CHOSEN_PORTS = { from: 20_000, to: 32_767 };

/**
 * A port nothing listens on now, for a server about to start. It is drawn at random below the
 * ephemeral range rather than asked of the kernel (port 0): a kernel-given port comes from the
 * range every outgoing connection also draws from, so on a busy machine a client socket could take
 * it in the seconds before the server binds it. Falls back to the kernel's choice.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 20; tries += 1) {
    const candidate = CHOSEN_PORTS.from + Math.floor(Math.random() * (CHOSEN_PORTS.to - CHOSEN_PORTS.from + 1));
    if ((await bindOnce(candidate)) !== null) return candidate;
  }
  const port = await bindOnce(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** Binds 127.0.0.1:port and lets it go: the port bound, or null when it is taken. */
function bindOnce(port: number): Promise<number | null> {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(null));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const addr = srv.address();
      const bound = typeof addr === 'object' && addr ? addr.port : null;
      srv.close(() => res(bound));
    });
  });
}

/** Where a server listens: a port on 127.0.0.1, or a Unix socket's path. */
export type ListenAddress = number | string;

const describe = (address: ListenAddress) => (typeof address === 'number' ? `127.0.0.1:${address}` : address);

export function portAccepts(address: ListenAddress, timeoutMs = 500): Promise<boolean> {
  return new Promise((res) => {
    const sock = typeof address === 'number' ? connect({ host: '127.0.0.1', port: address }) : connect({ path: address });
    const done = (ok: boolean) => {
      sock.destroy();
      res(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

export async function waitForPort(address: ListenAddress, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`database process exited with code ${child.exitCode}`);
    if (await portAccepts(address, 300)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`database did not listen on ${describe(address)} within ${timeoutMs} ms`);
}

/** True while a process with this id exists (signal 0 only asks). Also used by the shutdown test. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A process's identity beyond its id, which the system hands out again once the process is gone:
 * its start time (clock ticks after boot, field 22 of Linux's /proc/PID/stat). Null where /proc
 * cannot tell (another system, or the process is gone); a zombie, which only waits for its parent
 * to collect its exit code, counts as gone.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces; the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? null : (fields[19] ?? null);
  } catch {
    return null;
  }
}

/** A process recorded earlier: its id and start time (processStartTime), null where unknown. */
export interface ProcessIdentity {
  pid: number;
  started: string | null;
}

export function identityOf(pid: number): ProcessIdentity {
  return { pid, started: processStartTime(pid) };
}

/**
 * True while the recorded process still runs: its id exists, is not a zombie, and (where the start
 * time was recorded and can be read) started when it did, so a reused id is not taken for it.
 */
export function stillRuns(process_: ProcessIdentity): boolean {
  if (!isAlive(process_.pid)) return false;
  const started = processStartTime(process_.pid);
  if (process_.started === null) return started !== null || !procReadable();
  return started === process_.started;
}

/** Whether this system has Linux's /proc to read identities from. */
function procReadable(): boolean {
  return processStartTime(process.pid) !== null;
}

/** Stops a process that is not our child (SIGTERM, then SIGKILL after `graceMs`) and waits until it is gone. */
export async function stopProcess(target: ProcessIdentity, graceMs = 5_000): Promise<void> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(target.pid, sig);
    } catch {
      // gone already
    }
  };
  if (!stillRuns(target)) return;
  signal('SIGTERM');
  for (let waited = 0; waited < graceMs; waited += 100) {
    if (!stillRuns(target)) return;
    await sleep(100);
  }
  signal('SIGKILL');
  for (let waited = 0; waited < 5_000; waited += 100) {
    if (!stillRuns(target)) return;
    await sleep(100);
  }
  throw new Error(`process ${target.pid} did not end after SIGKILL`);
}
