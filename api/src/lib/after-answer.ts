import type { Logger } from './logger.ts';

/**
 * Work a request starts once its answer has gone, so the answer's timing cannot depend on it: the
 * "Forgot password?" answer is the same, and comes as fast, whether or not an account has the email,
 * while the link is issued and the email queued afterwards (issue 47: 8.9 ms against 4.9 ms gave
 * existing accounts away). The work starts on the next turn of the event loop, after the response
 * has been written; a failure is logged (never an unhandled rejection), and a shutdown waits for
 * work in progress (`settled`) before it closes the database.
 */
export class AfterAnswer {
  readonly #log: Logger;
  readonly #pending = new Set<Promise<void>>();

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Runs `work` after the current answer; `what` names it in the log if it fails. */
  run(what: string, work: () => Promise<unknown>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => {},
        (err: unknown) => this.#log.error('work after an answer failed', { what, error: err instanceof Error ? err.name : String(err), detail: err instanceof Error ? err.message : undefined }),
      )
      .finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  /** Resolves once every piece of work started so far (and any it started) has ended. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Work started and not yet ended. */
  get pending(): number {
    return this.#pending.size;
  }
}
