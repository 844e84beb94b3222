import { MongoServerError, ObjectId } from 'mongodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const onFerretDb = () => inject('mongoEngine') === 'ferretdb';

// Our FerretDB build answers a find's question about its collection (capped or not) from that one
// collection's metadata, parses a command's parameters with tags read once per command type, and
// formats debug messages only when they are kept (FERRETDB_PATCHES in tools/ferretdb/patches.ts). Finds must
// answer as they did before: these run on MongoDB alike.
describe('find commands', () => {
  it("reads a collection's documents with each of a find's parameters applied", async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; n: number; kind: string; note: string }>('find_params');
    await col.insertMany(Array.from({ length: 30 }, (_, n) => ({ _id: new ObjectId(), n, kind: n % 3 === 0 ? 'three' : 'other', note: `note ${n}` })));

    const page = await col.find({ kind: 'three' }, { projection: { _id: 0, n: 1 }, sort: { n: -1 }, skip: 2, limit: 3, batchSize: 2 }).toArray();
    expect(page).toEqual([{ n: 21 }, { n: 18 }, { n: 15 }]);
    expect(await col.findOne({ n: 7 }, { projection: { note: 1, _id: 0 } })).toEqual({ note: 'note 7' });
    expect(await col.countDocuments({ kind: 'other' })).toBe(20);

    const raw = await ctx.deps.db.command({ find: 'find_params', filter: { n: { $lt: 4 } }, sort: { n: 1 }, projection: { _id: 0, n: 1 }, singleBatch: true });
    expect(raw.cursor.firstBatch).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('finds nothing in a collection that does not exist, or no longer does, in a database that does not exist either', async () => {
    const col = ctx.deps.db.collection('find_dropped');
    await col.insertOne({ _id: new ObjectId(), n: 1 });
    expect(await col.countDocuments({})).toBe(1);
    await col.drop();
    expect(await col.find({}).toArray()).toEqual([]);
    expect(await ctx.deps.db.collection('find_never_made').find({ n: 1 }).toArray()).toEqual([]);
    expect(await ctx.deps.client.db(`${ctx.deps.db.databaseName}_none`).collection('nothing').find({}).toArray()).toEqual([]);
  });

  it('refuses a tailable cursor on a collection that is not capped, and gives one on a capped collection', async () => {
    const plain = ctx.deps.db.collection('find_not_capped');
    await plain.insertOne({ _id: new ObjectId(), n: 1 });
    const tailable = ctx.deps.db.command({ find: 'find_not_capped', filter: {}, tailable: true });
    await expect(tailable).rejects.toBeInstanceOf(MongoServerError);
    // BadValue
    await expect(tailable).rejects.toMatchObject({ code: 2, message: expect.stringMatching(/tailable cursor requested on non capped collection/i) });

    const capped = await ctx.deps.db.createCollection('find_capped', { capped: true, size: 64 * 1024 });
    await capped.insertMany([{ _id: new ObjectId(), n: 1 }, { _id: new ObjectId(), n: 2 }]);
    const tail = await ctx.deps.db.command({ find: 'find_capped', filter: {}, tailable: true, projection: { _id: 0, n: 1 } });
    expect(tail.cursor.firstBatch).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('refuses a find with a parameter it does not know, or one of the wrong type', async () => {
    await ctx.deps.db.collection('find_refusals').insertOne({ _id: new ObjectId(), n: 1 });
    const unknown = ctx.deps.db.command({ find: 'find_refusals', filter: {}, bogusOption: 1 });
    await expect(unknown).rejects.toBeInstanceOf(MongoServerError);
    await expect(unknown).rejects.toThrow(onFerretDb() ? /unknown field "bogusOption"/ : /bogusOption/);

    const wrongType = ctx.deps.db.command({ find: 'find_refusals', filter: 'not a document' });
    await expect(wrongType).rejects.toBeInstanceOf(MongoServerError);
    await expect(wrongType).rejects.toThrow(/filter/);
    // The collection still answers.
    expect(await ctx.deps.db.collection('find_refusals').countDocuments({})).toBe(1);
  });
});
