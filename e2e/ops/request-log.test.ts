import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api as ops } from '@bh/shared/contract';
import { ApiClient } from '../support/api.ts';
import { startProductServer } from '../support/server.ts';

/**
 * Issue 52: the request log is written off the requests' path (a buffer written by libuv's thread
 * pool), so what is still buffered when the server is stopped must be written before it exits.
 * The reader of the server's output here lags: it stops reading while the requests are sent (the
 * pipe fills and the server keeps the rest in its buffer) and reads again only a while after
 * SIGTERM, by when a server that did not write its buffer on the way out would have exited.
 */
const REQUESTS = 2_000;
const CONNECTIONS = 50;
/** Longer than a clean shutdown of an idle server takes. */
const READER_LAG_MS = 4_000;

function get(url: string, agent: Agent): Promise<{ status: number; requestId: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id'] ?? '') }));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

describe('the request log on a real server', () => {
  it(`has a line for each of ${REQUESTS} requests sent in parallel once the server has stopped on SIGTERM`, async () => {
    const server = await startProductServer({ entry: 'api/src/server.ts', env: { LOG_LEVEL: 'info' } });
    const stdout = server.child.stdout!;
    const closed = new Promise<void>((resolve) => stdout.once('close', () => resolve()));
    stdout.pause();
    let output = '';
    stdout.on('data', (d: Buffer) => (output += d.toString()));

    const url = new ApiClient(server.baseUrl).url(ops.health.status);
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const ids: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        next += 1;
        const { status, requestId } = await get(url, agent);
        expect(status).toBe(200);
        ids.push(requestId);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    agent.destroy();
    expect(new Set(ids).size).toBe(REQUESTS);

    const exited = server.stop();
    await new Promise((r) => setTimeout(r, READER_LAG_MS));
    stdout.resume();
    expect(await exited).toBe(0);
    await closed;

    const logged = new Set<string>();
    for (const line of output.split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg?: string; requestId?: string };
      if (entry.msg === 'request' && entry.requestId) logged.add(entry.requestId);
    }
    const missing = ids.filter((id) => !logged.has(id));
    expect(missing.length, `${missing.length} of ${REQUESTS} requests have no log line`).toBe(0);
  }, 240_000);
});
