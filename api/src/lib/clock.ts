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
