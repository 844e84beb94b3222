import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { z } from 'zod';
import { emailRecordSchema, meetingResponse } from '@bh/shared';
import { bodyOf, createTestContext, type TestContext } from '../../test/context.ts';
import { FAST_SENDER, startTestMail } from '../../test/mail.ts';
import { MongoClient } from 'mongodb';
import { systemClock } from '../lib/clock.ts';
import { createMongoClient, mongoClientOptions } from '../lib/mongo.ts';
import { ObjectId, type Document } from 'mongodb';
import { outboxQueueV1 } from '../db/migrations/007-outbox-queue-v1.ts';
import { Outbox } from './outbox.ts';
import { REMINDER_TEMPLATES } from './templates.ts';
import { Mailbox } from './mailbox.ts';
import { backoffDelay, MailSender } from './sender.ts';
import { createSmtpTransport } from './transport.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = '2026-06-15T06:30:00.000Z';

const notice = (to: string) => ({ to, template: 'password-changed' as const, data: { name: 'Kabir', changedAt: START } });

describe('the sender', () => {
  it('retries a failing SMTP server with growing waits, then marks the email failed; a resend delivers it', async () => {
    ctx.clock.set(START);
    let refuse = true;
    const mail = await startTestMail(ctx, { rejectWith: () => (refuse ? { code: 451, message: 'Try again later' } : null) });
    const [id] = await ctx.deps.outbox.enqueue([notice('kabir@test.betterhealth.in')]);

    expect(await mail.sender.runOnce()).toBe(1);
    let doc = await ctx.deps.cols.outbox.findOne({ _id: id! });
    expect(doc).toMatchObject({ status: 'pending', attempts: 1 });
    expect(doc!.lastError).toContain('451');
    expect(doc!.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(backoffDelay(FAST_SENDER as never, 1));
    // Not due again until its wait is over.
    expect(await mail.sender.runOnce()).toBe(0);

    for (let attempt = 2; attempt <= 3; attempt += 1) {
      ctx.clock.advance(backoffDelay(FAST_SENDER as never, attempt - 1));
      expect(await mail.sender.runOnce()).toBe(1);
    }
    doc = await ctx.deps.cols.outbox.findOne({ _id: id! });
    expect(doc).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(mail.mailbox.transactions).toBe(3);
    ctx.clock.advance(HOUR);
    expect(await mail.sender.runOnce()).toBe(0);

    // Nothing is lost: a verified admin sends it again from the Emails grid once the server is well.
    refuse = false;
    const admin = await ctx.signedIn('admin', 'verified');
    const res = await ctx.request('POST', `/api/v1/admin/emails/${id!.toHexString()}/resend`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const resent = await bodyOf(res, z.object({ success: z.literal(true), message: z.string(), data: emailRecordSchema }));
    expect(resent.data).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await ctx.request('POST', `/api/v1/admin/emails/${id!.toHexString()}/resend`, { cookie: admin.cookie })).status).toBe(409);
    await mail.deliver();
    expect(await ctx.deps.cols.outbox.findOne({ _id: id! })).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(mail.to('kabir@test.betterhealth.in')).toHaveLength(1);
  });

  it('takes over a message whose sender died mid-lease, once the lease lapses', async () => {
    ctx.clock.set(START);
    const mail = await startTestMail(ctx);
    const [id] = await ctx.deps.outbox.enqueue([notice('lapsed@test.betterhealth.in')]);
    // A sender that leased it and died: its claim and the message's pushed-back time stay behind.
    const leaseUntil = new Date(ctx.clock.now().getTime() + FAST_SENDER.leaseMs!);
    await ctx.deps.cols.outboxClaims.insertOne({ _id: `${id!.toHexString()}:1`, owner: 'dead', expiresAt: leaseUntil });
    await ctx.deps.cols.outbox.updateOne({ _id: id! }, { $set: { status: 'sending', claims: 1, leaseUntil, nextAttemptAt: leaseUntil } });
    expect(await mail.sender.runOnce()).toBe(0);
    ctx.clock.set(leaseUntil.getTime() + 1);
    expect(await mail.sender.runOnce()).toBe(1);
    expect(await ctx.deps.cols.outbox.findOne({ _id: id! })).toMatchObject({ status: 'sent', claims: 2 });
    expect(mail.to('lapsed@test.betterhealth.in')).toHaveLength(1);
  });
});

