import ipaddr from 'ipaddr.js';
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import type { Clock } from './clock.ts';
import type { Collections, RateLimitDoc } from '../db/collections.ts';

/** A limit on one key: at most `limit` slots in each fixed window of `windowMs`. */
export interface LimitRule {
  key: string;
  limit: number;
  windowMs: number;
  /**
   * Growing delay instead of a wall: slot n may only be taken `spacingMs(n)` after slot n - 1
   * was. Return 0 for the slots that are free at once.
   */
  spacingMs?: (slot: number) => number;
}

/** Slots held for one piece of work; give them back when the work should not count. */
export interface Reservation {
  /** Gives back every slot of the reservation, in one write. */
  release(): Promise<void>;
  /**
   * Takes one slot of each further rule into this reservation (after its own, as `reserve` takes
   * rules in order), so that one `release` gives them all back; or, when one is full, gives back
   * every slot taken, this reservation's included, and says how long to wait.
   */
  extend(rules: LimitRule[]): Promise<ReserveResult>;
}

export type ReserveResult = ({ ok: true } & Reservation) | { ok: false; retryAfterSeconds: number };

/** A slot this process inserted: its window (`key|window`), its id and its number. */
interface Claim {
  base: string;
  id: string;
  slot: number;
}
interface Refusal {
  retryAfterSeconds: number;
}

/** The hint map forgets everything past this size; hints only save round trips, never decide. */
const MAX_HINTS = 10_000;

/**
 * Rate limits kept in MongoDB, so every API instance shares them, that reserve their slot BEFORE
 * the work they guard: N parallel requests never let more than the limit through.
 *
 * A window's slots are documents with the ids `key|window|0` … `key|window|limit-1`, and taking
 * a slot is inserting its document: the unique `_id` is the atomic claim on MongoDB and on
 * FerretDB alike. (A counter document with `$inc` is not enough: FerretDB 1.24 applies updates
 * by reading and rewriting the document, and 150 parallel `$inc` upserts of one key ended at 6,
 * measured.) Within one process the claims for a key run one at a time and remember the lowest
 * slot that may still be free, so a burst costs one insert per admitted request and none for
 * the refused ones; other instances find taken slots by their duplicate-key errors.
 */
export class RateLimiter {
  readonly #col: Collections['rateLimits'];
  readonly #clock: Clock;
  /** `key|window` → the lowest slot that may still be free (in this process's knowledge). */
  readonly #next = new Map<string, number>();
  readonly #queues = new Map<string, Promise<void>>();

  constructor(col: Collections['rateLimits'], clock: Clock) {
    this.#col = col;
    this.#clock = clock;
  }

  /**
   * Takes one slot of every rule, or none: when a rule is full the slots taken for the earlier
   * ones are given back and the answer says how long to wait. Rules are claimed in the order
   * given, each only once the ones before it succeeded, so a request refused by a narrow rule
   * (one account from one address) never holds a slot of a wider one (the account from
   * everywhere), not even for a moment: a burst from one address cannot fill the account-wide
   * rule and refuse the owner elsewhere. A rule this process already knows to be full refuses
   * before anything is written.
   */
  async reserve(rules: LimitRule[]): Promise<ReserveResult> {
    const known = this.refusedAtOnce(rules);
    if (known !== null) return { ok: false, retryAfterSeconds: known };
    return this.#reserveInto(rules, []);
  }

