import { randomBytes } from 'node:crypto';
import { MongoServerError, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMongoClient } from '../lib/mongo.ts';

/**
 * Writes sent together on many connections, as a login's are (a rate-limit slot, two slots given
 * back and a session) and a burst of bookings'. Our FerretDB build has them take turns in the
 * server rather than in SQLite's busy handler (bhWriteTurn, FERRETDB_PATCHES in embedded.ts): these
 * tests check that every write still lands or is refused exactly as it should, and that none keeps
 * its turn afterwards, refused or not. How much sooner they land is the bench's to measure (README,
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
});
