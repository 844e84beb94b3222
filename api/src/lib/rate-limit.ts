import type { Clock } from './clock.ts';
import type { Collections } from './mongo.ts';

/**
 * Fixed-window counters kept in MongoDB, so every API instance sees the same counts.
 * Each key is one document; windows reset by a conditional update (no TTL indexes).
 */
export class RateLimiter {
  readonly #col: Collections['rateLimits'];
  readonly #clock: Clock;

  constructor(col: Collections['rateLimits'], clock: Clock) {
    this.#col = col;
    this.#clock = clock;
  }

  /** How many hits the key has in its current window. */
  async count(key: string): Promise<number> {
    const doc = await this.#col.findOne({ _id: key });
    if (!doc || doc.resetAt <= this.#clock.now()) return 0;
    return doc.count;
  }

  /** Records one hit and returns the count in the current window. */
  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.#clock.now();
    const resetAt = new Date(now.getTime() + windowMs);
    // A stale window starts over; the filter makes this a no-op for a live one.
    await this.#col.updateOne({ _id: key, resetAt: { $lte: now } }, { $set: { count: 0, resetAt } });
    const doc = await this.#col.findOneAndUpdate(
      { _id: key },
      { $inc: { count: 1 }, $setOnInsert: { resetAt } },
      { upsert: true, returnDocument: 'after' },
    );
    return doc?.count ?? 1;
  }

  async reset(key: string): Promise<void> {
    await this.#col.deleteOne({ _id: key });
  }

  async purgeExpired(): Promise<void> {
    await this.#col.deleteMany({ resetAt: { $lte: this.#clock.now() } });
  }
}

export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Failed attempts per account in a window; the next one is refused with 429. */
  perAccount: 10,
  /**
   * Failed attempts per client address in a window: stops one address trying many accounts
   * (credential stuffing) without limiting people who sign in correctly behind one NAT.
   */
  perIp: 50,
} as const;