  /** Claims the rules' slots after those already `taken` (which a refusal gives back too). */
  async #reserveInto(rules: LimitRule[], taken: Claim[]): Promise<ReserveResult> {
    const giveBack = () => this.#releaseAll(taken).catch(() => {});
    let next = 0;
    while (next < rules.length) {
      let result: Claim | Refusal;
      try {
        // Two rules or more, each on its own key (one turn per key): the slots their hints point at
        // are inserted in one write, in the rules' order; a rule whose slot that write found taken
        // is claimed on its own.
        const rest = rules.slice(next);
        if (rest.length > 1 && new Set(rest.map((r) => r.key)).size === rest.length) {
          next += await this.#claimTogether(rest, taken);
          if (next === rules.length) break;
        }
        const rule = rules[next]!;
        result = await this.#serially(rule.key, () => this.#claim(rule));
      } catch (err) {
        // The database failed for this rule: the slots taken for the earlier ones are given back.
        await giveBack();
        throw err;
      }
      if ('retryAfterSeconds' in result) {
        await giveBack();
        return { ok: false, retryAfterSeconds: result.retryAfterSeconds };
      }
      taken.push(result);
      next += 1;
    }
    return this.#held(taken);
  }

  #held(taken: Claim[]): { ok: true } & Reservation {
    return {
      ok: true,
      release: () => this.#releaseAll(taken),
      extend: async (rules) => {
        const known = this.refusedAtOnce(rules);
        if (known === null) return this.#reserveInto(rules, taken);
        await this.#releaseAll(taken).catch(() => {});
        return { ok: false, retryAfterSeconds: known };
      },
    };
  }

  /**
   * Seconds to wait when this process already knows one of the rules' windows to be full, else
   * null: the answer `reserve` would give, from memory alone (no database work, no slot). A route
   * asks it before anything costly, so an address that is already refused keeps being refused for
   * nothing, not even a place in the password queue.
   */
  refusedAtOnce(rules: LimitRule[]): number | null {
    const now = this.#clock.now().getTime();
    const known = rules.map((rule) => this.#knownFull(rule, now)).filter((r) => r !== null);
    return known.length > 0 ? Math.max(...known) : null;
  }

  /** Seconds until the window ends when this process has seen the rule's window fill up, else null. */
  #knownFull(rule: LimitRule, now: number): number | null {
    const window = Math.floor(now / rule.windowMs);
    if ((this.#next.get(`${rule.key}|${window}`) ?? 0) < rule.limit) return null;
    return Math.max(1, Math.ceil(((window + 1) * rule.windowMs - now) / 1000));
  }

  async #claim(rule: LimitRule): Promise<Claim | Refusal> {
    const now = this.#clock.now().getTime();
    const window = Math.floor(now / rule.windowMs);
    const windowEnd = (window + 1) * rule.windowMs;
    const base = `${rule.key}|${window}`;
    // From the hint to the end, then from the start: a slot below the hint may have been given back
    // while this looked, and the window counts as full only when every slot was seen taken.
    const start = Math.min(this.#next.get(base) ?? 0, rule.limit);
    const order = [...Array.from({ length: rule.limit - start }, (_, i) => start + i), ...Array.from({ length: start }, (_, i) => i)];
    for (const slot of order) {
      const spacing = slot > 0 ? (rule.spacingMs?.(slot) ?? 0) : 0;
      if (spacing > 0) {
        const previous = await this.#col.findOne({ _id: `${base}|${slot - 1}` });
        const openAt = previous ? previous.at.getTime() + spacing : 0;
        if (openAt > now) return { retryAfterSeconds: Math.ceil((Math.min(openAt, windowEnd) - now) / 1000) };
      }
      const id = `${base}|${slot}`;
      try {
        await this.#col.insertOne({ _id: id, key: rule.key, at: new Date(now), expiresAt: new Date(windowEnd) });
      } catch (err) {
        if (err instanceof MongoServerError && err.code === 11000) continue;
        throw err;
      }
      this.#hintPast(base, slot, rule.limit);
      return { base, id, slot };
    }
    this.#hint(base, rule.limit);
    return { retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }

  /**
   * One insert, in the rules' order and stopping at the first that fails, of the slot each rule's
   * hint points at, for the rules from the first up to one whose slot must first be compared with
   * the slot before it (a spacing) or whose window this process has seen fill up. Runs in every
   * rule's turn (#serially), taken in the rules' order as every claim takes them. Returns how many
   * rules got their slot (pushed to `taken`); the rule after them (its slot found taken, or one the
   * write left out) is claimed on its own. A login's two limits thus cost one write instead of two.
   */
  #claimTogether(rules: LimitRule[], taken: Claim[]): Promise<number> {
    const run = async (): Promise<number> => {
      const now = this.#clock.now().getTime();
      const claims: (Claim & { limit: number; doc: RateLimitDoc })[] = [];
      for (const rule of rules) {
        const window = Math.floor(now / rule.windowMs);
        const base = `${rule.key}|${window}`;
        const slot = this.#next.get(base) ?? 0;
        if (slot >= rule.limit || (slot > 0 && (rule.spacingMs?.(slot) ?? 0) > 0)) break;
        const id = `${base}|${slot}`;
        claims.push({ base, id, slot, limit: rule.limit, doc: { _id: id, key: rule.key, at: new Date(now), expiresAt: new Date((window + 1) * rule.windowMs) } });
      }
      if (claims.length < 2) return 0;
      let inserted = claims.length;
      try {
        await this.#col.insertMany(
          claims.map((c) => c.doc),
          { ordered: true },
        );
      } catch (err) {
        if (!(err instanceof MongoBulkWriteError)) throw err;
        // Ordered: the documents before the first failure were inserted, none after it.
        inserted = err.insertedCount;
        const failed = claims[inserted];
        const duplicate = err.writeErrors;
        const firstError = Array.isArray(duplicate) ? duplicate[0] : duplicate;
        if (firstError?.code !== 11000 || !failed) {
          for (const c of claims.slice(0, inserted)) taken.push({ base: c.base, id: c.id, slot: c.slot });
          throw err;
        }
        // That slot is taken: the claim of its rule starts from the next one.
        this.#hintPast(failed.base, failed.slot, failed.limit);
      }
      for (const c of claims.slice(0, inserted)) {
        this.#hintPast(c.base, c.slot, c.limit);
        taken.push({ base: c.base, id: c.id, slot: c.slot });
      }
      return inserted;
    };
    const inTurn = (i: number): Promise<number> => (i === rules.length ? run() : this.#serially(rules[i]!.key, () => inTurn(i + 1)));
    return inTurn(0);
  }

  /**
   * Gives slots back: one delete per slot, sent as one write, each by its exact `_id`. The list is
   * emptied first, so slots are given back once: a second release cannot delete a slot someone
   * else has taken since.
   */
  async #releaseAll(taken: Claim[]): Promise<void> {
    const claims = taken.splice(0);
    if (claims.length > 0) await this.#col.bulkWrite(claims.map((c) => ({ deleteOne: { filter: { _id: c.id } } })), { ordered: false });
    for (const { base, slot } of claims) {
      const hint = this.#next.get(base);
      if (hint !== undefined && slot < hint) this.#next.set(base, slot);
    }
  }

  /**
   * Slot `slot` of a window is taken: the next may be free. Never the limit itself: only a look at
   * every slot may say the window is full (#knownFull), or a success racing a release would refuse
   * everyone until the next release.
   */
  #hintPast(base: string, slot: number, limit: number): void {
    this.#hint(base, Math.min(slot + 1, limit - 1));
  }

  #hint(base: string, next: number): void {
    if (this.#next.size >= MAX_HINTS && !this.#next.has(base)) this.#next.clear();
    this.#next.set(base, next);
  }

  /** Runs the claims for one key one after another in this process; the chain is dropped once idle. */
  #serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(key) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.#queues.set(key, tail);
    void tail.then(() => {
      if (this.#queues.get(key) === tail) this.#queues.delete(key);
    });
    return run;
  }

  /** Marks a fact (such as "this address has signed in to this account") for `ttlMs`. */
  async remember(key: string, ttlMs: number): Promise<void> {
    const now = this.#clock.now();
    const doc = { key, at: now, expiresAt: new Date(now.getTime() + ttlMs) };
    await this.#col.updateOne({ _id: key }, { $set: doc }, { upsert: true }).catch((err: unknown) => {
      // Two parallel upserts of one new id: the other one wrote the same fact.
      if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
    });
  }

  async remembers(key: string): Promise<boolean> {
    return (await this.rememberedAt(key)) !== null;
  }

  /** When the fact was last marked, while it holds; null when it is unknown or has lapsed. */
  async rememberedAt(key: string): Promise<Date | null> {
    const doc = await this.#col.findOne({ _id: key });
    return doc !== null && doc.expiresAt > this.#clock.now() ? doc.at : null;
  }

  /**
   * Forgets every slot of one key (a password reset clears the failures that locked its
   * account), in the database and in this process's hints.
   */
  async forget(key: string): Promise<void> {
    await this.#col.deleteMany({ key });
    for (const base of this.#next.keys()) if (base.startsWith(`${key}|`)) this.#next.delete(base);
  }

  /** Housekeeping for slots past their window (no TTL indexes on FerretDB). */
  async purgeExpired(): Promise<void> {
    await this.#col.deleteMany({ expiresAt: { $lte: this.#clock.now() } });
  }
}

