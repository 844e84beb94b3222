import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { DbProxy } from '../../test/db-proxy.ts';
import { FAST_SENDER } from '../../test/mail.ts';
import { mongoClientOptions } from '../lib/mongo.ts';
import { Mailbox } from './mailbox.ts';
import { MailSender } from './sender.ts';
import { createSmtpTransport } from './transport.ts';

/**
 * Issue 47, item 6: SMTP accepted a message, the database blipped as the sender marked it sent,
 * and the message went again a minute later under a new Message-ID, so mail clients showed it
 * twice. Here the blip is real: the sender reaches the database through a TCP proxy that closes
 * the connection carrying the "sent" mark, and the SMTP server is a real one on a real port.
 */
let ctx: TestContext;
let proxy: DbProxy;
const clients: MongoClient[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  proxy = new DbProxy(inject('mongoUri'));
  await proxy.listen();
});
afterAll(async () => {
  for (const c of clients) await c.close(true);
  await proxy.close();
});

const START = '2026-06-15T06:30:00.000Z';
const notice = (to: string) => ({ to, template: 'password-changed' as const, data: { name: 'Kabir', changedAt: START } });

/** A sender on its own connection through the proxy, delivering to `mailbox`. */
async function senderThroughProxy(mailbox: Mailbox, serverSelectionTimeoutMS: number) {
  const client = new MongoClient(proxy.uri, { ...mongoClientOptions(inject('mongoEngine')), serverSelectionTimeoutMS, connectTimeoutMS: serverSelectionTimeoutMS });
  clients.push(client);
  await client.connect();
  const url = `smtp://127.0.0.1:${mailbox.port}`;
  return new MailSender(
    { db: client.db(ctx.deps.db.databaseName), clock: ctx.clock, log: ctx.deps.log, documentKey: ctx.deps.config.documentKey, transport: createSmtpTransport(url), from: ctx.deps.config.mailFrom, publicOrigin: ctx.deps.config.publicOrigin },
    FAST_SENDER,
  );
}

/** Runs the sender until nothing is due; a pass the database refused counts as nothing sent. */
async function drain(sender: MailSender): Promise<void> {
  for (let i = 0; i < 10; i += 1) if ((await sender.runOnce()) === 0) break;
}

/** The Message-IDs of the emails `mailbox` received for `to`, newest first. */
const received = (mailbox: Mailbox, to: string) => mailbox.messages.filter((m) => m.to.includes(to)).map((m) => m.messageId);

describe('a database blip after SMTP accepted the message', () => {
  it('the message is queued with its Message-ID, and the email carries it', async () => {
    ctx.clock.set(START);
    const mailbox = new Mailbox();
    await mailbox.listen();
    try {
      const sender = await senderThroughProxy(mailbox, 5_000);
      const [id] = await ctx.deps.outbox.enqueue([notice('mid.plain@test.betterhealth.in')]);
      const queued = await ctx.deps.cols.outbox.findOne({ _id: id! });
      expect(queued?.messageId).toMatch(/^<[0-9a-f]{24}\.[0-9a-f]{32}@betterhealth\.example>$/);
      await drain(sender);
      expect(received(mailbox, 'mid.plain@test.betterhealth.in')).toEqual([queued!.messageId]);
    } finally {
      await mailbox.close();
    }
  });

  it('a message queued by an earlier version, with no stored Message-ID, gets one from its id, the same on every try', async () => {
    ctx.clock.set(START);
    let refusals = 1;
    const mailbox = new Mailbox({ rejectWith: ({ to }) => (to.includes('mid.legacy@test.betterhealth.in') && refusals-- > 0 ? { code: 451, message: 'Try again later' } : null) });
    await mailbox.listen();
    try {
      const sender = await senderThroughProxy(mailbox, 5_000);
      const [id] = await ctx.deps.outbox.enqueue([notice('mid.legacy@test.betterhealth.in')]);
      await ctx.deps.cols.outbox.updateOne({ _id: id! }, { $unset: { messageId: '' } });
      await drain(sender);
      ctx.clock.advance(FAST_SENDER.maxBackoffMs!);
      await drain(sender);
      expect(mailbox.transactions).toBe(2);
      expect(received(mailbox, 'mid.legacy@test.betterhealth.in')).toEqual([`<${id!.toHexString()}@betterhealth.example>`]);
    } finally {
      await mailbox.close();
    }
  });

  it('a blip under the "sent" mark: the mark is tried again and the email goes once', async () => {
    ctx.clock.set(START);
    let cut: Promise<void> | null = null;
    // Accepts the message, and as it does the next write to the outbox (the "sent" mark) is cut
    // and the database is away for 300 ms.
    const mailbox = new Mailbox({
      rejectWith: ({ to }) => {
        if (to.includes('mid.blip@test.betterhealth.in')) cut ??= proxy.cutNextWriteTo('outbox', 300);
        return null;
      },
    });
    await mailbox.listen();
    try {
      const sender = await senderThroughProxy(mailbox, 10_000);
      const [id] = await ctx.deps.outbox.enqueue([notice('mid.blip@test.betterhealth.in')]);
      await drain(sender);
      expect(cut).not.toBeNull();
      await cut;
      expect(proxy.cuts).toBeGreaterThanOrEqual(1);
      // A minute on (the first retry's wait) and past any lease: nothing goes again.
      ctx.clock.advance(FAST_SENDER.leaseMs! + 60_000);
      await drain(sender);
      expect(received(mailbox, 'mid.blip@test.betterhealth.in')).toHaveLength(1);
      expect(await ctx.deps.cols.outbox.findOne({ _id: id! })).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(await ctx.deps.cols.outboxQueue.findOne({ _id: id! })).toBeNull();
    } finally {
      await mailbox.close();
    }
  });

  it('a database away for longer than the mark\'s tries: the message goes again under the same Message-ID', async () => {
    ctx.clock.set(START);
    let accepted = 0;
    // The database goes away as the first copy is accepted, and stays away until the test says.
    const mailbox = new Mailbox({
      rejectWith: ({ to }) => {
        if (!to.includes('mid.away@test.betterhealth.in')) return null;
        accepted += 1;
        if (accepted === 1) proxy.down();
        return null;
      },
    });
    await mailbox.listen();
    try {
      const sender = await senderThroughProxy(mailbox, 300);
      const [id] = await ctx.deps.outbox.enqueue([notice('mid.away@test.betterhealth.in')]);
      await expect(sender.runOnce()).rejects.toThrow();
      expect(received(mailbox, 'mid.away@test.betterhealth.in')).toHaveLength(1);
      proxy.up();
      // Nobody knows it went: once its lease has lapsed it is sent again, as it must be.
      ctx.clock.advance(FAST_SENDER.leaseMs! + 1);
      await drain(sender);
      expect(received(mailbox, 'mid.away@test.betterhealth.in')).toHaveLength(2);
      const stored = await ctx.deps.cols.outbox.findOne({ _id: id! });
      expect(stored).toMatchObject({ status: 'sent' });
      // The same Message-ID both times, the one stored with the message: a mail client shows one email.
      expect(received(mailbox, 'mid.away@test.betterhealth.in')).toEqual([stored!.messageId, stored!.messageId]);
    } finally {
      proxy.up();
      await mailbox.close();
    }
  });
});