describe('two API instances on one database', () => {
  const clients: ReturnType<typeof createMongoClient>[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close();
  });

  it('send each confirmation and each reminder exactly once', async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const meetings: string[] = [];
    const people: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const client = await ctx.createUser({ role: 'user' });
      const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
      people.push(client.email, doctor.email);
      const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
        cookie: admin.cookie,
        body: { clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-17', meetingTime: '06:00 PM', meetingLink: `https://meet.example.in/r${i}`, formLink: 'https://forms.example.in/f' },
      });
      expect(res.status).toBe(201);
      meetings.push(meetingResponse.parse(await res.json()).meeting._id);
    }
    const mailbox = new Mailbox();
    const url = await mailbox.listen();
    // Each instance: its own connection pool, its own SMTP connection, its own polling loop.
    const senders = await Promise.all(
      [0, 1].map(async () => {
        const client = createMongoClient(inject('mongoUri'), inject('mongoEngine'));
        clients.push(client);
        await client.connect();
        return new MailSender(
          { db: client.db(ctx.deps.db.databaseName), clock: ctx.clock, log: ctx.deps.log, documentKey: ctx.deps.config.documentKey, transport: createSmtpTransport(url), from: ctx.deps.config.mailFrom, publicOrigin: ctx.deps.config.publicOrigin },
          { ...FAST_SENDER, pollMs: 5, batch: 50 },
        );
      }),
    );
    const drained = async (expected: number) => {
      const deadline = Date.now() + 20_000;
      while (mailbox.messages.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // A little longer, so a duplicate would have time to arrive.
      await new Promise((r) => setTimeout(r, 300));
    };
    try {
      for (const s of senders) s.start();
      await drained(12);
      // All six start at 18:00 IST (12:30 UTC) on 17 June. Past every 24-hour reminder's time and
      // before any 1-hour one: 12 reminders due at once, then the 12 one-hour ones.
      ctx.clock.set('2026-06-16T13:00:00.000Z');
      await drained(24);
      ctx.clock.set('2026-06-17T12:00:00.000Z');
      await drained(36);
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
      await mailbox.close();
    }
    const received = mailbox.messages.map((m) => `${m.to.join(',')}|${m.subject.split(',')[0]}`);
    expect(received).toHaveLength(36);
    expect(new Set(received).size).toBe(36);
    for (const email of people) expect(mailbox.messages.filter((m) => m.to.includes(email))).toHaveLength(3);
    const docs = await ctx.deps.cols.outbox.find({ meetingId: { $in: meetings } }).toArray();
    expect(docs.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
  });
});

