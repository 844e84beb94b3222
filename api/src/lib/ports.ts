import type { ChildProcess } from 'node:child_process';
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

export function portAccepts(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((res) => {
    const sock = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      sock.destroy();
      res(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

export async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`database process exited with code ${child.exitCode}`);
    if (await portAccepts(port, 300)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`database did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
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
