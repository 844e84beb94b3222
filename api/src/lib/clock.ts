/** Where "now" comes from: the system clock in production, a controllable one in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class TestClock implements Clock {
  #t: number;
  constructor(start: Date | string | number = Date.now()) {
    this.#t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#t);
  }
  set(t: Date | string | number): void {
    this.#t = new Date(t).getTime();
  }
  advance(ms: number): void {
    this.#t += ms;
  }
}

/**
 * A real, ticking clock that end-to-end tests may move forward or back (e.g. to a meeting's join
 * window). Only ever built in test runs: see env.ts and routes/test-clock.
 */
export class ShiftableClock implements Clock {
  #offsetMs = 0;
  readonly #listeners = new Set<() => void>();
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  set(t: Date | string | number): void {
    this.#offsetMs = new Date(t).getTime() - Date.now();
    for (const listener of this.#listeners) listener();
  }
  /** Calls `listener` after each move (what was due later may be due now). */
  onShift(listener: () => void): void {
    this.#listeners.add(listener);
  }
}
