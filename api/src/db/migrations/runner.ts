/**
 * Changes to stored data that run once per database, in order, before a server starts serving.
 *
 * A migration is one file in this folder, named `NNN-<id>.ts`, exporting a `Migration`:
 *
 *   export const participantMeetings: Migration = {
 *     id: 'participant-meetings-v1',   // its record's `_id` in `migrations`; never renamed
 *     async run({ db, cols, documentKey }) { ...; return 'Listed 3 meeting(s)…' or null },
 *   };
 *
 * and listed in `index.ts` after every migration before it. It reaches the database through
 * `collections.ts` and `lib/` only, never through a route or service: it is the data as it was
 * then, and it must keep working when the services change later. `run` may be started again after
 * a run that died part-way (its claim lapses and another instance takes over), so it resumes or
 * redoes its work safely; it returns a line for the start-up log, or null when it changed nothing.
 *
 * Several instances may start at once. Before running a migration an instance inserts the claim
 * `<id>:claim:<n>`: the unique `_id` lets exactly one instance win, on MongoDB and on FerretDB
 * (whose conditional updates are not atomic). The winner renews its claim while it runs and, when
 * done, writes the record `<id>` and removes the claims; a claim won just after that (between
 * another instance's look for the record and its claim) is given back once the record is seen. The
 * others wait for the record (they do not serve data a migration has not finished with); a claim
 * not renewed for `lapseMs` belongs to an instance that died, and the next number (`<n + 1>`) is
 * claimed to take over.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError, type Db } from 'mongodb';
import { collections, type Collections, type MigrationDoc } from '../collections.ts';

export interface MigrationContext {
  db: Db;
  cols: Collections;
  /** The document key (AES-256-GCM) for migrations that encrypt or re-encrypt stored data. */
  documentKey: Buffer;
}

export interface Migration {
  id: string;
  run(ctx: MigrationContext): Promise<string | null>;
}

export interface RunnerTiming {
  /** How often the running instance renews its claim. */
  renewMs: number;
  /** A claim not renewed for this long is taken over. */
  lapseMs: number;
  /** How often a waiting instance looks again. */
  pollMs: number;
}

const TIMING: RunnerTiming = { renewMs: 10_000, lapseMs: 60_000, pollMs: 500 };

const claimId = (id: string, n: number) => `${id}:claim:${n}`;

function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}

/** The latest claim on a migration and the number the next claim would take. */
async function latestClaim(cols: Collections, id: string): Promise<{ claim: MigrationDoc | null; next: number }> {
  let claim: MigrationDoc | null = null;
  let n = 1;
  for (;;) {
    const found = await cols.migrations.findOne({ _id: claimId(id, n) });
    if (!found) return { claim, next: n };
    claim = found;
    n += 1;
  }
}

/** Claims the migration for this process: the claim's number, or null while another instance holds a live claim. */
async function claim(cols: Collections, id: string, lapseMs: number): Promise<number | null> {
  const { claim: held, next } = await latestClaim(cols, id);
  const renewed = held?.renewedAt ?? held?.startedAt;
  if (renewed && Date.now() - renewed.getTime() < lapseMs) return null;
  const now = new Date();
  try {
    await cols.migrations.insertOne({ _id: claimId(id, next), startedAt: now, renewedAt: now });
    return next;
  } catch (err) {
    if (isDuplicateKey(err)) return null;
    throw err;
  }
}

async function release(cols: Collections, id: string, upTo: number): Promise<void> {
  await cols.migrations.deleteMany({ _id: { $in: Array.from({ length: upTo }, (_, i) => claimId(id, i + 1)) } });
}

/**
 * Applies, in order, every migration of `list` the database has no record of, and returns the
 * log lines they reported. Returns once every one is recorded, by this instance or another.
 */
export async function runMigrations(
  input: { db: Db; documentKey: Buffer; log?: (msg: string) => void },
  list: readonly Migration[],
  timing: Partial<RunnerTiming> = {},
): Promise<string[]> {
  const { renewMs, lapseMs, pollMs } = { ...TIMING, ...timing };
  const cols = collections(input.db);
  const ctx: MigrationContext = { db: input.db, cols, documentKey: input.documentKey };
  const lines: string[] = [];
  for (const migration of list) {
    let waiting = false;
    while (!(await cols.migrations.findOne({ _id: migration.id }))) {
      const n = await claim(cols, migration.id, lapseMs);
      if (n === null) {
        if (!waiting) input.log?.(`Waiting for another instance to finish the migration ${migration.id}`);
        waiting = true;
        await sleep(pollMs);
        continue;
      }
      // The instance that ran it writes the record and then removes its claims, so a claim can be
      // won just after the record appeared, between this instance's look and its claim: look again.
      if (await cols.migrations.findOne({ _id: migration.id })) {
        await release(cols, migration.id, n);
        break;
      }
      const renew = setInterval(() => {
        cols.migrations.updateOne({ _id: claimId(migration.id, n) }, { $set: { renewedAt: new Date() } }).catch(() => {});
      }, renewMs);
      try {
        const summary = await migration.run(ctx);
        await cols.migrations.updateOne(
          { _id: migration.id },
          { $set: { finishedAt: new Date(), ...(summary ? { summary } : {}) } },
          { upsert: true },
        );
        if (summary) {
          lines.push(summary);
          input.log?.(summary);
        }
      } finally {
        clearInterval(renew);
        // On failure too: a start that fails leaves no claim for the next start to wait out.
        await release(cols, migration.id, n);
      }
    }
  }
  return lines;
}
