import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb, type EmbeddedDb } from '@bh/api/db/embedded';
import { ApiClient, uniqueEmail } from '../support/api.ts';
import { adminCreate, freePort, startProductServer, type ProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request that must answer, whatever the database is doing: it is timed, never left hanging. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - start };
}

describe('database outage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-outage-'));
  let db: EmbeddedDb | undefined;
  let api: ProductServer | undefined;
  let writing = true;

  afterAll(async () => {
    writing = false;
    await api?.stop();
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the database is down, recovers without a restart, and keeps every acknowledged write', async () => {
    const port = await freePort();
    db = await startEmbeddedDb({ dataDir, port, log: () => {} });
    const env = { MONGODB_URI: db.uri, MONGODB_DB: 'outage', DOCUMENT_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'error' };
    const admin = { email: uniqueEmail('outage-admin'), name: 'Outage Admin', password: 'Outage-admin-pass-1' };
    expect((await adminCreate(dataDir, admin, env)).code).toBe(0);
    api = await startProductServer({ entry: 'api/src/server.ts', env });

    const client = new ApiClient(api.baseUrl);
    await client.login(admin.email, admin.password);

    // Writes keep flowing throughout: each acknowledged (201) account must survive the outage.
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const unexpected: string[] = [];
    let slowest = 0;
    const writer = (async () => {
      while (writing) {
        const email = uniqueEmail('outage-client');
        const { value, ms } = await timed(() => client.call(ops.user.register, { body: { name: 'Outage Client', email, password: 'Client-pass-123', role: 'user' } }));
        slowest = Math.max(slowest, ms);
        statuses.push(value.status);
        if (value.status >= 500 && value.status !== 503) unexpected.push(`${value.status} ${JSON.stringify(value.json)}`);
        if (value.status === 201) acknowledged.push(email);
        await sleep(100);
      }
    })();

    await sleep(1_500);
    const beforeStop = acknowledged.length;
    expect(beforeStop).toBeGreaterThan(0);

    await db.stop();
    const downAt = Date.now();
    const duringOutage: number[] = [];
    // However quickly each 503 comes (at once, or after the driver's 2 s server selection), the
    // outage lasts at least 10 s and sees at least six calls.
    while (Date.now() - downAt < 10_000 || duringOutage.length < 6) {
      const { value, ms } = await timed(() => client.call(ops.user.profile));
      duringOutage.push(value.status);
      expect(ms).toBeLessThan(5_000);
      if (value.status === 503) expect(value.json.message).toMatch(/temporarily unavailable/i);
      const health = await fetch(new ApiClient(api.baseUrl).url(ops.health.status));
      if (health.status === 503) expect(await health.json()).toEqual({ status: 'degraded', db: 'down' });
      await sleep(500);
    }
    expect(duringOutage.filter((s) => s === 503).length).toBeGreaterThan(5);
    expect(duringOutage.every((s) => s === 503)).toBe(true);

    db = await startEmbeddedDb({ dataDir, port, log: () => {} });
    const upAt = Date.now();
    let recoveredAfter = Infinity;
    while (Date.now() - upAt < 15_000) {
      const res = await client.call(ops.user.profile);
      if (res.status === 200) {
        recoveredAfter = Date.now() - upAt;
        break;
      }
      await sleep(200);
    }
    expect(recoveredAfter).toBeLessThan(5_000);
    expect((await fetch(new ApiClient(api.baseUrl).url(ops.health.status))).status).toBe(200);

    await sleep(1_000);
    writing = false;
    await writer;

    expect(statuses).toContain(503);
    // Any other server error names itself and comes with the API's log, which says what the driver threw.
    expect(unexpected, api.output()).toEqual([]);
    expect(slowest).toBeLessThan(5_000);

    const mongo = new MongoClient(db.uri);
    try {
      const stored = await mongo.db('outage').collection('users').countDocuments({ email: { $in: acknowledged } });
      expect(stored).toBe(acknowledged.length);
    } finally {
      await mongo.close();
    }
    expect(acknowledged.length).toBeGreaterThan(beforeStop);
  }, 120_000);
});
