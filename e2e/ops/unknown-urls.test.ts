import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from '../support/server.ts';

const MIB = 1024 * 1024;

/** The server process's resident memory, from the kernel. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error('VmRSS not found');
  return kib * 1024;
}

/** GETs `count` distinct unknown paths of about 6 KB each, `parallel` at a time over kept-alive connections. */
async function askUnknownPaths(baseUrl: string, from: number, count: number, parallel: number): Promise<Map<number, number>> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const padding = 'x'.repeat(6_000);
  const statuses = new Map<number, number>();
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const n = next++;
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: `/no-such-page-${n}-${padding}`, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    agent.destroy();
  }
  return statuses;
}

/**
 * The server's V8 inspector (the server runs with `--inspect=127.0.0.1:0`), used only to run a full
 * garbage collection before reading its memory: without one, RSS mostly tells where V8's heap
 * sizing heuristics happen to be, tens of MiB either way.
 */
async function openInspector(output: () => string): Promise<{ collectGarbage(): Promise<void>; close(): void }> {
  const deadline = Date.now() + 10_000;
  let url: string | undefined;
  while (!(url = /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1])) {
    if (Date.now() > deadline) throw new Error(`no inspector address in the server's output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const call = (method: string) =>
    new Promise<void>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (event: MessageEvent) => {
        const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (reply.id !== mine) return;
        socket.removeEventListener('message', onMessage);
        if (reply.error) reject(new Error(reply.error.message));
        else resolve();
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method }));
    });
  return { collectGarbage: () => call('HeapProfiler.collectGarbage'), close: () => socket.close() };
}

describe('unknown URLs', () => {
  let server: ProductServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('5,000 unique unknown 6 KB paths add less than 20 MiB to the server’s memory', async () => {
    server = await startProductServer({ entry: 'api/src/server.ts', env: { LOG_LEVEL: 'error', NODE_OPTIONS: '--inspect=127.0.0.1:0' } });
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('no server pid');

    const inspector = await openInspector(server.output);
    // Warm up with requests of the same kind first, so code compiled and buffers sized on first use
    // are not counted.
    await askUnknownPaths(server.baseUrl, 0, 2_000, 8);
    await inspector.collectGarbage();
    const before = rssOf(pid);

    const started = Date.now();
    const statuses = await askUnknownPaths(server.baseUrl, 100_000, 5_000, 8);
    expect(Date.now() - started).toBeLessThan(90_000);
    expect(statuses.get(404)).toBe(5_000);
    await inspector.collectGarbage();
    inspector.close();
    const grown = rssOf(pid) - before;
    expect(grown / MIB).toBeLessThan(20);
  }, 180_000);
});
