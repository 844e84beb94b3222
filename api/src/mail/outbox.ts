import { ObjectId, type Db } from 'mongodb';
import type { EmailTemplate, OutboxStatus } from '@bh/shared';
import type { Clock } from '../lib/clock.ts';
import { encryptField } from '../lib/crypto.ts';

/**
 * One email, stored before anything is sent (DESIGN §7). `data` holds only what the template
 * shows: names, times, the meeting link. A one-time link (invitation, reset) is kept apart in
 * `secret`, encrypted with the document key, and removed once the email has gone.
 */
export interface OutboxDoc {
  _id: ObjectId;
  to: string;
  template: EmailTemplate;
  data: Record<string, string>;
  /** AES-256-GCM of the one-time link, bound to this message's id; null once sent. */
  secret: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When it should go (later than createdAt for reminders). */
  dueAt: Date;
  /** When a sender may next pick it up: its due time, the next retry, or the end of a lease. */
  nextAttemptAt: Date;
  /** A message not sent by then is dropped as `expired` (a reminder for a meeting that started). */
  expiresAt: Date | null;
  /** The meeting it is about, so deleting the meeting can cancel its reminders. */
  meetingId: string | null;
  /** How many leases have been taken on it; the next claim is `<id>:<claims + 1>`. */
  claims: number;
  leaseUntil: Date | null;
  sentAt: Date | null;
}

/** The claim of one lease on one message: its unique _id makes the lease exclusive. */
export interface OutboxClaimDoc {
  _id: string;
  owner: string;
  expiresAt: Date;
}

export function outboxCollection(db: Db) {
  return db.collection<OutboxDoc>('outbox');
}

export function outboxClaimsCollection(db: Db) {
  return db.collection<OutboxClaimDoc>('outbox_claims');
}

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
    await outboxCollection(this.#db).insertMany(docs);
    return docs.map((d) => d._id);
  }

  /** Cancels what has not gone yet for a meeting (its reminders when it is deleted). */
  async cancelForMeeting(meetingId: string, templates: readonly EmailTemplate[]): Promise<number> {
    const res = await outboxCollection(this.#db).updateMany(
      { meetingId, status: 'pending', template: { $in: [...templates] } },
      { $set: { status: 'cancelled', secret: null } },
    );
    return res.modifiedCount;
  }

  /** Cancels unsent messages of one template to one address (an invitation that was revoked). */
  async cancelTo(to: string, template: EmailTemplate): Promise<void> {
    await outboxCollection(this.#db).updateMany({ to, template, status: 'pending' }, { $set: { status: 'cancelled', secret: null } });
  }

  /** A failed message goes back in the queue with fresh tries; returns false when it was not failed. */
  async resend(id: ObjectId): Promise<boolean> {
    const doc = await outboxCollection(this.#db).findOne({ _id: id });
    if (!doc || doc.status !== 'failed') return false;
    const now = this.#clock.now();
    const res = await outboxCollection(this.#db).updateOne(
      { _id: id, status: 'failed' },
      { $set: { status: 'pending', attempts: 0, nextAttemptAt: now, leaseUntil: null } },
    );
    return res.modifiedCount === 1;
  }
}

/** Housekeeping: leases of senders that died hold nothing once lapsed (no TTL indexes on FerretDB). */
export async function purgeLapsedClaims(deps: { db: Db; clock: Clock }): Promise<void> {
  const dayAgo = new Date(deps.clock.now().getTime() - 24 * 60 * 60 * 1000);
  await outboxClaimsCollection(deps.db).deleteMany({ expiresAt: { $lte: dayAgo } });
}
