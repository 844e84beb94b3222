import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError, ObjectId, type Db } from 'mongodb';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../lib/clock.ts';
import { decryptField } from '../lib/crypto.ts';
import type { Logger } from '../lib/logger.ts';
import { findMeeting } from '../domain/meetings/meetings.store.ts';
import { legacyMessageId, messageIdDomain, queueEntry, secretContext } from './outbox.ts';
import { renderEmail, REMINDER_TEMPLATES } from './templates.ts';
import { addressOf } from './transport.ts';
import { collections, type OutboxDoc, type OutboxQueueDoc } from '../db/collections.ts';

export interface SenderSettings {
  /** The shortest wait between two looks at the outbox that nothing asked for. */
  pollMs: number;
  /**
   * The longest an idle sender waits before it looks again, when it knows of nothing due sooner: it
   * looks when a message queued in its own process is due (`wake`), when the earliest unfinished
   * message is due, and otherwise this often, for messages other instances queued and did not send.
   */
  idleMs: number;
  /** First retry after this long, doubling each try up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Tries before a message is `failed`. */
  maxAttempts: number;
  /** How long one sender holds a message; longer than the SMTP timeouts, so a lease never lapses mid-send. */
  leaseMs: number;
  /** Messages claimed per poll. */
  batch: number;
  /**
   * After SMTP accepted a message, its "sent" mark is tried this many times, waiting markRetryMs,
   * then twice that…, between tries: a database blip then costs no second copy. Should every try
   * fail, the message goes again once its lease lapses, under the same Message-ID.
   */
  markTries: number;
  markRetryMs: number;
  /** `failing()` once SMTP has refused every try for this long (MAIL_FAILING_MS). */
  failingMs: number;
}

export const DEFAULT_SENDER_SETTINGS: SenderSettings = {
  pollMs: 2_000,
  idleMs: 60_000,
  backoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
  maxAttempts: 6,
  leaseMs: 120_000,
  batch: 20,
  // 0.5 + 1 + 2 + 4 + 8 s of waits, each try bounded by the driver's 2 s server selection: well
  // inside the lease.
  markTries: 6,
  markRetryMs: 500,
  failingMs: 15 * 60_000,
};

export interface SenderDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  documentKey: Buffer;
  transport: Transporter;
  from: string;
  publicOrigin: string;
}

function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}

/** Retry n (1-based) waits backoff·2^(n-1), capped. */
export function backoffDelay(settings: Pick<SenderSettings, 'backoffMs' | 'maxBackoffMs'>, attempts: number): number {
  return Math.min(settings.backoffMs * 2 ** Math.max(0, attempts - 1), settings.maxBackoffMs);
}

/**
 * Delivers the outbox. Any number of senders (one per API instance) may run on one database:
 *
 * A message is leased by inserting `<id>:<n>` into outbox_claims, where n is one more than the
 * leases the message has had. The unique _id lets exactly one sender win lease n, on MongoDB and
 * on FerretDB alike (FerretDB 1.24 applies a conditional findOneAndUpdate as a read and a
 * separate write, so two senders could both "win" one). The winner then re-reads the message by
 * _id and goes on only if nobody has leased or finished it since it was listed. A lease that
 * lapses (its sender died) lets the next sender take lease n+1; the message's nextAttemptAt is
 * pushed past the lease while it is held, so it is not listed again meanwhile.
 */
export class MailSender {
  readonly #deps: SenderDeps;
  readonly #settings: SenderSettings;
  readonly #owner = randomUUID();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = true;
  /** When the next look is set for (Date.now() time); Infinity while one runs. */
  #nextLookAt = Number.POSITIVE_INFINITY;
  /** Woken while a look ran, for this time (the clock's): the look may not have seen that message. */
  #wokenFor: number | null = null;
  /** Wall-clock time of the last poll that reached the database (for readiness). */
  #lastPollOk = 0;
  /** The clock's time of the first SMTP refusal since a message was last accepted; null after an acceptance. */
  #refusedSince: number | null = null;

