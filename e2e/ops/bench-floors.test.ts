import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api as ops } from '@bh/shared/contract';
import { HEALTH_PATH, startProcess, type Proc } from '../../scripts/bench/processes.ts';
import { ApiClient } from '../support/api.ts';
import { freePort, startProductServer, type ProductServer } from '../support/server.ts';

/** Headers that say something about the connection or the moment, not about the answer. */
const PER_CONNECTION = new Set(['connection', 'keep-alive', 'date', 'content-length']);
const answerHeaders = (res: Response) => [...res.headers.keys()].filter((name) => !PER_CONNECTION.has(name)).sort();

/**
 * The bench's floors (scripts/bench/): the least a health call and a login can cost on the machine
 * that runs it. A floor is only one if it does at least what the API must: the one Hono route answers
 * as the API's health call does, with every header the API's answer carries (a floor without them
 * would look faster than any API could be); the password check alone tells the right password from
 * a wrong one with a real Argon2id check.
 */
describe("the bench's floors", () => {
  let product: ProductServer;
  let route: Proc;
  let check: Proc;
  let peer: Proc;
  const password = 'Floor-check-2025';

  beforeAll(async () => {
    [product, route, check, peer] = await Promise.all([
      startProductServer({ entry: 'api/src/server.ts', env: { LOG_LEVEL: 'error' } }),
      freePort().then((port) => startProcess('scripts/bench/hono-floor-server.ts', port, {}, HEALTH_PATH)),
      freePort().then((port) => startProcess('scripts/bench/hash-login-server.ts', port, { BENCH_PASSWORD: password }, '/')),
      freePort().then((port) => startProcess('scripts/bench/fastify-peer-server.ts', port, {}, HEALTH_PATH)),
    ]);
  });

  afterAll(async () => {
    await Promise.all([product?.stop(), route?.stop(), check?.stop(), peer?.stop()]);
  });

  // The one Hono route (the floor) and the Fastify peer (issue 52) alike.
  it.each([
    ['the one Hono route', () => route.port],
    ['the Fastify peer', () => peer.port],
  ])("%s answers health with the API's status, body and headers", async (_name, port) => {
    // As the bench's load asks: for no compression.
    const asked = { headers: { 'accept-encoding': 'identity' } };
    const [ours, floor] = await Promise.all([fetch(new ApiClient(product.baseUrl).url(ops.health.status), asked), fetch(`http://127.0.0.1:${port()}${HEALTH_PATH}`, asked)]);
    expect(floor.status).toBe(ours.status);
    expect(await floor.json()).toEqual(await ours.json());
    expect(answerHeaders(floor)).toEqual(answerHeaders(ours));
    for (const name of answerHeaders(ours)) {
      if (name !== 'x-request-id') expect([name, floor.headers.get(name)]).toEqual([name, ours.headers.get(name)]);
    }
    expect(floor.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A client's own request id is kept, as the API keeps it.
    const named = await fetch(`http://127.0.0.1:${port()}${HEALTH_PATH}`, { headers: { ...asked.headers, 'x-request-id': 'bench-check-1' } });
    expect(named.headers.get('x-request-id')).toBe('bench-check-1');
  });

  it('accepts the password it was given and refuses any other', async () => {
    const login = (body: string) => fetch(`http://127.0.0.1:${check.port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const [right, wrong, malformed] = await Promise.all([
      login(JSON.stringify({ email: 'floor@bench.betterhealth.in', password })),
      login(JSON.stringify({ email: 'floor@bench.betterhealth.in', password: `${password}!` })),
      login('{"password":'),
    ]);
    expect([right.status, await right.json()]).toEqual([200, { success: true }]);
    expect([wrong.status, await wrong.json()]).toEqual([401, { success: false }]);
    expect(malformed.status).toBe(400);
  });
});
