import type { Context, Next } from 'hono';
import { MongoClient } from 'mongodb';
import { GENERAL_MESSAGES } from '@bh/shared';

/** How often a request still running looks whether the database still answers. */
const CHECK_EVERY_MS = 500;
/** How long the watch's ping may take before the database counts as hung. */
const PING_TIMEOUT_MS = 1_000;

export interface DbWatch {
  /** False when the database did not answer a ping within a second. */
  isUp(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A ping of its own, on a separate one-connection client: requests queued in the app's pool, or a
 * slow query, never delay it, so a false answer means the database itself does not respond (a
 * hung server: stopped, swapping, its disk stalled), which the driver would notice only after its
 * next heartbeat and socket timeouts.
 */
export function watchDatabase(uri: string, dbName: string): DbWatch {
  const client = new MongoClient(uri, {
    maxPoolSize: 1,
    serverSelectionTimeoutMS: PING_TIMEOUT_MS,
    connectTimeoutMS: PING_TIMEOUT_MS,
    socketTimeoutMS: PING_TIMEOUT_MS * 2,
    appName: 'better-health-watch',
  });
  const db = client.db(dbName);
  let last: { up: boolean; at: number } | null = null;
  let pending: Promise<boolean> | null = null;
  const isUp = (): Promise<boolean> => {
    // One answer serves every request asking within a quarter of a second.
    if (last && Date.now() - last.at < CHECK_EVERY_MS / 2) return Promise.resolve(last.up);
    // The deadline is kept here rather than left to the driver: a ping stuck on a hung connection
    // counts as down after a second, whatever the driver's socket does meanwhile.
    pending ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      db.command({ ping: 1 }).then(
        () => resolve(true),
        () => resolve(false),
      ).finally(() => clearTimeout(timer));
    }).then((up) => {
      last = { up, at: Date.now() };
      pending = null;
      return up;
    });
    return pending;
  };
  // Connected up front, so the first real check needs no connection of its own.
  void isUp();
  return { isUp, close: () => client.close() };
}

/**
 * Answers an API request 503 as soon as the database stops answering, instead of letting it wait
 * for the driver: while a request runs, the database is pinged every half second (one ping shared
 * by all requests), so a request in flight when the database hangs gets its 503 within about
 * 1.5 s (docs/scale-out.md's "about two seconds"). The work left behind ends by itself when the driver
 * gives up on the connection; its result is dropped.
 */
export function dbDeadline(isUp: () => Promise<boolean>): (c: Context, next: Next) => Promise<void> {
  return async (c: Context, next: Next) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => {
      const check = () => {
        timer = setTimeout(() => {
          void isUp().then((up) => {
            if (done) return;
            if (up) check();
            else resolve('hung');
          });
        }, CHECK_EVERY_MS);
      };
      check();
    });
    const work = next().then(() => 'done' as const);
    const first = await Promise.race([work, hung]);
    done = true;
    clearTimeout(timer);
    if (first === 'done') return;
    // The handler may still fail later; nobody is waiting for it any more.
    work.catch(() => {});
    c.header('Retry-After', '5');
    c.res = c.json({ success: false, message: GENERAL_MESSAGES.databaseUnavailable }, 503);
  };
}