  constructor(deps: SenderDeps, settings: Partial<SenderSettings> = {}) {
    this.#deps = deps;
    this.#settings = { ...DEFAULT_SENDER_SETTINGS, ...settings };
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops polling and waits for a send in progress to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** Ready when running and a look reached the outbox recently (within its idle wait and 30 s). */
  ready(): boolean {
    return !this.#stopped && Date.now() - this.#lastPollOk <= this.#settings.idleMs + Math.max(3 * this.#settings.pollMs, 30_000);
  }

  /**
   * Something may be due at `at` (now by default): a message queued or queued again in this process
   * (`Outbox.onQueued`), or the test clock moved. Looks then, unless a look is set for sooner.
   */
  wake(at: Date = this.#deps.clock.now()): void {
    if (this.#stopped) return;
    if (this.#nextLookAt === Number.POSITIVE_INFINITY) {
      this.#wokenFor = Math.min(this.#wokenFor ?? Number.POSITIVE_INFINITY, at.getTime());
      return;
    }
    const delay = Math.max(0, at.getTime() - this.#deps.clock.now().getTime());
    if (Date.now() + delay < this.#nextLookAt) this.#schedule(delay);
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#nextLookAt = Date.now() + ms;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#nextLookAt = Number.POSITIVE_INFINITY;
      this.#running = this.#pass()
        .then(({ handled, listed, nextDue }) => {
          this.#lastPollOk = Date.now();
          const now = this.#deps.clock.now().getTime();
          const woken = this.#wokenFor === null ? Number.POSITIVE_INFINITY : Math.max(0, this.#wokenFor - now);
          this.#wokenFor = null;
          // Sent something (more may be waiting): at once. Listed due messages it could not lease
          // (another sender's): after the short wait. Else when the earliest unfinished message is
          // due, within the idle wait, or sooner for one queued while it looked.
          if (handled > 0) return this.#schedule(0);
          const untilDue = nextDue ? nextDue.getTime() - now : Number.POSITIVE_INFINITY;
          const planned = listed > 0 ? this.#settings.pollMs : Math.min(this.#settings.idleMs, Math.max(this.#settings.pollMs, untilDue));
          this.#schedule(Math.min(planned, woken));
        })
        .catch((err: unknown) => {
          // The database may be away for a while; the next look tries again.
          this.#wokenFor = null;
          this.#deps.log.error('mail sender poll failed', { error: err instanceof Error ? err.name : 'unknown' });
          this.#schedule(this.#settings.pollMs);
        });
    }, ms);
    this.#timer.unref();
  }

  /**
   * SMTP has refused every try of this sender for `failingMs` (the first refusal that long ago,
   * none accepted since): readiness says `outbox: failing`. One accepted message clears it.
   */
  failing(): boolean {
    return this.#refusedSince !== null && this.#deps.clock.now().getTime() - this.#refusedSince >= this.#settings.failingMs;
  }

  #smtpRefused(): void {
    this.#refusedSince ??= this.#deps.clock.now().getTime();
  }

  #smtpAccepted(): void {
    this.#refusedSince = null;
  }

