import { createHash, randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { readById } from '../db/read-by-id.ts';
import type { Clock } from './clock.ts';
import type { Collections, SessionDoc } from '../db/collections.ts';
import { networkOf } from './network.ts';
import { isStorageFull } from './errors.ts';

export const SESSION_COOKIE = 'bh_session';

/** Idle (sliding) and absolute lifetimes; "remember me" stretches both. */
export const SESSION_POLICY = {
  standard: { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 },
  remembered: { idleMs: 7 * 24 * 60 * 60 * 1000, absoluteMs: 30 * 24 * 60 * 60 * 1000 },
  /** Sliding the idle expiry at most once a minute keeps reads from turning into writes. */
  touchEveryMs: 60 * 1000,
} as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  readonly #col: Collections['sessions'];
  readonly #clock: Clock;

  constructor(col: Collections['sessions'], clock: Clock) {
    this.#col = col;
    this.#clock = clock;
  }

  /**
   * A fresh 256-bit token for every login; only its hash is stored, with the browser's name and
   * the address range it came from (for the person's own list of devices).
   */
  async create(userId: ObjectId, remember: boolean, from?: { userAgent?: string | undefined; ip?: string | undefined }): Promise<{ token: string; session: SessionDoc }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#clock.now();
    const policy = remember ? SESSION_POLICY.remembered : SESSION_POLICY.standard;
    const session: SessionDoc = {
      _id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + policy.idleMs),
      absoluteExpiresAt: new Date(now.getTime() + policy.absoluteMs),
      remember,
      userAgent: from?.userAgent ? from.userAgent.slice(0, 512) : null,
      ...networkOf(from?.ip),
    };
    await this.#col.insertOne(session);
    return { token, session };
  }

  /** The live session for a cookie token, sliding its idle expiry; null when unknown or expired. */
  async resolve(token: string): Promise<SessionDoc | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const id = hashToken(token);
    const session = await readById(this.#col, id);
    if (!session) return null;
    const now = this.#clock.now();
    if (now >= session.idleExpiresAt || now >= session.absoluteExpiresAt) {
      await this.#col.deleteOne({ _id: id });
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_POLICY.touchEveryMs) {
      const policy = session.remember ? SESSION_POLICY.remembered : SESSION_POLICY.standard;
      const idleExpiresAt = new Date(Math.min(now.getTime() + policy.idleMs, session.absoluteExpiresAt.getTime()));
      try {
        await this.#col.updateOne({ _id: id }, { $set: { lastSeenAt: now, idleExpiresAt } });
        session.lastSeenAt = now;
        session.idleExpiresAt = idleExpiresAt;
      } catch (err) {
        // On a full disk the session keeps its expiry for now, and reading goes on (DESIGN §2).
        if (!isStorageFull(err)) throw err;
      }
    }
    return session;
  }

  async destroy(sessionId: string): Promise<void> {
    await this.#col.deleteOne({ _id: sessionId });
  }

  /** Ends every session of a user except the one given (password change). */
  async destroyOthers(userId: ObjectId, keepSessionId: string): Promise<number> {
    const res = await this.#col.deleteMany({ userId, _id: { $ne: keepSessionId } });
    return res.deletedCount;
  }

  /** Housekeeping for expired rows (no TTL indexes on FerretDB). */
  async purgeExpired(): Promise<number> {
    const now = this.#clock.now();
    const res = await this.#col.deleteMany({ $or: [{ absoluteExpiresAt: { $lte: now } }, { idleExpiresAt: { $lte: now } }] });
    return res.deletedCount;
  }
}
