import { ObjectId } from 'mongodb';
import type { Clock } from './clock.ts';
import type { Collections } from './mongo.ts';

/**
 * Sliding-window counters kept in MongoDB, so every API instance sees the same counts.
 * Each hit is its own document and a count is a query: inserts are atomic everywhere, whereas a
 * shared counter document needs an atomic read-modify-write that FerretDB does not guarantee
 * under concurrency (concurrent upserts of one key fail with a duplicate key there).
 */
export class RateLimiter {
  readonly #col: Collections['rateLimits'];
  readonly #clock: Clock;

  constructor(col: Collections['rateLimits'], clock: Clock) {
    this.#col = col;
    this.#clock = clock;
  }

  /** How many hits the key has had in the last `windowMs`. */
  async count(key: string, windowMs: number): Promise<number> {
    const since = new Date(this.#clock.now().getTime() - windowMs);
    return this.#col.countDocuments({ key, at: { $gt: since } });
  }

  /** Records one hit and returns the count in the window, this hit included. */
  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.#clock.now();
    await this.#col.insertOne({ _id: new ObjectId(), key, at: now, expiresAt: new Date(now.getTime() + windowMs) });
    return this.count(key, windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.#col.deleteMany({ key });
  }

  /** Housekeeping for hits past their window (no TTL indexes on FerretDB). */
  async purgeExpired(): Promise<void> {
    await this.#col.deleteMany({ expiresAt: { $lte: this.#clock.now() } });
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
