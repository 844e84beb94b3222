import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '@bh/api/mail/mailbox';
import { api as ops } from '@bh/shared/contract';
import { ApiClient } from '../support/api.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';

/**
 * Issue 47, item 6: an outbox stuck behind an SMTP server that refuses every message, which
 * nobody could see. `pnpm start` against a real SMTP server (on a real port) that answers 451 to
 * everything, with MAIL_FAILING_MS at 3 s: readiness says so, /metrics shows the queue, and both
 * clear once the server takes mail again.
 */
describe('an SMTP server refusing every message', () => {
  let server: ProductServer;
  let mailbox: Mailbox;
  let refuse = true;
  beforeAll(async () => {
    mailbox = new Mailbox({ rejectWith: () => (refuse ? { code: 451, message: 'Try again later' } : null) });
    const url = await mailbox.listen();
    server = await startProductServer({
      env: { SMTP_URL: url, MAIL_POLL_MS: '100', MAIL_IDLE_MS: '500', MAIL_RETRY_MS: '200', MAIL_MAX_ATTEMPTS: '50', MAIL_FAILING_MS: '3000' },
    });
    // A first start seeds the demo (Argon2id hashes): room for a busy machine.
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  const ready = async () => {
    const res = await fetch(new ApiClient(server.baseUrl).url(ops.health.ready));
    return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
  };
  const gauges = async () => {
    // Unlabelled gauges: one `name value` line each in Prometheus' text format.
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    return Object.fromEntries([...text.matchAll(/^(bh_outbox_\w+) (\S+)$/gm)].map(([, name, value]) => [name!, Number(value)]));
  };
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('readiness says "outbox: failing" (still 200) and /metrics shows the waiting mail; both clear when mail goes again', async () => {
    const api = new ApiClient(server.baseUrl);
    expect((await api.call(ops.accountLinks.forgotPassword, { body: { email: 'admin@demo.betterhealth.in' } })).status).toBe(200);
    const failing = await until(ready, (r) => r.body.checks.outbox === 'failing');
    expect(failing).toEqual({ status: 200, body: { status: 'degraded', checks: { db: 'ok', outbox: 'failing' } } });
    expect(mailbox.transactions).toBeGreaterThanOrEqual(2);
    const stuck = await gauges();
    expect(stuck.bh_outbox_queued).toBeGreaterThanOrEqual(1);
    expect(stuck.bh_outbox_oldest_pending_age_seconds).toBeGreaterThanOrEqual(3);
    expect(stuck).toMatchObject({ bh_outbox_failed: 0, bh_outbox_smtp_failing: 1 });

    refuse = false;
    await mailbox.waitFor((m) => m.to.includes('admin@demo.betterhealth.in'), 30_000);
    const ok = await until(ready, (r) => r.body.status === 'ok');
    expect(ok).toEqual({ status: 200, body: { status: 'ok', checks: { db: 'ok', outbox: 'ok' } } });
    const cleared = await until(gauges, (g) => g.bh_outbox_oldest_pending_age_seconds === 0);
    expect(cleared).toMatchObject({ bh_outbox_oldest_pending_age_seconds: 0, bh_outbox_failed: 0, bh_outbox_smtp_failing: 0 });
  });
});
