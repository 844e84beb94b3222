import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, GENERAL_MESSAGES } from '@bh/shared';
import { AppError } from './errors.ts';

/** Argon2id at OWASP's minimum recommendation: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes directly, outside any queue: for the CLI, the seed and the benchmark. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** Checks directly, outside any queue. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** How long a caller refused by a full queue is asked to wait. */
export const PASSWORD_QUEUE_RETRY_AFTER_SECONDS = 2;

const busy = () => new AppError(503, GENERAL_MESSAGES.busy, undefined, { 'Retry-After': String(PASSWORD_QUEUE_RETRY_AFTER_SECONDS) });
/** One caller (a client address) already holds its share of the places: too many attempts of its own. */
const overShare = () => new AppError(429, AUTH_MESSAGES.tooManyAttempts, undefined, { 'Retry-After': String(PASSWORD_QUEUE_RETRY_AFTER_SECONDS) });

/**
 * Hashes at once: one per core but one, which stays with the event loop and the database, and at
 * least two. On two cores "one per core but one" hashed one password at a time, so four people
 * signing in together waited four hashes and more (issue 20: a login's p99 at 4 connections stays
 * within 4 hashes); two at once keep that within about two, and `admit` still bounds the burst.
 */
function defaultConcurrency(): number {
  return Math.max(2, availableParallelism() - 1);
}

/**
 * Every password hash and check a request needs runs through this queue: at most `concurrency`
 * at once (see defaultConcurrency) and at most
 * `maxWaiting` waiting. When it is full a request is refused at once with 503 and `Retry-After`
 * rather than queued behind a burst, so a flood of logins cannot stall the rest of the API (each
 * check holds 19 MiB and a core for tens of milliseconds).
 *
 * Requests enter through `admit` before doing anything else: a refused request costs no database
 * work either (no rate-limit slots to take and give back), which is what kept `/health` slow when
 * the queue was only checked at the hash itself. A request names its caller (the client address),
 * and one caller holds at most `perCaller` places: the rest of its requests are refused with 429,
 * so one address flooding logins cannot take every place and turn everyone else away with 503
 * (issue 47: 2 of another person's 20 sign-ins got through a flood from one address); 503 then
 * means that several callers together fill the machine.
 * Our own few lines: the libraries' queues (p-queue, p-limit) wait without bound.
 */
export class PasswordQueue {
  readonly concurrency: number;
  readonly maxWaiting: number;
  /** Places one caller may hold at once: a quarter of them (at least one). */
  readonly perCaller: number;
  #running = 0;
  #admitted = 0;
  readonly #byCaller = new Map<string, number>();
  readonly #waiting: (() => void)[] = [];
  #dummy: Promise<string> | undefined;

  constructor(options: { concurrency?: number; maxWaiting?: number; perCaller?: number } = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? defaultConcurrency());
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 8 * this.concurrency);
    this.perCaller = Math.max(1, options.perCaller ?? Math.floor((this.concurrency + this.maxWaiting) / 4));
  }

  /**
   * Runs a request's whole handling as one place in the queue, or refuses it at once: with 429 when
   * its caller already holds `perCaller` places, with 503 when every place is taken. Its hashes then
   * run through `run` as usual.
   */
  async admit<T>(handle: () => Promise<T>, caller?: string): Promise<T> {
    const held = caller === undefined ? 0 : (this.#byCaller.get(caller) ?? 0);
    if (held >= this.perCaller) throw overShare();
    if (this.#admitted >= this.concurrency + this.maxWaiting) throw busy();
    this.#admitted += 1;
    if (caller !== undefined) this.#byCaller.set(caller, held + 1);
    try {
      return await handle();
    } finally {
      this.#admitted -= 1;
      if (caller !== undefined) {
        const left = (this.#byCaller.get(caller) ?? 1) - 1;
        if (left > 0) this.#byCaller.set(caller, left);
        else this.#byCaller.delete(caller);
      }
    }
  }

  /** Runs `work` when a core is free; throws a 503 AppError at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) throw busy();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so #running never dips and overshoots.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.run(() => verifyPassword(stored, password));
  }

  /**
   * Spends the same time as a real check when the account does not exist, so response timing
   * does not reveal which emails are registered.
   */
  async burn(password: string): Promise<void> {
    this.#dummy ??= hashPassword('not-a-real-account-password');
    const stored = await this.#dummy;
    await this.verify(stored, password);
  }

  /** Work running and waiting, and requests admitted, for tests. */
  get load(): { running: number; waiting: number; admitted: number } {
    return { running: this.#running, waiting: this.#waiting.length, admitted: this.#admitted };
  }
}

/** One queue per process: the cores it guards are the process's. */
export const passwordQueue = new PasswordQueue();
