import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/**
 * Field names SQLite reads as one of a FerretDB table's columns when written as a double-quoted name
 * (`_ferretdb_sjson->"oid"`), in any letter case: the implicit row id (`rowid`, `oid`, `_rowid_`)
 * and FerretDB's own columns (`_ferretdb_sjson`, and `_ferretdb_record_id` in a capped collection).
 * Issue 54: our build's pushdown (bhFieldExpr, tools/ferretdb/patches/bh_pushdown.go) compared that
 * column instead of the field, so every read and write by such a field found nothing.
 */
const COLUMN_LIKE = ['oid', 'Oid', 'OID', 'rowid', 'ROWID', '_rowid_', '_ROWID_', '_ferretdb_sjson', '_FERRETDB_SJSON', '_Ferretdb_Sjson', '_ferretdb_record_id', '_FERRETDB_RECORD_ID'];

describe('fields whose names SQLite knows as columns', () => {
  it.each(COLUMN_LIKE)('finds, counts, updates, upserts and deletes by a field named %s', async (field) => {
    const col = ctx.deps.db.collection(`column_like_${field}`);
    await col.insertMany([
      { _id: 1 as never, [field]: 'x' },
      { _id: 2 as never, [field]: 'y' },
      { _id: 3 as never, [field]: ['y', 'z'] },
    ]);
    // The reproduction of issue 54: each of these found nothing on the build before the fix.
    expect(await col.find({ [field]: 'x' }).toArray()).toEqual([{ _id: 1, [field]: 'x' }]);
    expect((await col.find({ [field]: { $in: ['x', 'y'] } }).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2, 3]);
    expect(await col.countDocuments({ [field]: 'x' })).toBe(1);
    expect((await col.updateMany({ [field]: 'y' }, { $set: { seen: true } })).modifiedCount).toBe(2);
    expect((await col.updateOne({ [field]: 'x' }, { $set: { seen: true } }, { upsert: true })).upsertedCount).toBe(0);
    expect(await col.countDocuments({})).toBe(3);
    expect((await col.deleteMany({ [field]: { $eq: 'y' } })).deletedCount).toBe(2);
    expect(await col.find({}).toArray()).toEqual([{ _id: 1, [field]: 'x', seen: true }]);
  });

  it('finds a date range and its sorted page by a field named oid, through its index on FerretDB', async () => {
    const col = ctx.deps.db.collection<{ _id: number; oid: unknown; owner: string }>('column_like_dates');
    await col.createIndex({ owner: 1, oid: 1 }, { name: 'by_owner_oid' });
    const start = Date.UTC(2026, 11, 1);
    const docs = Array.from({ length: 30 }, (_, i) => ({ _id: i, oid: new Date(start + i * 86_400_000) as unknown, owner: i % 2 ? 'odd' : 'even' }));
    docs.push({ _id: 30, oid: [new Date(start + 86_400_000 * 3)], owner: 'odd' });
    await col.insertMany(docs);
    const range = { $gte: new Date(start + 86_400_000 * 2), $lt: new Date(start + 86_400_000 * 10) };
    const ids = async (found: Promise<{ _id: number }[]>) => (await found).map((d) => d._id);
    expect(await ids(col.find({ oid: range }).sort({ oid: 1, _id: 1 }).limit(3).toArray())).toEqual([2, 3, 30]);
    expect(await ids(col.find({ oid: range, owner: 'odd' }).sort({ oid: -1, _id: 1 }).limit(2).toArray())).toEqual([9, 7]);
    expect(await col.countDocuments({ oid: range, owner: 'even' })).toBe(4);
    if (inject('mongoEngine') === 'ferretdb') {
      // The field's expression is the one FerretDB's index holds, so SQLite reads through it.
      const explained = await ctx.deps.db.command({ explain: { find: 'column_like_dates', filter: { owner: 'odd', oid: range }, limit: 1 }, verbosity: 'queryPlanner' });
      expect(JSON.stringify(explained.queryPlanner)).toMatch(/SEARCH \S+ USING INDEX \S*by_owner_oid/);
    }
  });

  it('finds a field named _ferretdb_record_id in a capped collection', async () => {
    await ctx.deps.db.createCollection('column_like_capped', { capped: true, size: 1 << 20 });
    const col = ctx.deps.db.collection('column_like_capped');
    await col.insertMany([{ _id: 1 as never, _ferretdb_record_id: 'a', _FERRETDB_RECORD_ID: 'b' }, { _id: 2 as never, _ferretdb_record_id: 'b', _FERRETDB_RECORD_ID: 'a' }]);
    expect((await col.find({ _ferretdb_record_id: 'a' }).toArray()).map((d) => d._id)).toEqual([1]);
    expect((await col.find({ _FERRETDB_RECORD_ID: 'a' }).toArray()).map((d) => d._id)).toEqual([2]);
  });
});
