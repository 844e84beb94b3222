import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { readyResponse } from '@bh/shared/contract';
import { bodyOf, createTestContext, type TestContext } from '../../test/context.ts';
import { startTestMail, type TestMail } from '../../test/mail.ts';
import { served, type Served } from '../../test/served.ts';
import { outboxQueueDueV1 } from '../db/migrations/009-outbox-queue-due-v1.ts';
import { watchOutbox } from './outbox-health.ts';

/**
 * Issue 47, item 6: an outbox stuck behind an SMTP server that refuses everything, which nobody
 * could see. The SMTP server is real (the test mailbox on a real port, refusing with 451) and the
 * sender runs its own loop, as `pnpm start` runs it; readiness and /metrics are read through the API.
 */
let ctx: TestContext;
let mail: TestMail;
let api: Served;
let refuse = true;
const MINUTE = 60_000;
const FAILING_MS = 10 * MINUTE;
const START = '2026-06-15T06:30:00.000Z';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(START);
  mail = await startTestMail(ctx, {
    rejectWith: () => (refuse ? { code: 451, message: 'Try again later' } : null),
    settings: { failingMs: FAILING_MS, maxAttempts: 20 },
  });
  watchOutbox(ctx.deps, mail.sender);
  api = await served(ctx.app);
});
afterAll(async () => {
  await api.close();
});

async function ready() {
  const res = await ctx.request('GET', '/api/v1/health/ready');
  return { status: res.status, body: await bodyOf(res, readyResponse) };
}

async function gauges(): Promise<Record<string, number>> {
  const res = await fetch(`${api.url}/metrics`);
  expect(res.status).toBe(200);
  const found: Record<string, number> = {};
  for (const m of parsePrometheusTextFormat(await res.text())) {
    if (m.name.startsWith('bh_outbox_')) {
      expect(m.type).toBe('GAUGE');
      found[m.name] = Number(m.metrics[0]?.value);
    }
  }
  return found;
}

async function until(what: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the message to `to` has had `attempts` tries recorded. */
const tried = (to: string, attempts: number) => until(async () => ((await ctx.deps.cols.outbox.findOne({ to }))?.attempts ?? 0) >= attempts);

describe('an SMTP server that refuses every message', () => {
  it(`readiness says "outbox: failing" (still 200) once every try has been refused for MAIL_FAILING_MS, and /metrics shows the queue`, async () => {
    const to = 'stuck@test.betterhealth.in';
    mail.sender.start();
    onTestFinished(() => mail.sender.stop());
    await until(() => mail.sender.ready());
    expect(await ready()).toEqual({ status: 200, body: { status: 'ok', checks: { db: 'ok', outbox: 'ok' } } });
    expect(await gauges()).toEqual({ bh_outbox_queued: 0, bh_outbox_oldest_pending_age_seconds: 0, bh_outbox_failed: 0, bh_outbox_smtp_failing: 0 });

    // A notice now, and a reminder for tomorrow: queued, but only the notice is due.
    await ctx.deps.outbox.enqueue([
      { to, template: 'password-changed', data: { name: 'Kabir', changedAt: START } },
      { to: 'later@test.betterhealth.in', template: 'password-changed', data: { name: 'Isha', changedAt: START }, dueAt: new Date(Date.parse(START) + 24 * 60 * MINUTE) },
    ]);
    mail.sender.wake();
    await tried(to, 1);
    // Refused, but not yet for long: still ok.
    expect(await ready()).toEqual({ status: 200, body: { status: 'ok', checks: { db: 'ok', outbox: 'ok' } } });

    // Ten minutes of refusals: each minute's retry refused too (each try recorded before the clock moves on).
    for (let attempt = 2; attempt <= 11; attempt += 1) {
      ctx.clock.advance(MINUTE);
      mail.sender.wake();
      await tried(to, attempt);
    }
    expect(await ready()).toEqual({ status: 200, body: { status: 'degraded', checks: { db: 'ok', outbox: 'failing' } } });
    expect(await gauges()).toEqual({ bh_outbox_queued: 2, bh_outbox_oldest_pending_age_seconds: 600, bh_outbox_failed: 0, bh_outbox_smtp_failing: 1 });
    const notice = await ctx.deps.cols.outbox.findOne({ to });
    expect(notice).toMatchObject({ status: 'pending', attempts: 11 });

    // The server takes mail again: the notice goes at its next try and readiness is ok again.
    refuse = false;
    ctx.clock.advance(MINUTE);
    mail.sender.wake();
    await mail.mailbox.waitFor((m) => m.to.includes(to));
    // Marked sent, then its queue entry removed.
    await until(async () => (await ctx.deps.cols.outbox.findOne({ to }))?.status === 'sent' && !(await ctx.deps.cols.outboxQueue.findOne({ to })));
    expect(await ready()).toEqual({ status: 200, body: { status: 'ok', checks: { db: 'ok', outbox: 'ok' } } });
    expect(await gauges()).toEqual({ bh_outbox_queued: 1, bh_outbox_oldest_pending_age_seconds: 0, bh_outbox_failed: 0, bh_outbox_smtp_failing: 0 });
  });

  it('counts the messages that used every try as failed, until an admin sends them again', async () => {
    refuse = true;
    const [id] = await ctx.deps.outbox.enqueue([{ to: 'given-up@test.betterhealth.in', template: 'password-changed', data: { name: 'Kabir', changedAt: START } }]);
    for (let i = 0; i < 20; i += 1) {
      await mail.sender.runOnce();
      ctx.clock.advance(MINUTE);
    }
    expect(await ctx.deps.cols.outbox.findOne({ _id: id! })).toMatchObject({ status: 'failed' });
    expect(await gauges()).toMatchObject({ bh_outbox_failed: 1 });
    refuse = false;
    const admin = await ctx.signedIn('admin', 'verified');
    const res = await ctx.request('POST', `/api/v1/admin/emails/${id!.toHexString()}/resend`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    z.object({ success: z.literal(true) }).passthrough().parse(await res.json());
    // Waiting again, since the resend (not since it first fell due).
    expect(await gauges()).toMatchObject({ bh_outbox_failed: 0, bh_outbox_oldest_pending_age_seconds: 0 });
    ctx.clock.advance(MINUTE);
    expect(await gauges()).toMatchObject({ bh_outbox_oldest_pending_age_seconds: 60 });
    await mail.deliver();
    expect(await gauges()).toMatchObject({ bh_outbox_failed: 0, bh_outbox_oldest_pending_age_seconds: 0 });
  });

  it('an entry queued by an earlier version, without its due time, is counted once the migration gives it one', async () => {
    const now = Date.parse(START) + 2 * 60 * MINUTE;
    ctx.clock.set(now);
    const [id] = await ctx.deps.outbox.enqueue([{ to: 'old-entry@test.betterhealth.in', template: 'password-changed', data: { name: 'Kabir', changedAt: START }, dueAt: new Date(now - 5 * MINUTE) }]);
    await ctx.deps.cols.outboxQueue.updateOne({ _id: id! }, { $unset: { dueAt: '' } });
    expect(await gauges()).toMatchObject({ bh_outbox_oldest_pending_age_seconds: 0 });
    const migration = { db: ctx.deps.db, cols: ctx.deps.cols, documentKey: ctx.deps.config.documentKey };
    expect(await outboxQueueDueV1.run(migration)).toBe('Gave 1 queued email(s) their due time');
    expect(await outboxQueueDueV1.run(migration)).toBeNull();
    expect(await gauges()).toMatchObject({ bh_outbox_oldest_pending_age_seconds: 300 });
  });
});
