import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BSON, type MongoClient } from 'mongodb';
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
 *
 * None of these cuts a query inside FerretDB, which ends a query's context only for `maxTimeMS`
 * (and its own stop), and sees a client's close only after the query it runs ended. The second test
 * is the fault itself: bursts of finds and aggregates with `maxTimeMS` of a few milliseconds, which
 * on a build whose SQLite driver drops a cut query's rows unclosed (`-bh15` and FerretDB's own)
 * leave a pooled connection answering `interrupted (9)` (docs/embedded-database.md). The third is
 * the supervisor's net for a database stuck so for any other reason (api/src/db/embedded-probe.ts).
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

  it('answers every plain read after hundreds of bursts of finds and aggregates cut short by maxTimeMS, aborts and clients that go away', { timeout: 2_400_000 }, async () => {
    const own = mkdtempSync(join(tmpdir(), 'bh-interrupted-max-'));
    const server = await startEmbeddedDb({ dataDir: own, port: await freePort(), log: () => {} });
    const engine = server.kind === 'ferretdb' ? 'ferretdb' : 'mongodb';
    const steady = createMongoClient(server.uri, engine);
    const burst = createMongoClient(server.uri, engine);
    try {
      const col = steady.db('interrupted').collection<{ n: number; k: string; s: string; pad: string }>('items');
      // Sizeable, and shaped so that SQLite reads a varying number of rows before it has a first one
      // to give (a string equality is handed to SQLite and matches every 997th document): the
      // cancellation then lands anywhere around the query's first row.
      for (let b = 0; b < 20; b += 1) {
        await col.insertMany(Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, k: `m${(b * 1000 + i) % 997}`, s: `v${i % 97}`, pad: 'p'.repeat(160) })));
      }
      const theirs = burst.db('interrupted').collection('items');
      const rounds = Number(process.env.INTERRUPT_BURSTS ?? 100);
      const failures: string[] = [];
      let cut = 0;
      let round = 0;
      const started = Date.now();
      for (round = 1; round <= rounds && failures.length === 0; round += 1) {
        const leaving = createMongoClient(server.uri, engine);
        const abort = new AbortController();
        const work: Promise<unknown>[] = [];
        for (let q = 0; q < 36; q += 1) {
          const maxTimeMS = 1 + ((round + q) % 5);
          const k = `m${(round * 31 + q * 17) % 997}`;
          work.push(
            q % 4 === 0
              ? theirs.aggregate([{ $match: { s: { $ne: 'x' } } }, { $group: { _id: '$s', c: { $sum: 1 } } }], { maxTimeMS }).toArray()
              : q % 4 === 1
                ? theirs.find({ k }).maxTimeMS(maxTimeMS).toArray()
                : q % 4 === 2
                  ? theirs.find({ pad: { $ne: 'x' } }, { batchSize: 50 }).sort({ n: -1 }).maxTimeMS(maxTimeMS).toArray()
                  : theirs.find({ k: { $in: [k, 'm3'] } }).maxTimeMS(maxTimeMS).limit(2).toArray(),
          );
        }
        // Cut short from the client's side: reads aborted mid-way, and a client closed with reads in flight.
        for (let q = 0; q < 4; q += 1) work.push(theirs.find({ k: `m${q}` }, { signal: abort.signal }).toArray());
        const leavingCol = leaving.db('interrupted').collection('items');
        for (let q = 0; q < 4; q += 1) work.push(leavingCol.find({ s: { $regex: 'zz' } }).toArray());
        const outcomes = work.map((p) => p.then(() => 0, () => 1));
        await sleep(1 + (round % 6));
        abort.abort();
        await leaving.close(true);
        cut += (await Promise.all(outcomes)).reduce((a, b) => a + b, 0);

        // A plain read without a time limit, one after another (FerretDB's pool hands out the
        // connection given back last) and many at once: every one must be answered.
        for (let p = 0; p < 8 && failures.length === 0; p += 1) {
          try {
            await col.find({ k: `m${p}` }).limit(3).toArray();
          } catch (err) {
            failures.push(`burst ${round}, read ${p + 1}: ${(err as Error).message}`);
          }
        }
        const answers = await Promise.allSettled(Array.from({ length: 24 }, (_, p) => col.findOne({ n: p * 13 })));
        for (const answer of answers) if (answer.status === 'rejected') failures.push(`burst ${round}: ${(answer.reason as Error).message}`);
        if (process.env.INTERRUPT_BURSTS && round % 25 === 0) console.log(`${round} bursts, ${cut} operations cut short, ${failures.length} plain reads refused`);
      }
      console.log(`${round - 1} bursts in ${Math.round((Date.now() - started) / 1000)} s, ${cut} operations cut short, ${failures.length} plain reads refused: ${failures[0] ?? 'none'}`);
      expect(cut).toBeGreaterThan(rounds);
      expect(failures.slice(0, 5)).toEqual([]);
    } finally {
      await burst.close().catch(() => {});
      await steady.close().catch(() => {});
      await server.stop();
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('restarts a FerretDB that answers "interrupted" to reads without a time limit, and reads are answered again', { timeout: 300_000 }, async () => {
    const own = mkdtempSync(join(tmpdir(), 'bh-stuck-'));
    const proxy = new InterruptingProxy();
    await proxy.listen(join(own, 'p.sock'));
    const lines: string[] = [];
    const server = await startEmbeddedDb({
      dataDir: join(own, 'data'),
      preferred: 'ferretdb',
      log: (line) => lines.push(line),
      stuckWatch: { databases: ['stuck'], everyMs: 200, failures: 3, uri: proxy.uri },
    });
    const client = createMongoClient(proxy.uri, 'ferretdb');
    try {
      expect(server.kind).toBe('ferretdb');
      proxy.target = server.socket!;
      const col = client.db('stuck').collection<{ n: number }>('items');
      await col.insertMany(Array.from({ length: 20 }, (_, n) => ({ n })));
      // Probes that are answered restart nothing.
      await sleep(1_500);
      expect([server.restarts(), server.stuckRestarts()]).toEqual([0, 0]);

      const lockPid = () => (JSON.parse(readFileSync(join(own, 'data', 'embedded.json'), 'utf8')) as { pid: number }).pid;
      const stuckPid = lockPid();
      proxy.stickWhile(stuckPid);
      await expect(col.findOne({ n: 5 })).rejects.toThrow(/interrupted \(9\)/);

      const deadline = Date.now() + 120_000;
      while (server.restarts() === 0 && Date.now() < deadline) await sleep(100);
      expect([server.restarts(), server.stuckRestarts()]).toEqual([1, 1]);
      expect(lines.filter((l) => l.includes('answers "interrupted" to reads without a time limit (3 probes in a row); restarting it'))).toHaveLength(1);
      expect(lockPid()).not.toBe(stuckPid);

      // The client that stayed open reads the same data again from the server started anew.
      let read: { n: number } | null = null;
      while (!read && Date.now() < deadline) read = await col.findOne({ n: 5 }).catch(() => (sleep(200).then(() => null)));
      expect(read?.n).toBe(5);
      expect(await col.countDocuments({})).toBe(20);
      await sleep(1_500);
      expect(server.stuckRestarts()).toBe(1);
      expect(proxy.refused).toBeGreaterThanOrEqual(4);
    } finally {
      await client.close().catch(() => {});
      await server.stop();
      await proxy.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});

/** Commands that reach FerretDB's SQLite connections (hello, ping, listCollections and the like pass). */
const ON_SQLITE = new Set(['find', 'aggregate', 'count', 'distinct', 'getMore', 'insert', 'update', 'delete', 'findAndModify']);
const OP_MSG = 2013;

/**
 * A Unix socket in front of the embedded FerretDB that answers every read and write as a stuck
 * FerretDB did (issue 54: `interrupted (9)`, FerretDB's InternalError) while the process given to
 * `stickWhile` runs, and passes everything else on: a database stuck until it restarts.
 */
class InterruptingProxy {
  readonly #server: Server = createServer((client) => this.#accept(client));
  readonly #sockets = new Set<Socket>();
  #path = '';
  #stuck: number | null = null;
  #nextId = 1;
  target = '';
  refused = 0;

  async listen(path: string): Promise<void> {
    this.#path = path;
    await new Promise<void>((resolve) => this.#server.listen(path, resolve));
  }

  get uri(): string {
    return `mongodb://${encodeURIComponent(this.#path)}/`;
  }

  stickWhile(pid: number): void {
    this.#stuck = pid;
  }

  #isStuck(): boolean {
    if (this.#stuck === null) return false;
    try {
      process.kill(this.#stuck, 0);
      return true;
    } catch {
      this.#stuck = null;
      return false;
    }
  }

  #accept(client: Socket): void {
    const upstream = connect({ path: this.target });
    this.#sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.#sockets.delete(client);
      this.#sockets.delete(upstream);
    };
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const message = pending.subarray(0, pending.readInt32LE(0));
        pending = pending.subarray(message.length);
        const command = message.readInt32LE(12) === OP_MSG && message[20] === 0 ? Object.keys(BSON.deserialize(message.subarray(21, 21 + message.readInt32LE(21))))[0] : undefined;
        if (command && ON_SQLITE.has(command) && this.#isStuck()) {
          this.refused += 1;
          client.write(this.#interrupted(message.readInt32LE(4)));
        } else {
          upstream.write(message);
        }
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }

  /** FerretDB's answer from a stuck connection, as the reproduction above gets it. */
  #interrupted(requestId: number): Buffer {
    const body = BSON.serialize({ ok: 0, errmsg: '[collection.go:96 sqlite.(*collection).Query] interrupted (9)', code: 1, codeName: 'InternalError' });
    const header = Buffer.alloc(21);
    header.writeInt32LE(21 + body.length, 0);
    header.writeInt32LE(this.#nextId++, 4);
    header.writeInt32LE(requestId, 8);
    header.writeInt32LE(OP_MSG, 12);
    header.writeUInt32LE(0, 16);
    header[20] = 0;
    return Buffer.concat([header, body]);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
