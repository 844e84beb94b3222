import type { Db } from 'mongodb';

/**
 * The database's state for /health without a round trip per request: one ping at a time is shared
 * by every caller and a good answer is reused for a short while, so a load balancer polling health
 * (or a benchmark) costs a healthy database at most one ping per `maxAgeMs`.
 */
export function createDbHealth(db: Db, options: { maxAgeMs?: number; timeoutMs?: number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 1_500;
  let last: { ok: boolean; at: number } | null = null;
  let inFlight: Promise<boolean> | null = null;

  return function dbIsUp(): Promise<boolean> {
    // Only a good answer is reused: after an outage, the first ping that succeeds says so at once.
    if (last?.ok && Date.now() - last.at < maxAgeMs) return Promise.resolve(true);
    inFlight ??= db
      .command({ ping: 1 }, { timeoutMS: timeoutMs })
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        last = { ok, at: Date.now() };
        inFlight = null;
        return ok;
      });
    return inFlight;
  };
}
