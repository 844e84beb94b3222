import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive } from '@bh/api/lib/ports';
import { startProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';
import { ApiClient } from '../support/api.ts';

/** A login whose body trickles in over `ms`, so it is still in flight when the signal arrives. */
function slowLogin(baseUrl: string, ms: number, agent?: Agent): Promise<number> {
  const url = new URL(new ApiClient(baseUrl).url(ops.user.login));
  const body = JSON.stringify({ email: 'nobody@e2e.betterhealth.in', password: 'whatever-pass' });
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => req.end(body.slice(half)), ms);
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, stops its database and exits 0', async () => {
    const server = await startProductServer({ entry: 'api/src/server.ts', env: { LOG_LEVEL: 'error' } });
    const lock = JSON.parse(readFileSync(join(server.dataDir, 'embedded.json'), 'utf8')) as { pid: number };
    expect(isAlive(lock.pid)).toBe(true);

    const inFlight = slowLogin(server.baseUrl, 1_500);
    await new Promise((r) => setTimeout(r, 300));
    const exited = server.stop();

    await new Promise((r) => setTimeout(r, 300));
    const refused = await fetch(new ApiClient(server.baseUrl).url(ops.health.status)).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

    expect(await inFlight).toBe(401);
    expect(await exited).toBe(0);
    expect(isAlive(lock.pid)).toBe(false);
  });
});

/**
 * Slow logins back to back over one kept-alive connection until the server hangs up, so a request
 * is nearly always in flight, as under steady real traffic.
 */
async function keepAliveTraffic(baseUrl: string, ms: number, stop: () => boolean): Promise<{ answered: number; keptOpen: boolean }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let answered = 0;
  try {
    while (!stop()) {
      if ((await slowLogin(baseUrl, ms, agent)) === 401) answered += 1;
    }
    return { answered, keptOpen: true };
  } catch {
    return { answered, keptOpen: false };
  } finally {
    agent.destroy();
  }
}

describe('graceful shutdown under steady traffic', () => {
  it('exits promptly on SIGTERM while a client keeps reusing a kept-alive connection', async () => {
    const server = await startProductServer({ entry: 'api/src/server.ts', env: { LOG_LEVEL: 'error' } });
    let giveUp = false;
    const traffic = keepAliveTraffic(server.baseUrl, 300, () => giveUp);
    await new Promise((r) => setTimeout(r, 1_000));

    const exited = server.stop();
    const outcome = await Promise.race([exited.then((code) => ({ code })), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 8_000))]);
    giveUp = true;
    const { answered, keptOpen } = await traffic;
    if (outcome === 'hung') server.child.kill('SIGKILL');

    expect(answered).toBeGreaterThan(0);
    expect(outcome).toEqual({ code: 0 });
    expect(keptOpen).toBe(false);
  });
});
