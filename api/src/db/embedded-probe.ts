import type { ChildProcess } from 'node:child_process';
import { MongoClient } from 'mongodb';
import { Counter, type Registry } from 'prom-client';

/**
 * The embedded FerretDB's watch for a database stuck on `interrupted` (issue 54, fault 2).
 *
 * FerretDB's SQLite driver could leave a statement running on a pooled connection after a query
 * was cut short, and SQLite then answered every later statement on that connection with
 * `interrupted (9)` until FerretDB restarted. Our build closes that statement (tools/ferretdb/
 * patches.ts); this watch is the net for whatever else leaves a database in that state: reads sent
 * with no time limit can never be interrupted, so such a read answered `interrupted` means a broken
 * server, and the supervisor restarts it (embedded.ts) rather than let every request fail.
 */

export interface StuckWatchOptions {
  /** The databases to read from: FerretDB keeps a pool of SQLite connections per database. */
  databases: readonly string[];
  /** How often the databases are read. */
  everyMs?: number;
  /** How many probes in a row must meet `interrupted` before the server is restarted. */
  failures?: number;
  /** Reads sent at once in each probe, so that it takes more than the pool's last connection. */
  width?: number;
  /** Where the probe connects: the database's own address unless a test puts something between. */
  uri?: string;
}

export const STUCK_WATCH_DEFAULTS = { everyMs: 10_000, failures: 3, width: 8 } as const;

/** What the server answered when `interrupted` means it is stuck (SQLite's SQLITE_INTERRUPT as its driver words it). */
export const INTERRUPTED_ANSWER = /\binterrupted \(9\)/;

/** One probe: `interrupted` when a read with no time limit was answered so, `ok` otherwise (other failures are the supervisor's or the deadline's business). */
export type ProbeAnswer = 'ok' | 'interrupted';

export interface StuckWatch {
  stop(): Promise<void>;
}

/**
 * Reads each database's first collection (`width` reads at once, no time limit) every `everyMs`
 * while `up()` says the server runs, and calls `onStuck` once `failures` probes in a row met
 * `interrupted`; the count starts again after it, and after any probe that did not.
 */
export function watchForStuckDatabase(uri: string, options: StuckWatchOptions, up: () => boolean, onStuck: (probes: number) => void): StuckWatch {
  const everyMs = options.everyMs ?? STUCK_WATCH_DEFAULTS.everyMs;
  const failures = options.failures ?? STUCK_WATCH_DEFAULTS.failures;
  const width = options.width ?? STUCK_WATCH_DEFAULTS.width;
  const client = new MongoClient(options.uri ?? uri, {
    maxPoolSize: width,
    serverSelectionTimeoutMS: 2_000,
    connectTimeoutMS: 2_000,
    socketTimeoutMS: 30_000,
    retryReads: false,
    retryWrites: false,
    appName: 'better-health-stuck-watch',
  });
  let inARow = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const probe = async (): Promise<ProbeAnswer> => {
    for (const name of options.databases) {
      const db = client.db(name);
      const collections = await db.listCollections({}, { nameOnly: true }).toArray();
      const first = collections.map((c) => c.name).find((n) => !n.startsWith('system.'));
      if (!first) continue;
      const reads = await Promise.allSettled(Array.from({ length: width }, () => db.collection(first).find({}, { batchSize: 1 }).limit(2).toArray()));
      if (reads.some((r) => r.status === 'rejected' && INTERRUPTED_ANSWER.test(String((r.reason as Error)?.message)))) return 'interrupted';
    }
    return 'ok';
  };

  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => void round(), everyMs);
    timer.unref();
  };
  const round = async () => {
    if (!up()) {
      inARow = 0;
      return next();
    }
    const answer = await probe().catch((err: unknown) => (INTERRUPTED_ANSWER.test(String((err as Error)?.message)) ? 'interrupted' : 'ok'));
    if (stopped) return;
    inARow = answer === 'interrupted' ? inARow + 1 : 0;
    if (inARow >= failures) {
      const probes = inARow;
      inARow = 0;
      onStuck(probes);
    }
    next();
  };
  next();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await client.close().catch(() => {});
    },
  };
}

/** Ends a stuck server: SIGTERM, then SIGKILL if it still runs 5 s later; its supervisor starts it again when it exits. */
export function endStuckServer(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 5_000);
  timer.unref();
  child.once('exit', () => clearTimeout(timer));
}

/** `bh_db_stuck_restarts_total` at /metrics: the supervisor's restarts of a server stuck answering `interrupted`. */
export function countStuckRestarts(registry: Registry, restarts: () => number): void {
  let counted = 0;
  new Counter({
    name: 'bh_db_stuck_restarts_total',
    help: 'Restarts of the embedded database made because reads without a time limit kept answering "interrupted".',
    registers: [registry],
    collect() {
      const now = restarts();
      if (now > counted) this.inc(now - counted);
      counted = now;
    },
  });
}
