import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MongoClient } from 'mongodb';
import { startEmbeddedDb, type EmbeddedDb } from '@bh/api/db/embedded';
import { createDbHealth } from '@bh/api/lib/db-health';
import { createMongoClient } from '@bh/api/lib/mongo';
import { freePort } from '../support/server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 54: after queries are cut short, FerretDB's SQLite driver can leave a connection that answers
 * `interrupted (9)` to everything until FerretDB restarts (seen with `maxTimeMS` under load, on
 * FerretDB's own build too). The product never sends `maxTimeMS` to a query; the ways it cuts one
 * short are these, each of which ends the query's connection while FerretDB runs it:
 *   - an instance that stops (a shutdown with work the database deadline left behind, a crash, a
 *     second instance or `pnpm admin:create` that ends) closes its client with queries in flight;
 *   - the health check's ping gives up after its timeout (`timeoutMS`, which the driver also sends
 *     as `maxTimeMS`) and the driver drops that connection;
 *   - the driver's socket timeout drops a connection whose query runs past it.
 * (A browser that leaves mid-request cancels nothing: the API does not hand request aborts to the
 * driver.) This drives the first two, many times over, against the embedded server, and then asks
 * FerretDB for more than its pool's worth of reads and writes at once: every one must be answered.
 */
describe('queries cut short by the product (issue 54)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-interrupted-'));
  let db: EmbeddedDb | undefined;
  const clients: MongoClient[] = [];

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => {});
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a database that answers every connection after clients close mid-query and pings time out', { timeout: 600_000 }, async () => {
    db = await startEmbeddedDb({ dataDir, port: await freePort(), log: () => {} });
    const engine = db.kind === 'ferretdb' ? 'ferretdb' : 'mongodb';
    const steady = createMongoClient(db.uri, engine);
    clients.push(steady);
    const col = steady.db('interrupted').collection<{ n: number; s: string; pad: string }>('items');
    for (let b = 0; b < 4; b += 1) await col.insertMany(Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, s: `v${i % 97}`, pad: 'p'.repeat(200) })));

    const rounds = Number(process.env.INTERRUPT_ROUNDS ?? 40);
    const failures: string[] = [];
    let cut = 0;
    for (let round = 1; round <= rounds && failures.length === 0; round += 1) {
      // An instance's client with reads, a count and writes in flight, and its health pings with a
      // timeout shorter than they take.
      const leaving = createMongoClient(db.uri, engine);
      await leaving.connect();
      const theirs = leaving.db('interrupted').collection('items');
      const health = createDbHealth(leaving.db('interrupted'), { maxAgeMs: 0, timeoutMs: 1 + (round % 4) });
      const work = [
        theirs.find({ s: { $regex: 'zz' } }).toArray(),
        theirs.find({ pad: { $ne: 'x' } }).sort({ n: -1 }).toArray(),
        theirs.countDocuments({ s: { $regex: '^v1' } }),
        theirs.aggregate([{ $match: { n: { $gte: 0 } } }, { $group: { _id: '$s', c: { $sum: 1 } } }]).toArray(),
        theirs.updateMany({ s: `v${round % 97}` }, { $inc: { seen: 1 } }),
        health(),
        health(),
        // Not the product's: the issue's own trigger, to see that the probes below notice the fault.
        ...(process.env.INTERRUPT_MAX_TIME ? [theirs.find({ s: { $regex: 'zz' } }).maxTimeMS(1 + (round % 5)).toArray()] : []),
      ].map((p) => (p as Promise<unknown>).then(() => false, () => true));
      await sleep(2 + (round * 7) % 40);
      await leaving.close();
      cut += (await Promise.all(work)).filter(Boolean).length;

      // More reads and writes at once than FerretDB keeps connections for, from the instance that stays.
      const answers = await Promise.allSettled(
        Array.from({ length: 60 }, (_, k) =>
          k % 3 === 0 ? col.findOne({ n: k }) : k % 3 === 1 ? col.countDocuments({ s: `v${k}` }) : col.updateOne({ n: k }, { $set: { probed: round } }),
        ),
      );
      for (const answer of answers) if (answer.status === 'rejected') failures.push(`round ${round}: ${(answer.reason as Error).message}`);
    }
    if (process.env.INTERRUPT_ROUNDS) console.log(`${rounds} rounds, ${cut} operations cut short, ${failures.length} probes refused: ${failures[0] ?? 'none'}`);
    // The rounds did cut queries short (a run where everything finished first would prove nothing).
    expect(cut).toBeGreaterThan(rounds);
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
