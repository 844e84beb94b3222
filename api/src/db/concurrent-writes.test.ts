import { randomBytes } from 'node:crypto';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMongoClient, mongoClientOptions } from '../lib/mongo.ts';

/**
 * Reads and writes sent again and again, as every request's are. Our FerretDB build keeps each
 * connection's compiled statements for their SQL text and runs them again with new values
 * (bhStmtCache, FERRETDB_PATCHES in tools/ferretdb/patches.ts); the tests below check that a statement run again
 * answers for its new values and sees every write before it.
 *
 * Writes sent together on many connections, as a login's are (a rate-limit slot, two slots given
 * back and a session) and a burst of bookings'. Our FerretDB build has them take turns in the
 * server rather than in SQLite's busy handler (bhWriteTurn, FERRETDB_PATCHES in tools/ferretdb/patches.ts): these
 * tests check that every write still lands or is refused exactly as it should, and that none keeps
 * its turn afterwards, refused or not. How much sooner they land is the bench's to measure (docs/speed.md,
 * "Logins").
 */
const client = createMongoClient(inject('mongoUri'), inject('mongoEngine'));
let db: Db;
beforeAll(async () => {
  await client.connect();
  db = client.db(`t_${randomBytes(6).toString('hex')}`);
});
afterAll(async () => {
  await db.dropDatabase();
  await client.close();
});

interface Slot {
  _id: string;
  n: number;
  note?: string;
}

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? (result.reason instanceof MongoServerError ? result.reason.code : String(result.reason)) : 'ok';

describe('writes sent together', () => {
  it('each insert, update and delete lands once, and every duplicate is refused', async () => {
    const slots = db.collection<Slot>('writes_together');
    await slots.insertMany(Array.from({ length: 40 }, (_, i) => ({ _id: `kept-${i}`, n: i })));

    const results = await Promise.allSettled([
      ...Array.from({ length: 40 }, (_, i) => slots.insertOne({ _id: `new-${i}`, n: i })),
      // One slot wanted by forty at once, as a burst of logins wants the same limiter slot.
      ...Array.from({ length: 40 }, (_, i) => slots.insertOne({ _id: 'wanted', n: i })),
      ...Array.from({ length: 20 }, (_, i) => slots.updateOne({ _id: `kept-${i}` }, { $set: { note: `updated ${i}` } })),
      ...Array.from({ length: 20 }, (_, i) => slots.deleteOne({ _id: `kept-${20 + i}` })),
    ]);

    const codes = results.map(codeOf);
    expect(codes.slice(0, 40)).toEqual(Array(40).fill('ok'));
    const wanted = codes.slice(40, 80);
    expect(wanted.filter((c) => c === 'ok')).toHaveLength(1);
    expect(wanted.filter((c) => c === 11000)).toHaveLength(39);
    expect(codes.slice(80)).toEqual(Array(40).fill('ok'));

    const stored = new Map((await slots.find().toArray()).map((d) => [d._id, d]));
    expect(stored.size).toBe(40 + 1 + 20);
    for (let i = 0; i < 40; i += 1) expect(stored.get(`new-${i}`)).toEqual({ _id: `new-${i}`, n: i });
    for (let i = 0; i < 20; i += 1) expect(stored.get(`kept-${i}`)).toEqual({ _id: `kept-${i}`, n: i, note: `updated ${i}` });
    for (let i = 20; i < 40; i += 1) expect(stored.has(`kept-${i}`)).toBe(false);
    const winner = wanted.indexOf('ok');
    expect(stored.get('wanted')).toEqual({ _id: 'wanted', n: winner });
  });

  it('a write refused half-way, or refused outright, leaves the next writes free to go', async () => {
    const slots = db.collection<Slot>('writes_after_refusals');
    await slots.insertOne({ _id: 'first', n: 0 });

    // An ordered batch stops at its duplicate: what came before it stays, what came after does not.
    const batch = await slots.insertMany([{ _id: 'a', n: 1 }, { _id: 'first', n: 2 }, { _id: 'b', n: 3 }]).catch((err: unknown) => err);
    expect(batch).toBeInstanceOf(MongoServerError);
    expect((batch as MongoServerError).code).toBe(11000);
    // Refused outright, a hundred times over, all at once.
    const refused = await Promise.allSettled(Array.from({ length: 100 }, () => slots.insertOne({ _id: 'first', n: 9 })));
    expect(refused.map(codeOf)).toEqual(Array(100).fill(11000));

    // Nothing refused kept its turn: writes of every kind still go, together and one by one.
    await Promise.all([
      slots.insertOne({ _id: 'c', n: 4 }),
      slots.updateOne({ _id: 'a' }, { $set: { note: 'after' } }),
      slots.deleteOne({ _id: 'first' }),
    ]);
    await slots.insertOne({ _id: 'first', n: 5 });
    expect(await slots.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', n: 1, note: 'after' },
      { _id: 'c', n: 4 },
      { _id: 'first', n: 5 },
    ]);
  });

  it('a read after each write sees it, on every connection, however often the same read runs', async () => {
    // Few connections, so each one runs the same statements many times over.
    const few = new MongoClient(inject('mongoUri'), { ...mongoClientOptions(inject('mongoEngine')), maxPoolSize: 3 });
    try {
      const slots = few.db(db.databaseName).collection<Slot>('reads_after_writes');
      const writers = 6;
      const rounds = 40;
      await slots.insertMany(Array.from({ length: writers * 3 }, (_, i) => ({ _id: `doc-${i}`, n: -1 })));
      const seen = await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const wrong: string[] = [];
          for (let round = 0; round < rounds; round += 1) {
            const id = `doc-${w * 3 + (round % 3)}`;
            await slots.updateOne({ _id: id }, { $set: { n: round, note: `writer ${w}` } });
            // The same reads every round, by _id and by a list of _ids, each with new values.
            const one = await slots.findOne({ _id: id });
            const listed = await slots.find({ _id: { $in: [id, `doc-${(w * 3 + 1) % (writers * 3)}`] } }).toArray();
            const listedN = listed.find((d) => d._id === id)?.n;
            if (one?.n !== round) wrong.push(`${id} read ${one?.n} after writing ${round}`);
            if (listedN !== round) wrong.push(`${id} listed ${listedN} after writing ${round}`);
          }
          return wrong;
        }),
      );
      expect(seen.flat()).toEqual([]);
      const stored = await slots.find().sort({ _id: 1 }).toArray();
      expect(stored).toHaveLength(writers * 3);
      // Each document holds the last round that wrote it: its writer wrote it every third round.
      const lastWrite = (k: number) => Math.max(...Array.from({ length: rounds }, (_, r) => r).filter((r) => r % 3 === k % 3));
      for (const doc of stored) expect(doc.n).toBe(lastWrite(Number(doc._id.slice('doc-'.length))));
    } finally {
      await few.close();
    }
  });
});