/**
 * Refused answers are limited too. A refusal costs no database work and no place in the password
 * queue, but answering it still costs the server a request's parsing and a response's writing, and
 * a client answered at once sends its next attempt at once: one address at 100 connections got
 * thousands of refusals a second and starved everyone else's requests of the event loop, until the
 * database driver's own checks timed out and other people's sign-ins were answered 503 (issue 47).
 * So each caller (a client address) gets its first `burst` refusals in every `perMs` at once, and
 * every further one only after `holdMs`: one connection then costs at most one answer per `holdMs`.
 * At most `maxHeld` refusals wait at once (each is a timer and an open request); past that they are
 * answered at once. Real time, not the product's clock: it paces requests as they arrive.
 */
export class RefusalPacer {
  readonly burst: number;
  readonly perMs: number;
  readonly holdMs: number;
  readonly maxHeld: number;
  readonly #recent = new Map<string, { since: number; count: number }>();
  #held = 0;

  constructor(options: { burst?: number; perMs?: number; holdMs?: number; maxHeld?: number } = {}) {
    this.burst = options.burst ?? 10;
    this.perMs = options.perMs ?? 10_000;
    this.holdMs = options.holdMs ?? 1_000;
    this.maxHeld = options.maxHeld ?? 1_000;
  }

  /** Resolves when a refusal to this caller may be sent. */
  async pace(caller: string): Promise<void> {
    const now = performance.now();
    let entry = this.#recent.get(caller);
    if (!entry || now - entry.since >= this.perMs) {
      if (this.#recent.size >= MAX_HINTS) this.#recent.clear();
      entry = { since: now, count: 0 };
      this.#recent.set(caller, entry);
    }
    entry.count += 1;
    if (entry.count <= this.burst || this.#held >= this.maxHeld) return;
    this.#held += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.holdMs));
    } finally {
      this.#held -= 1;
    }
  }

  /** Refusals waiting now, for tests. */
  get held(): number {
    return this.#held;
  }
}

/**
 * The address a limit counts, so a caller cannot choose its own keys: an IPv4 address as it is; an
 * IPv6 address by its /64, the network one customer is given (a flood rotating through its 2^64
 * addresses, or a person's changing privacy addresses, is one address); anything that is no address
 * (a malformed forwarded header, no socket) as one shared `unknown`.
 */
export function limitAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return 'unknown';
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

const MINUTE = 60 * 1000;

/**
 * Sign-in limits (SECURITY.md "Rate limits"). Every attempt takes its slots before the password
 * is checked and gives them back when it succeeds, so only failures count.
 */
export const LOGIN_LIMITS = {
  /** One account from one address: the guessing limit. */
  pair: { limit: 10, windowMs: 15 * MINUTE },
  /** One address across every account: credential stuffing. */
  address: { limit: 50, windowMs: 15 * MINUTE },
  /**
   * One account from every address it has not signed in from before: 20 failures an hour at
   * once, then each further attempt waits twice as long as the last (2 s, 4 s, … at most
   * 5 minutes). Addresses the account signed in from in the last 30 days are not held back by
   * it, so a stranger cannot lock the owner out.
   */
  account: {
    limit: 200,
    windowMs: 60 * MINUTE,
    free: 20,
    maxSpacingMs: 5 * MINUTE,
  },
  familiarForMs: 30 * 24 * 60 * MINUTE,
  /**
   * A familiar address is marked again at most this often: marking it on every sign-in made
   * parallel sign-ins of one account from one address rewrite one document together (issue 20).
   */
  familiarRenewMs: 24 * 60 * MINUTE,
} as const;

/** The growing delay of the account-wide limit: 0 for the free slots, then 2 s, 4 s, … capped. */
export function accountSpacingMs(slot: number): number {
  const { free, maxSpacingMs } = LOGIN_LIMITS.account;
  if (slot < free) return 0;
  return Math.min(maxSpacingMs, 2_000 * 2 ** (slot - free));
}

/** Wrong current passwords on the profile form, per account. */
export const PASSWORD_CHANGE_LIMITS = { limit: 10, windowMs: 15 * MINUTE } as const;