  /** One pass: leases and handles each due message; returns how many it handled. */
  async runOnce(): Promise<number> {
    return (await this.#pass()).handled;
  }

  /**
   * Lists the queue of unfinished messages in the order they are due (one more than a batch, to
   * learn when the next one is due), then leases and handles those due now. The queue holds only
   * unfinished messages, so a look reads a few entries, not the whole outbox.
   */
  async #pass(): Promise<{ handled: number; listed: number; nextDue: Date | null }> {
    const now = this.#deps.clock.now();
    const entries = await collections(this.#deps.db).outboxQueue
      .find({})
      .sort({ nextAttemptAt: 1, _id: 1 })
      .limit(this.#settings.batch + 1)
      .toArray();
    const due = entries.filter((entry) => entry.nextAttemptAt <= now).slice(0, this.#settings.batch);
    const nextDue = entries.find((entry) => entry.nextAttemptAt > now)?.nextAttemptAt ?? null;
    let handled = 0;
    for (const entry of due) {
      const lease = await this.#claim(entry);
      if (!lease) continue;
      try {
        await this.#deliver(lease.doc);
      } finally {
        await collections(this.#deps.db).outboxClaims.deleteOne({ _id: lease.claimId, owner: this.#owner });
      }
      handled += 1;
    }
    return { handled, listed: due.length, nextDue };
  }

  /**
   * Reads the entry's message (it decides) and leases it if it is due. An entry that no longer
   * matches its message is put right: removed when the message is finished, or never came (its
   * writer died between the two writes; given a lease's time to arrive), moved to the message's time
   * when that is later (a retry, another sender's lease). Each correction holds only if the entry is
   * still the one read (its token), so a newer write by another instance stands.
   */
  async #claim(entry: OutboxQueueDoc): Promise<{ doc: OutboxDoc; claimId: string } | null> {
    const { db, clock } = this.#deps;
    const { outbox, outboxQueue, outboxClaims: claims } = collections(db);
    const now = clock.now();
    const listed = await outbox.findOne({ _id: entry._id });
    if (!listed || (listed.status !== 'pending' && listed.status !== 'sending')) {
      if (listed || entry.queuedAt.getTime() + this.#settings.leaseMs <= now.getTime()) {
        await outboxQueue.deleteOne({ _id: entry._id, token: entry.token });
      }
      return null;
    }
    if (listed.nextAttemptAt > now) {
      await outboxQueue.updateOne({ _id: entry._id, token: entry.token }, { $set: { nextAttemptAt: listed.nextAttemptAt } });
      return null;
    }
    const leaseUntil = new Date(now.getTime() + this.#settings.leaseMs);
    let n = listed.claims + 1;
    let claimId: string | null = null;
    // A few lapsed leases in a row (senders that died) are stepped over; a live one stops us.
    for (let tries = 0; tries < 5 && !claimId; tries += 1, n += 1) {
      const id = `${listed._id.toHexString()}:${n}`;
      try {
        await claims.insertOne({ _id: id, owner: this.#owner, expiresAt: leaseUntil });
        claimId = id;
        break;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await claims.findOne({ _id: id });
      if (held && held.expiresAt > now) return null;
    }
    if (!claimId) return null;
    const current = await outbox.findOne({ _id: listed._id });
    const stillOurs =
      current &&
      (current.status === 'pending' || current.status === 'sending') &&
      current.claims < n &&
      current.nextAttemptAt <= now;
    if (!stillOurs) {
      await claims.deleteOne({ _id: claimId, owner: this.#owner });
      return null;
    }
    await outbox.updateOne({ _id: listed._id }, { $set: { status: 'sending', claims: n, leaseUntil, nextAttemptAt: leaseUntil } });
    return { doc: { ...current, claims: n }, claimId };
  }

  /** Records how a try ended; the queue entry follows: a new time for a retry, gone once finished. */
  async #finish(doc: OutboxDoc, set: Partial<OutboxDoc>): Promise<void> {
    const { outbox, outboxQueue } = collections(this.#deps.db);
    await outbox.updateOne({ _id: doc._id }, { $set: { leaseUntil: null, ...set } });
    if (set.status === 'pending' && set.nextAttemptAt) {
      await outboxQueue.replaceOne({ _id: doc._id }, queueEntry({ ...doc, nextAttemptAt: set.nextAttemptAt }, this.#deps.clock.now()), { upsert: true });
    } else {
      await outboxQueue.deleteOne({ _id: doc._id });
    }
  }

  async #deliver(doc: OutboxDoc): Promise<void> {
    const { db, clock, log, transport, from, publicOrigin, documentKey } = this.#deps;
    const now = clock.now();
    if (doc.expiresAt && now >= doc.expiresAt) {
      await this.#finish(doc, { status: 'expired', secret: null });
      return;
    }
    if (doc.meetingId && REMINDER_TEMPLATES.includes(doc.template)) {
      // A reminder for a meeting deleted, cancelled or moved after it was queued is not sent.
      const meeting = ObjectId.isValid(doc.meetingId) ? await findMeeting(db, new ObjectId(doc.meetingId)) : null;
      const current = meeting && (meeting.status ?? 'scheduled') === 'scheduled' && meeting.startsAt.toISOString() === doc.data.startsAt;
      if (!current) {
        await this.#finish(doc, { status: 'cancelled' });
        return;
      }
    }
    const attempts = doc.attempts + 1;
    let accepted = false;
    let handedToSmtp = false;
    try {
      const link = doc.secret ? decryptField(documentKey, doc.secret, secretContext(doc._id)) : undefined;
      const email = renderEmail(doc.template, doc.data, { origin: publicOrigin, organizerEmail: addressOf(from), ...(link ? { link } : {}) });
      handedToSmtp = true;
      await transport.sendMail({
        from,
        to: doc.to,
        // The same on every try (stored when queued): a copy sent again is the same email.
        messageId: doc.messageId ?? legacyMessageId(doc._id, messageIdDomain(from)),
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.calendar
          ? {
              attachments: [
                {
                  filename: email.calendar.method === 'CANCEL' ? 'cancelled-session.ics' : 'session.ics',
                  content: email.calendar.content,
                  contentType: `text/calendar; charset=utf-8; method=${email.calendar.method}`,
                },
              ],
            }
          : {}),
      });
      accepted = true;
    } catch (err) {
      // Only the kind of failure is kept: SMTP replies may echo addresses, never bodies.
      const reason = describeError(err);
      const failed = attempts >= this.#settings.maxAttempts;
      const retryAt = new Date(clock.now().getTime() + backoffDelay(this.#settings, attempts));
      // A refusal, or a server that never answered: what readiness's "failing" counts.
      if (handedToSmtp) this.#smtpRefused();
      await this.#finish(doc, { status: failed ? 'failed' : 'pending', attempts, lastError: reason, nextAttemptAt: retryAt });
      log.error(failed ? 'email failed' : 'email will be retried', { id: doc._id.toHexString(), template: doc.template, attempts, reason });
    }
    if (!accepted) return;
    this.#smtpAccepted();
    // SMTP has it. A database that fails now is not an SMTP failure: the mark is tried again, and
    // if it never lands the message goes again after its lease, under the same Message-ID.
    for (let tries = 1; ; tries += 1) {
      try {
        await this.#finish(doc, { status: 'sent', attempts, sentAt: clock.now(), lastError: null, secret: null });
        break;
      } catch (err) {
        if (tries >= this.#settings.markTries) throw err;
        log.error('email sent, its mark will be tried again', { id: doc._id.toHexString(), template: doc.template, tries });
        await sleep(this.#settings.markRetryMs * 2 ** (tries - 1));
      }
    }
    log.info('email sent', { id: doc._id.toHexString(), template: doc.template, attempts });
  }
}

function describeError(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
    const parts = [e.code, e.responseCode].filter((p) => typeof p === 'string' || typeof p === 'number');
    const message = typeof e.message === 'string' ? e.message.split('\n')[0]!.slice(0, 200) : '';
    return [...parts, message].filter(Boolean).join(' ').slice(0, 300) || 'send failed';
  }
  return 'send failed';
}
