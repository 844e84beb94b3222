import { ObjectId, type Db } from 'mongodb';
import type { EmailTemplate } from '@bh/shared';
import type { Clock } from '../lib/clock.ts';
import { encryptField } from '../lib/crypto.ts';
import { collections, type OutboxDoc } from '../db/collections.ts';

export const secretContext = (id: ObjectId) => `outbox:${id.toHexString()}`;

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

/** Writes messages to the outbox; the sender (sender.ts) delivers them. */
export class Outbox {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #key: Buffer;
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

  constructor(db: Db, clock: Clock, documentKey: Buffer) {
    this.#db = db;
    this.#clock = clock;
    this.#key = documentKey;
  }

  async enqueue(emails: NewEmail[]): Promise<ObjectId[]> {
    if (emails.length === 0) return [];
    const now = this.#clock.now();
    const docs: OutboxDoc[] = emails.map((e) => {
      const _id = new ObjectId();
      const due = e.dueAt ?? now;
      return {
        _id,
        to: e.to,
        template: e.template,
        data: e.data,
        secret: e.link ? encryptField(this.#key, e.link, secretContext(_id)) : null,
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
      };
    });
    await collections(this.#db).outbox.insertMany(docs);
    this.#queued(new Date(Math.min(...docs.map((d) => d.dueAt.getTime()))));
    return docs.map((d) => d._id);
  }

  /** Cancels what has not gone yet for a meeting (its reminders when it is deleted). */
  async cancelForMeeting(meetingId: string, templates: readonly EmailTemplate[]): Promise<number> {
    const res = await collections(this.#db).outbox.updateMany(
      { meetingId, status: 'pending', template: { $in: [...templates] } },
      { $set: { status: 'cancelled', secret: null } },
    );
    return res.modifiedCount;
  }

  /** Cancels unsent messages of one template to one address (an invitation that was revoked). */
  async cancelTo(to: string, template: EmailTemplate): Promise<void> {
    await collections(this.#db).outbox.updateMany({ to, template, status: 'pending' }, { $set: { status: 'cancelled', secret: null } });
  }

  /** A failed message goes back in the queue with fresh tries; returns false when it was not failed. */
  async resend(id: ObjectId): Promise<boolean> {
    const doc = await collections(this.#db).outbox.findOne({ _id: id });
    if (!doc || doc.status !== 'failed') return false;
    const now = this.#clock.now();
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
