import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb, type EmbeddedDb } from '@bh/api/db/embedded';
import { ApiClient, uniqueEmail } from '../support/api.ts';
import { adminCreate, freePort, startProductServer, type ProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a signal to the database process, ignoring one that has already exited. */
function signal(pid: number, name: 'SIGSTOP' | 'SIGCONT'): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

describe('hung database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-hung-'));
  let db: EmbeddedDb | undefined;
  let dbPid = 0;
  let api: ProductServer | undefined;

  afterAll(async () => {
    // Whatever happened, the database is let go before it is stopped.
    if (dbPid) signal(dbPid, 'SIGCONT');
    await api?.stop();
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers requests in flight when the database hangs (SIGSTOP) with 503 within about 2 s, and recovers when it resumes', async () => {
    const port = await freePort();
    db = await startEmbeddedDb({ dataDir, port, log: () => {} });
    dbPid = (JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { pid: number }).pid;
    const env = { MONGODB_URI: db.uri, MONGODB_DB: 'hung', DOCUMENT_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'error' };
    const admin = { email: uniqueEmail('hung-admin'), name: 'Hung Admin', password: 'Hung-admin-pass-1' };
    expect((await adminCreate(dataDir, admin, env)).code).toBe(0);
    api = await startProductServer({ entry: 'api/src/server.ts', env });
    const client = new ApiClient(api.baseUrl);
    await client.login(admin.email, admin.password);
    expect((await client.call(ops.user.profile)).status).toBe(200);

    // Four callers keep requests in flight throughout; each request is timed from when it was sent.
    let running = true;
    const answers: { sentAt: number; ms: number; status: number; message?: string }[] = [];
    const caller = async () => {
      while (running) {
        const sentAt = Date.now();
        const res = await client.call(ops.user.profile);
        answers.push({ sentAt, ms: Date.now() - sentAt, status: res.status, ...(res.json?.message ? { message: res.json.message } : {}) });
      }
    };
    const callers = Array.from({ length: 4 }, caller);
    try {
      await sleep(1_000);
      const stoppedAt = Date.now();
      signal(dbPid, 'SIGSTOP');
      await sleep(8_000);
      signal(dbPid, 'SIGCONT');
      const resumedAt = Date.now();

      // Recovery: a 200 again within 5 s of the database resuming.
      let recovered = Infinity;
      while (Date.now() - resumedAt < 15_000) {
        const last = answers.at(-1);
        if (last && last.status === 200 && last.sentAt > resumedAt) {
          recovered = Date.now() - resumedAt;
          break;
        }
        await sleep(100);
      }
      running = false;
      await Promise.all(callers);

      const hung = answers.filter((a) => a.sentAt + a.ms > stoppedAt + 200 && a.sentAt < resumedAt - 3_000);
      // [sent after the hang began, took, status] of each, for a failure's message.
      const seen = JSON.stringify(hung.map((a) => [a.sentAt - stoppedAt, a.ms, a.status]));
      expect(hung.length, seen).toBeGreaterThan(4);
      for (const a of hung) {
        expect(a.status, seen).toBe(503);
        expect(a.message).toMatch(/temporarily unavailable/i);
      }
      // In flight when it hung, or sent while it hangs: every answer within about two seconds.
      const slowest = Math.max(...hung.map((a) => a.ms));
      expect(slowest, seen).toBeLessThan(2_600);
      expect(recovered).toBeLessThan(5_000);
      expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    } finally {
      running = false;
      signal(dbPid, 'SIGCONT');
    }
  }, 120_000);
});