describe('when the sender looks', () => {
  it('looks when a message its process queued is due, not every short wait: once a minute when idle', async () => {
    // Real time here: the sender's waits are timers, and the messages are due by the system clock.
    const client = new MongoClient(inject('mongoUri'), { ...mongoClientOptions(inject('mongoEngine')), monitorCommands: true });
    await client.connect();
    const db = client.db(ctx.deps.db.databaseName);
    let looks = 0;
    client.on('commandStarted', (event) => {
      // A look lists the queue of unsent mail (outbox_queue).
      if (event.commandName === 'find' && event.command.find === 'outbox_queue') looks += 1;
    });
    const outbox = new Outbox(db, systemClock, ctx.deps.config.documentKey, ctx.deps.config.mailFrom);
    const mailbox = new Mailbox();
    const url = await mailbox.listen();
    const sender = new MailSender(
      { db, clock: systemClock, log: ctx.deps.log, documentKey: ctx.deps.config.documentKey, transport: createSmtpTransport(url), from: ctx.deps.config.mailFrom, publicOrigin: ctx.deps.config.publicOrigin },
      { ...FAST_SENDER, pollMs: 20, idleMs: 60_000 },
    );
    outbox.onQueued((dueAt) => sender.wake(dueAt));
    const arrived = async (count: number) => {
      const deadline = Date.now() + 5_000;
      while (mailbox.messages.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return mailbox.messages.length;
    };
    try {
      sender.start();
      await new Promise((r) => setTimeout(r, 50));
      const afterStart = looks;
      expect(afterStart).toBeGreaterThanOrEqual(1);
      // Idle: with a 20 ms short wait it would have looked about 25 times in half a second.
      await new Promise((r) => setTimeout(r, 500));
      expect(looks - afterStart).toBe(0);

      // Queued in this process: sent at once, not at the next idle look a minute later.
      await outbox.enqueue([notice('kabir.now@test.betterhealth.in')]);
      expect(await arrived(1)).toBe(1);

      // Queued for later: sent when it is due, not before and not a minute later.
      const queuedAt = Date.now();
      await outbox.enqueue([{ ...notice('kabir.later@test.betterhealth.in'), dueAt: new Date(queuedAt + 400) }]);
      await new Promise((r) => setTimeout(r, 200));
      expect(mailbox.messages).toHaveLength(1);
      expect(await arrived(2)).toBe(2);
      expect(Date.now() - queuedAt).toBeLessThan(5_000);
      expect(sender.ready()).toBe(true);
    } finally {
      await sender.stop();
      await mailbox.close();
      await client.close();
    }
  });
});

describe('the queue of unsent mail', () => {
  // On the embedded FerretDB anything but an _id filter reads the whole collection, and the outbox
  // keeps every message ever sent: about six for each meeting. A look, a meeting's cancellation and
  // a revoked invitation each read all of it (1.1 s of FerretDB's CPU at 20,000 messages) until
  // they went through the queue, which holds only what is still to be sent.
  it('a look, a cancelled meeting and a revoked invitation reach the outbox only by _id', async () => {
    ctx.clock.set(START);
    const client = new MongoClient(inject('mongoUri'), { ...mongoClientOptions(inject('mongoEngine')), monitorCommands: true });
    await client.connect();
    const db = client.db(ctx.deps.db.databaseName);
    const outboxFilters: Document[] = [];
    client.on('commandStarted', (event) => {
      const c = event.command;
      if (event.commandName === 'find' && c.find === 'outbox') outboxFilters.push(c.filter);
      if (event.commandName === 'update' && c.update === 'outbox') outboxFilters.push(...c.updates.map((u: Document) => u.q));
      if (event.commandName === 'delete' && c.delete === 'outbox') outboxFilters.push(...c.deletes.map((d: Document) => d.q));
    });
    const outbox = new Outbox(db, ctx.clock, ctx.deps.config.documentKey, ctx.deps.config.mailFrom);
    const mailbox = new Mailbox();
    const url = await mailbox.listen();
    const sender = new MailSender(
      { db, clock: ctx.clock, log: ctx.deps.log, documentKey: ctx.deps.config.documentKey, transport: createSmtpTransport(url), from: ctx.deps.config.mailFrom, publicOrigin: ctx.deps.config.publicOrigin },
      FAST_SENDER,
    );
    try {
      const meetingId = new ObjectId().toHexString();
      const later = new Date(Date.parse(START) + 2 * HOUR);
      const reminders = await outbox.enqueue(
        REMINDER_TEMPLATES.map((template) => ({ to: 'queue.client@test.betterhealth.in', template, data: { meetingId }, meetingId, dueAt: later })),
      );
      const [invitation] = await outbox.enqueue([{ to: 'queue.invited@test.betterhealth.in', template: 'invitation', data: { name: 'Isha', roleLabel: 'Client' }, link: 'https://x.test/i', dueAt: later }]);
      const [now] = await outbox.enqueue([notice('queue.now@test.betterhealth.in')]);
      expect(await ctx.deps.cols.outboxQueue.countDocuments({ _id: { $in: [...reminders, invitation!, now!] } })).toBe(4);

      expect(await sender.runOnce()).toBeGreaterThanOrEqual(1);
      expect(await ctx.deps.cols.outbox.findOne({ _id: now! })).toMatchObject({ status: 'sent' });
      expect(await outbox.cancelForMeeting(meetingId, REMINDER_TEMPLATES)).toBe(2);
      await outbox.cancelTo('queue.invited@test.betterhealth.in', 'invitation');

      for (const id of [...reminders, invitation!]) expect(await ctx.deps.cols.outbox.findOne({ _id: id })).toMatchObject({ status: 'cancelled', secret: null });
      // What is finished or cancelled has left the queue; nothing else was touched.
      expect(await ctx.deps.cols.outboxQueue.countDocuments({ _id: { $in: [...reminders, invitation!, now!] } })).toBe(0);
      ctx.clock.set(later.getTime() + MINUTE);
      await sender.runOnce();
      expect(mailbox.messages.map((m) => m.to.join())).toEqual(['queue.now@test.betterhealth.in']);

      expect(outboxFilters.length).toBeGreaterThan(0);
      for (const filter of outboxFilters) expect(filter, JSON.stringify(filter)).toHaveProperty('_id');
    } finally {
      await mailbox.close();
      await client.close();
    }
  });

  it('puts right an entry that does not match its message: finished, never written, or due later', async () => {
    ctx.clock.set(START);
    const mail = await startTestMail(ctx);
    const queue = ctx.deps.cols.outboxQueue;
    // Sent already, its entry left behind (its sender died between the two writes).
    const [sent] = await ctx.deps.outbox.enqueue([notice('queue.sent@test.betterhealth.in')]);
    await ctx.deps.cols.outbox.updateOne({ _id: sent! }, { $set: { status: 'sent', attempts: 1 } });
    // An entry whose message never came (its writer died after writing the entry).
    const orphan = new ObjectId();
    await queue.insertOne({ _id: orphan, nextAttemptAt: ctx.clock.now(), queuedAt: ctx.clock.now(), token: 'orphan', to: 'queue.orphan@test.betterhealth.in', template: 'password-changed', meetingId: null });
    // A message whose next try was pushed back, its entry still at the old time.
    const [retry] = await ctx.deps.outbox.enqueue([notice('queue.retry@test.betterhealth.in')]);
    const retryAt = new Date(ctx.clock.now().getTime() + 10 * MINUTE);
    await ctx.deps.cols.outbox.updateOne({ _id: retry! }, { $set: { nextAttemptAt: retryAt } });

    expect(await mail.sender.runOnce()).toBe(0);
    expect(await queue.findOne({ _id: sent! })).toBeNull();
    expect(await queue.findOne({ _id: retry! })).toMatchObject({ nextAttemptAt: retryAt });
    // The orphan may be a write still on its way: it stays for a lease's time, then goes.
    expect(await queue.findOne({ _id: orphan })).not.toBeNull();
    ctx.clock.advance(FAST_SENDER.leaseMs!);
    expect(await mail.sender.runOnce()).toBe(0);
    expect(await queue.findOne({ _id: orphan })).toBeNull();
    // The retry goes at its own time, not its entry's old one.
    expect(mail.to('queue.retry@test.betterhealth.in')).toHaveLength(0);
    ctx.clock.set(retryAt);
    expect(await mail.sender.runOnce()).toBe(1);
    expect(mail.to('queue.retry@test.betterhealth.in')).toHaveLength(1);
    expect(mail.to('queue.sent@test.betterhealth.in')).toHaveLength(0);
    expect(await queue.findOne({ _id: retry! })).toBeNull();
  });

  it('the migration queues what was left unsent before the queue existed, once', async () => {
    ctx.clock.set(START);
    const mail = await startTestMail(ctx);
    const [a, b] = await ctx.deps.outbox.enqueue([notice('queue.old-a@test.betterhealth.in'), notice('queue.old-b@test.betterhealth.in')]);
    // As an earlier version left them: in the outbox, with no entries.
    await ctx.deps.cols.outboxQueue.deleteMany({ _id: { $in: [a!, b!] } });
    const migrationContext = { db: ctx.deps.db, cols: ctx.deps.cols, documentKey: ctx.deps.config.documentKey };
    expect(await outboxQueueV1.run(migrationContext)).toMatch(/^Queued \d+ unsent email/);
    expect(await outboxQueueV1.run(migrationContext)).toBeNull();
    await mail.deliver();
    expect(mail.to('queue.old-a@test.betterhealth.in')).toHaveLength(1);
    expect(mail.to('queue.old-b@test.betterhealth.in')).toHaveLength(1);
  });
});
