import { randomBytes, randomUUID } from 'node:crypto';
import { ObjectId, type Db } from 'mongodb';
import type { EmailTemplate } from '@bh/shared';
import type { Clock } from '../lib/clock.ts';
import { encryptField } from '../lib/crypto.ts';
import { collections, type OutboxDoc, type OutboxQueueDoc } from '../db/collections.ts';
import { addressOf } from './transport.ts';

export const secretContext = (id: ObjectId) => `outbox:${id.toHexString()}`;

/** The domain of MAIL_FROM's address, for Message-IDs ('Better Health <care@example.in>' → 'example.in'). */
export function messageIdDomain(mailFrom: string): string {
  const address = addressOf(mailFrom);
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * A message's Message-ID, made once when it is queued and stored with it: every try sends the same
 * one, so a copy sent again after a lost "sent" mark is the same email to a mail client.
 */
export function newMessageId(id: ObjectId, domain: string): string {
  return `<${id.toHexString()}.${randomBytes(16).toString('hex')}@${domain}>`;
}

/** The Message-ID of a message queued before they were stored: from its id, the same on every try. */
export const legacyMessageId = (id: ObjectId, domain: string) => `<${id.toHexString()}@${domain}>`;

/** The queue entry of an unfinished message (collections.ts, `OutboxQueueDoc`), written at `at`. */
export function queueEntry(doc: Pick<OutboxDoc, '_id' | 'to' | 'template' | 'meetingId' | 'nextAttemptAt' | 'dueAt'>, at: Date): OutboxQueueDoc {
  return { _id: doc._id, nextAttemptAt: doc.nextAttemptAt, dueAt: doc.dueAt, queuedAt: at, token: randomUUID(), to: doc.to, template: doc.template, meetingId: doc.meetingId };
}

export interface NewEmail {
  to: string;
  template: EmailTemplate;
  data: Record<string, string>;
  /** A one-time link: stored encrypted, never shown in the admin grid, removed after sending. */
  link?: string;
  dueAt?: Date;
  expiresAt?: Date;
  meetingId?: string;
}

/**
 * Writes new messages (pending, due at their time or now) with their queue entries, the entries
 * first: a message is never unfinished without one, so a sender always finds it. Each gets its
 * Message-ID here, unless `messageIdDomain` is null (a migration, which has no MAIL_FROM: the
 * sender then sends `<id@domain>`, the same on every try).
 */
export async function writeOutboxDocs(
  db: Db,
  emails: readonly NewEmail[],
  options: { now: Date; documentKey: Buffer; messageIdDomain: string | null },
): Promise<OutboxDoc[]> {
  const { now, documentKey, messageIdDomain: domain } = options;
  const docs: OutboxDoc[] = emails.map((e) => {
    const _id = new ObjectId();
    const due = e.dueAt ?? now;
    return {
      _id,
      to: e.to,
      template: e.template,
      data: e.data,
      secret: e.link ? encryptField(documentKey, e.link, secretContext(_id)) : null,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: now,
      dueAt: due,
      nextAttemptAt: due,
      expiresAt: e.expiresAt ?? null,
      meetingId: e.meetingId ?? null,
      claims: 0,
      leaseUntil: null,
      sentAt: null,
      ...(domain ? { messageId: newMessageId(_id, domain) } : {}),
    };
  });
  if (docs.length === 0) return docs;
  await collections(db).outboxQueue.insertMany(docs.map((d) => queueEntry(d, now)));
  await collections(db).outbox.insertMany(docs);
  return docs;
}

/** Writes messages to the outbox; the sender (sender.ts) delivers them. */
export class Outbox {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #key: Buffer;
  readonly #domain: string;
  readonly #listeners = new Set<(dueAt: Date) => void>();

  /**
   * Calls `listener` with the earliest due time of the messages this process has just queued (or
   * queued again), so that its sender looks at once, or then, instead of at its next idle look.
   */
  onQueued(listener: (dueAt: Date) => void): void {
    this.#listeners.add(listener);
  }

  #queued(dueAt: Date): void {
    for (const listener of this.#listeners) listener(dueAt);
  }

  /** `mailFrom` (MAIL_FROM) gives the domain of the messages' Message-IDs. */
  constructor(db: Db, clock: Clock, documentKey: Buffer, mailFrom: string) {
    this.#db = db;
    this.#clock = clock;
    this.#key = documentKey;
    this.#domain = messageIdDomain(mailFrom);
  }

  async enqueue(emails: NewEmail[]): Promise<ObjectId[]> {
    if (emails.length === 0) return [];
    const now = this.#clock.now();
    const docs = await writeOutboxDocs(this.#db, emails, { now, documentKey: this.#key, messageIdDomain: this.#domain });
    this.#queued(new Date(Math.min(...docs.map((d) => d.dueAt.getTime()))));
    return docs.map((d) => d._id);
  }

  /** Cancels what has not gone yet for a meeting (its reminders when it is deleted). */
  async cancelForMeeting(meetingId: string, templates: readonly EmailTemplate[]): Promise<number> {
    return this.#cancel(await collections(this.#db).outboxQueue.find({ meetingId, template: { $in: [...templates] } }).toArray());
  }

  /** Cancels unsent messages of one template to one address (an invitation that was revoked). */
  async cancelTo(to: string, template: EmailTemplate): Promise<void> {
    await this.#cancel(await collections(this.#db).outboxQueue.find({ to, template }).toArray());
  }

  /**
   * Cancels the messages of these queue entries that are still pending (one is being sent: it goes
   * as it is), each by `_id`, and removes their entries; returns how many it cancelled.
   */
  async #cancel(entries: readonly OutboxQueueDoc[]): Promise<number> {
    const { outbox, outboxQueue } = collections(this.#db);
    const results = await Promise.all(
      entries.map((e) => outbox.updateOne({ _id: e._id, status: 'pending' }, { $set: { status: 'cancelled', secret: null } })),
    );
    const cancelled = entries.filter((_, i) => results[i]!.modifiedCount === 1);
    if (cancelled.length > 0) await outboxQueue.bulkWrite(cancelled.map((e) => ({ deleteOne: { filter: { _id: e._id } } })));
    return cancelled.length;
  }

  /** A failed message goes back in the queue with fresh tries; returns false when it was not failed. */
  async resend(id: ObjectId): Promise<boolean> {
    const doc = await collections(this.#db).outbox.findOne({ _id: id });
    if (!doc || doc.status !== 'failed') return false;
    const now = this.#clock.now();
    // Its entry before the message is pending again (as enqueue does); it waits from now.
    await collections(this.#db).outboxQueue.replaceOne({ _id: id }, queueEntry({ ...doc, nextAttemptAt: now, dueAt: now }, now), { upsert: true });
    const res = await collections(this.#db).outbox.updateOne(
      { _id: id, status: 'failed' },
      { $set: { status: 'pending', attempts: 0, nextAttemptAt: now, leaseUntil: null } },
    );
    if (res.modifiedCount === 1) this.#queued(now);
    return res.modifiedCount === 1;
  }
}

/** Housekeeping: leases of senders that died hold nothing once lapsed (no TTL indexes on FerretDB). */
export async function purgeLapsedClaims(deps: { db: Db; clock: Clock }): Promise<void> {
  const dayAgo = new Date(deps.clock.now().getTime() - 24 * 60 * 60 * 1000);
  await collections(deps.db).outboxClaims.deleteMany({ expiresAt: { $lte: dayAgo } });
}
