import type { Result, Router } from 'hono/router';
import { SmartRouter } from 'hono/router/smart-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many paths the cache keeps before it starts again (the site's files and the API's fixed paths fit many times over). */
export const KEPT_MATCHES = 2048;

/** Whether a match carries no path parameter: the same path then always gets the same answer. */
function withoutParams<T>(result: Result<T>): boolean {
  if (result[1] !== undefined) return false;
  for (const [, params] of result[0]) for (const _ in params) return false;
  return true;
}

/**
 * Hono's default router with its answers for fixed paths kept. Hono's RegExpRouter keeps a map of
 * fixed paths itself, but it refuses the contract's paths (a fixed segment beside a parameter, as in
 * `/meeting/get-meetings` and `/meeting/:meetingId/calendar.ics`), so Hono falls back to its
 * TrieRouter, which walks every branch that could match on every request. Most requests (each
 * health check, every call without an id in its path, each file of the site) ask again for a path
 * already matched. A path whose match has parameters is never kept (they would fill the cache with
 * ids); once KEPT_MATCHES paths are kept, the cache is emptied and fills again, so a client asking for
 * endless made-up paths costs nothing more than matching them.
 */
export class KeptMatchRouter<T> implements Router<T> {
  readonly #inner: Router<T>;
  #kept = new Map<string, Map<string, Result<T>>>();
  #count = 0;

  constructor(inner: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#inner = inner;
  }

  get name(): string {
    return `KeptMatchRouter + ${this.#inner.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#kept = new Map();
    this.#count = 0;
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    let byPath = this.#kept.get(method);
    const kept = byPath?.get(path);
    if (kept) return kept;
    const result = this.#inner.match(method, path);
    if (withoutParams(result)) {
      if (this.#count >= KEPT_MATCHES) {
        this.#kept = new Map();
        this.#count = 0;
        byPath = undefined;
      }
      if (!byPath) this.#kept.set(method, (byPath = new Map()));
      byPath.set(path, result);
      this.#count += 1;
    }
    return result;
  }
}
