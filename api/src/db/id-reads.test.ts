import { Binary, GridFSBucket, ObjectId, type Document } from 'mongodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { UPLOAD_BUCKET } from './collections.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** How the server plans a find of one document by `filter`. */
async function planOf(collection: string, filter: Document): Promise<string> {
  const explained: Document = await ctx.deps.db.command({ explain: { find: collection, filter, limit: 1 }, verbosity: 'queryPlanner' });
  return JSON.stringify(explained.queryPlanner);
}

/** Midnight UTC of a date, and of a day of December 2026 counted from its 1st (negative: before). */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const dec = (d: number) => new Date(day('2026-12-01').getTime() + d * 86_400_000);

/** The plan must read through an index (on FerretDB: SQLite's own plan). */
function expectIndexed(plan: string) {
  if (inject('mongoEngine') === 'ferretdb') {
    expect(plan).toMatch(/SEARCH \S+ USING INDEX/);
    expect(plan).not.toMatch(/detail=SCAN/);
  } else {
    expect(plan).not.toMatch(/COLLSCAN/);
  }
}

describe('reads by _id', () => {
  // Every request's session, account and list of meetings is such a read: on the embedded FerretDB
  // it read the whole table row by row until our build made its lookup use the _id index
  // (FERRETDB_PATCHES in tools/ferretdb/patches.ts).
  it('find one document through the _id index, not by reading the collection', async () => {
    const users = Array.from({ length: 50 }, (_, i) => ({ _id: new ObjectId(), email: `reader-${i}@test.betterhealth.in` }));
    await ctx.deps.db.collection('id_reads').insertMany(users);
    await ctx.deps.db.collection<{ _id: string; userId: ObjectId }>('id_reads_by_text').insertMany(users.map((u) => ({ _id: u.email, userId: u._id })));
    for (const [collection, id] of [['id_reads', users[49]!._id], ['id_reads_by_text', users[49]!.email]] as const) {
      expectIndexed(await planOf(collection, { _id: id }));
    }
  });

  // A conditional write names the document and what must still hold of it (a meeting cancelled
  // only while scheduled, a lease released only by its owner). FerretDB read the whole collection
  // for those when the condition failed, until our build handed SQLite their _id too.
  it('find a document by _id and a condition through the _id index, and still apply the condition', async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; status: string; owner: string; n: number }>('id_reads_conditional');
    const docs = Array.from({ length: 50 }, (_, i) => ({ _id: new ObjectId(), status: i % 2 ? 'sent' : 'pending', owner: `sender-${i}`, n: 0 }));
    await col.insertMany(docs);
    const last = docs[49]!;
    expectIndexed(await planOf('id_reads_conditional', { _id: last._id, status: 'pending' }));

    // The condition still decides: the last document is 'sent' and owned by sender-49.
    expect((await col.updateOne({ _id: last._id, status: 'pending' }, { $inc: { n: 1 } })).matchedCount).toBe(0);
    expect(await col.findOne({ _id: last._id, status: 'pending' })).toBeNull();
    expect((await col.deleteOne({ _id: last._id, owner: 'sender-1' })).deletedCount).toBe(0);
    expect(await col.countDocuments({ _id: last._id, $or: [{ status: 'pending' }, { owner: 'nobody' }] })).toBe(0);
    expect((await col.updateOne({ _id: last._id, status: 'sent', owner: 'sender-49' }, { $inc: { n: 1 } })).modifiedCount).toBe(1);
    expect(await col.findOne({ _id: last._id })).toEqual({ ...last, n: 1 });
    // Nothing else was touched.
    expect(await col.countDocuments({ n: 0 })).toBe(49);
    expect((await col.deleteOne({ _id: last._id, owner: 'sender-49' })).deletedCount).toBe(1);
    expect(await col.countDocuments({})).toBe(49);
  });

  // The driver's GridFS reads a file as { _id: { $eq } } and our batch reads send { _id: { $in } }.
  it('find documents by _id given as $eq or $in through the _id index, with the rest of the filter applied', async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; owner: string }>('id_reads_operators');
    const docs = Array.from({ length: 40 }, (_, i) => ({ _id: new ObjectId(), owner: i % 2 ? 'odd' : 'even' }));
    await col.insertMany(docs);
    const [a, b, c] = [docs[37]!, docs[38]!, docs[39]!];
    expectIndexed(await planOf('id_reads_operators', { _id: { $eq: c._id } }));
    expectIndexed(await planOf('id_reads_operators', { _id: { $in: [a._id, c._id] }, owner: 'odd' }));
    expect(await col.findOne({ _id: { $eq: c._id } })).toEqual(c);
    const found = await col.find({ _id: { $in: [a._id, b._id, c._id, new ObjectId()] }, owner: 'odd' }).sort({ _id: 1 }).toArray();
    // docs[37] and docs[39] are 'odd', docs[38] 'even'; the unknown id matches nothing.
    expect(found).toEqual([a, c]);
  });

  // A download read every chunk of every uploaded file on FerretDB (1.1 s for a small file beside
  // 100 MB of others) until our build narrowed a chunks read by files_id.
  it("reads a GridFS file's chunks through the files_id index and gets back exactly its bytes", async () => {
    const bucket = new GridFSBucket(ctx.deps.db, { bucketName: UPLOAD_BUCKET, chunkSizeBytes: 1024 });
    const store = (bytes: Buffer) =>
      new Promise<ObjectId>((resolve, reject) => {
        const stream = bucket.openUploadStream('id-reads.bin');
        stream.once('finish', () => resolve(stream.id as ObjectId)).once('error', reject);
        stream.end(bytes);
      });
    const mine = Buffer.from(Array.from({ length: 5_000 }, (_, i) => (i * 7) % 256));
    const others = await Promise.all([0, 1, 2].map((k) => store(Buffer.alloc(3_000, k + 1))));
    const id = await store(mine);
    expect(others).not.toContain(id);

    expectIndexed(await planOf(`${UPLOAD_BUCKET}.chunks`, { files_id: { $eq: id } }));
    expectIndexed(await planOf(`${UPLOAD_BUCKET}.files`, { _id: { $eq: id } }));
    const read: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(id)) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(mine)).toBe(true);
    await bucket.delete(id);
    await Promise.all(others.map((other) => bucket.delete(other)));
  });
});

describe('reads by another field', () => {
  // A person's sessions, requests, one-time links and document access log, an associate's
  // application, a meeting's messages: each is read by a field other than _id, which FerretDB read
  // by decoding every document of the collection until our build handed SQLite equal strings and
  // ObjectIds of any plain top-level field.
  it("finds documents by a field's value through its index, arrays that hold the value included", async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; userId: unknown; kind: string }>('field_reads');
    await col.createIndex({ userId: 1 }, { name: 'by_user' });
    const people = Array.from({ length: 30 }, () => new ObjectId());
    const docs = people.flatMap((userId, i) => [0, 1, 2].map((n) => ({ _id: new ObjectId(), userId, kind: n === 0 ? 'first' : i % 2 ? 'odd' : 'even' })));
    // MongoDB matches { userId: v } against an array holding v too; such a document must not be lost.
    const shared = { _id: new ObjectId(), userId: [new ObjectId(), people[29]!], kind: 'shared' };
    // Neither an array without the value nor an embedded document holding it matches.
    const others = [
      { _id: new ObjectId(), userId: [new ObjectId()], kind: 'other' },
      { _id: new ObjectId(), userId: { id: people[29]! }, kind: 'other' },
    ];
    await col.insertMany([...docs, shared, ...others]);

    expectIndexed(await planOf('field_reads', { userId: people[29]! }));
    expectIndexed(await planOf('field_reads', { userId: { $in: [people[3]!, people[29]!] }, kind: 'odd' }));
    const byId = (a: { _id: ObjectId }, b: { _id: ObjectId }) => a._id.toHexString().localeCompare(b._id.toHexString());
    const expected = [...docs.filter((d) => d.userId === people[29]), shared].sort(byId);
    expect((await col.find({ userId: people[29]! }).toArray()).sort(byId)).toEqual(expected);
    expect((await col.find({ userId: { $eq: people[29]! } }).toArray()).sort(byId)).toEqual(expected);
    expect(await col.countDocuments({ userId: people[29]!, kind: 'shared' })).toBe(1);
    expect((await col.find({ userId: { $in: [people[3]!, people[29]!] }, kind: 'odd' }).toArray()).sort(byId)).toEqual(
      docs.filter((d) => (d.userId === people[3] || d.userId === people[29]) && d.kind === 'odd').sort(byId),
    );
    // The other conditions still decide, and writes reach exactly the matching documents.
    expect(await col.countDocuments({ userId: people[29]!, kind: 'even' })).toBe(0);
    expect((await col.updateMany({ userId: people[29]! }, { $set: { kind: 'seen' } })).modifiedCount).toBe(expected.length);
    expect((await col.deleteMany({ userId: people[29]!, kind: 'seen' })).deletedCount).toBe(expected.length);
    expect(await col.countDocuments({})).toBe(docs.length + 3 - expected.length);
    expect(await col.find({ kind: 'other' }).sort({ _id: 1 }).toArray()).toEqual(others);
  });

  // The narrowing compares the value as FerretDB stores it: a string written with characters JSON
  // escapes must still be found, and a different value never.
  it('finds a string field by its exact value, whatever characters it holds', async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; email: string }>('field_reads_text');
    await col.createIndex({ email: 1 }, { name: 'by_email' });
    const values = ['a<b>&c@test.betterhealth.in', 'quote"back\\slash', 'नमस्ते 🙂', 'line\nbreak\u2028sep', 'Case@Test.In', 'case@test.in', '[not an array]', ''];
    const docs = values.map((email) => ({ _id: new ObjectId(), email }));
    await col.insertMany(docs);
    for (const doc of docs) {
      expectIndexed(await planOf('field_reads_text', { email: doc.email }));
      expect(await col.find({ email: doc.email }).toArray()).toEqual([doc]);
    }
    expect(await col.findOne({ email: 'case@test.in ' })).toBeNull();
  });

  // The admin's window of meetings and the grid's days are date ranges: FerretDB read every
  // meeting for them until our build handed SQLite a range with both bounds.
  it('finds documents in a date range through its index, and only those', async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; at: unknown; n: number }>('field_reads_dates');
    await col.createIndex({ at: 1 }, { name: 'by_at' });
    const values: unknown[] = [
      day('1999-12-31'), // 12 digits of milliseconds
      day('2001-09-09'),
      day('2026-11-30'),
      day('2026-12-01'),
      new Date(day('2026-12-01').getTime() + 1),
      day('2026-12-15'),
      day('2026-12-31'),
      day('2287-01-01'), // 14 digits
      [day('2020-01-01'), day('2026-12-10')], // an array holding a date in range
      [day('2020-01-01')],
      day('2026-12-10').getTime(), // a number, not a date: a date range never matches it
      '2026-12-10',
      null,
      // MongoDB lets each bound of a range hold for another element of an array: this one matches a
      // December 2026 range, though neither of its dates is in December 2026.
      [day('2020-01-01'), day('2027-06-01')],
    ];
    const docs = values.map((at, n) => ({ _id: new ObjectId(), at, n }));
    await col.insertMany(docs);
    const numbers = async (filter: object) => (await col.find(filter).toArray()).map((d) => d.n).sort((a, b) => a - b);

    const december = { $gte: day('2026-12-01'), $lt: day('2026-12-31') };
    expectIndexed(await planOf('field_reads_dates', { at: december }));
    expect(await numbers({ at: december })).toEqual([3, 4, 5, 8, 13]);
    expect(await numbers({ at: { $gt: day('2026-12-01'), $lte: day('2026-12-31') } })).toEqual([4, 5, 6, 8, 13]);
    expect(await numbers({ at: { $gte: day('2026-12-01'), $lt: day('2026-12-31') }, n: { $gt: 4 } })).toEqual([5, 8, 13]);
    // Ranges this cannot narrow still answer as before: one bound, or bounds outside 2001-2286.
    expect(await numbers({ at: { $gte: day('2026-12-15') } })).toEqual([5, 6, 7, 13]);
    expect(await numbers({ at: { $lt: day('2001-09-10') } })).toEqual([0, 1]);
    expect(await numbers({ at: { $gte: day('1999-01-01'), $lt: day('2300-01-01') } })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13]);
    expect(await numbers({ at: { $gte: day('2026-12-16'), $lt: day('2300-01-01') } })).toEqual([6, 7, 13]);
  });
});

describe('pages sorted by a date', () => {
  // A grid's page is the first few records of a sort. FerretDB decoded and sorted every document
  // the filter kept to return them (2.5 s for 25 of 50,000 meetings) until our build had SQLite read
  // them in the index's order, for a filter that is one date range with both bounds (bhSortedRange).
  // Each page must be what FerretDB's own sort gives: the same find with one more condition, which
  // holds for every document and keeps our build from handing the sort over.
  it('returns the same page as a full sort, whatever else the field holds', async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; at: unknown; n: number }>('sorted_dates');
    await col.createIndex({ at: 1 }, { name: 'by_at' });
    const values: unknown[] = [
      // 150 dates in December 2026 on 30 days, five on each (ties broken by _id or n).
      ...Array.from({ length: 150 }, (_, i) => dec(i % 30)),
      // Arrays, whose place in a sort is their least (ascending) or greatest (descending) element.
      [dec(3), dec(40)],
      [day('2020-01-01'), dec(29)],
      [dec(10)],
      [day('2020-01-01'), day('2027-06-01')], // matches: each bound holds for one element
      [],
      // In SQLite's text order among the dates, yet not dates: the range never matches them.
      dec(5).getTime(),
      dec(29).getTime() + 0.5,
      7,
      99999999999999,
      '2026-12-10',
      { at: dec(4) },
      null,
      // Dates outside the range, 12 and 14 digits of milliseconds among them, and two whose
      // milliseconds' text SQLite orders between December's (1797 ms into 1970, and in 2539).
      day('1999-12-31'),
      day('2287-01-01'),
      new Date(1797),
      new Date(17_970_000_000_000),
      dec(-1),
      dec(31),
    ];
    const docs: { _id: ObjectId; at?: unknown; n: number }[] = values.map((at, n) => ({ _id: new ObjectId(), at, n }));
    docs.push({ _id: new ObjectId(), n: values.length }); // no date at all
    await col.insertMany(docs.slice().reverse() as never);
    const ids = async (filter: object, sort: Record<string, 1 | -1>, skip: number, limit: number) =>
      (await col.find(filter).sort(sort).skip(skip).limit(limit).toArray()).map((d) => d.n);

    const ranges = [
      { $gte: dec(0), $lt: dec(30) },
      { $gt: dec(2), $lte: dec(28) },
      { $gte: dec(1), $gt: dec(0), $lt: dec(31), $lte: dec(20) },
      { $gte: dec(40), $lt: dec(50) }, // only an array's element
    ];
    let pages = 0;
    for (const range of ranges) {
      for (const direction of [1, -1] as const) {
        for (const sort of [{ at: direction, _id: direction }, { at: direction, n: -direction }] as Record<string, 1 | -1>[]) {
          for (const [skip, limit] of [[0, 1], [0, 7], [3, 5], [140, 10], [0, 1000]] as const) {
            const page = await ids({ at: range }, sort, skip, limit);
            expect(page, JSON.stringify({ range, sort, skip, limit })).toEqual(await ids({ at: range, n: { $gte: 0 } }, sort, skip, limit));
            pages += page.length;
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(1000);
    // A condition on an embedded field, which FerretDB keeps from its backend, still decides: the
    // page is not cut before it is applied.
    await col.updateMany({ n: { $mod: [2, 0] } }, { $set: { tag: { even: true } } });
    await col.updateMany({ n: { $mod: [2, 1] } }, { $set: { tag: { even: false } } });
    for (const direction of [1, -1] as const) {
      const sort = { at: direction, _id: direction } as Record<string, 1 | -1>;
      const page = await ids({ at: ranges[0], 'tag.even': true }, sort, 0, 7);
      expect(page).toHaveLength(7);
      expect(page).toEqual(await ids({ at: ranges[0], 'tag.even': true, n: { $gte: 0 } }, sort, 0, 7));
    }
    // An array sorts by its least element ascending and its greatest descending, as in MongoDB: the
    // two holding 2020 come before December's 1st, and the one reaching June 2027 comes first.
    expect(await ids({ at: ranges[0] }, { at: 1, n: 1 }, 0, 6)).toEqual([151, 153, 0, 30, 60, 90]);
    expect(await ids({ at: ranges[0] }, { at: -1, n: 1 }, 0, 3)).toEqual([153, 150, 29]);
  });

  // A grid filtered by a value (the Emails grid's status, the meetings grid's client) and sorted by a
  // date is one date range and fields equal to strings: our build has SQLite read its page and count
  // it through an index too (bhRangeShape). Only strings count as equal, arrays hold theirs, and a
  // text SQLite stores the same way (an ObjectId's hex, a binary's base64) or escapes is no match.
  it('pages and counts a date range with fields equal to strings as FerretDB does', async () => {
    const hex = new ObjectId().toHexString();
    const raw = Buffer.from('hello world!');
    const bytes = new Binary(raw);
    const b64 = raw.toString('base64');
    const escaped = '<Ä & "q" \\ é>';
    const kinds: unknown[] = [
      ...Array.from({ length: 120 }, (_, i) => (i % 10 === 0 ? 'rare' : 'common')),
      hex,
      hex,
      b64,
      b64,
      escaped,
      escaped,
      escaped,
      new ObjectId(hex),
      bytes,
      7,
      null,
      { kind: 'rare' },
      'Rare',
    ];
    const arrays: unknown[] = [['rare', 'x'], ['common'], [], [escaped]];
    for (const [name, values] of [['equal_dates', kinds], ['equal_dates_arrays', [...kinds, ...arrays]]] as const) {
      const col = ctx.deps.db.collection<{ _id: ObjectId; n: number }>(name);
      await col.createIndex({ kind: 1, at: -1 }, { name: 'by_kind_at' });
      await col.createIndex({ at: -1 }, { name: 'by_at' });
      const docs: Document[] = values.map((kind, n) => ({ _id: new ObjectId(), at: dec(n % 30), kind, other: n % 3 === 0 ? 'a' : 'b', n }));
      docs.push({ _id: new ObjectId(), at: dec(4), other: 'a', n: docs.length }); // no kind at all
      docs.push({ _id: new ObjectId(), at: dec(40), kind: 'rare', other: 'a', n: docs.length }); // outside the range
      docs.push({ _id: new ObjectId(), at: dec(4).getTime(), kind: 'rare', other: 'a', n: docs.length }); // a number, no date
      docs.push({ _id: new ObjectId(), at: new Date(1797), kind: 'rare', other: 'a', n: docs.length }); // text between the bounds'
      docs.push({ _id: new ObjectId(), at: new Date(17_970_000_000_000), kind: 'common', other: 'a', n: docs.length });
      if (name === 'equal_dates_arrays') docs.push({ _id: new ObjectId(), at: [dec(3), dec(50)], kind: 'rare', other: 'a', n: docs.length });
      await col.insertMany(docs.reverse() as never);
      const ids = async (filter: object, sort: Record<string, 1 | -1>, skip: number, limit: number) =>
        (await col.find(filter).sort(sort).skip(skip).limit(limit).toArray()).map((d) => d.n);
      const range = { $gte: dec(0), $lt: dec(30) };
      const filters: Document[] = [
        { at: range, kind: 'common' },
        { kind: 'rare', at: range },
        { at: range, kind: { $eq: hex } },
        { at: range, kind: b64 },
        { at: range, kind: escaped },
        { kind: 'common', at: { $gt: dec(2), $lte: dec(20) }, other: 'a' },
        { at: range, kind: 'nobody' },
      ];
      let pages = 0;
      for (const filter of filters) {
        for (const direction of [1, -1] as const) {
          const sort = { at: direction, _id: direction } as Record<string, 1 | -1>;
          for (const [skip, limit] of [[0, 1], [0, 7], [3, 5], [90, 10], [0, 1000]] as const) {
            const page = await ids(filter, sort, skip, limit);
            const label = JSON.stringify({ name, filter, direction, skip, limit });
            expect(page, label).toEqual(await ids({ ...filter, n: { $gte: 0 } }, sort, skip, limit));
            pages += page.length;
          }
        }
        const { n } = await ctx.deps.db.command({ count: name, query: filter });
        expect(n, `${name} ${JSON.stringify(filter)}`).toBe(await col.countDocuments(filter));
      }
      expect(pages).toBeGreaterThan(400);
      const counted = async (filter: Document) => (await ctx.deps.db.command({ count: name, query: filter })).n as number;
      const arraysToo = name === 'equal_dates_arrays' ? 1 : 0;
      expect(await counted({ at: range, kind: 'rare' })).toBe(12 + 2 * arraysToo);
      expect(await counted({ at: range, kind: hex })).toBe(2);
      expect(await counted({ at: range, kind: b64 })).toBe(2);
      expect(await counted({ at: range, kind: escaped })).toBe(3 + arraysToo);
    }
  });

  // A grid filtered to some days counts them with the count command: our build has SQLite count a
  // date range with both bounds through its index, unless an array in the field needs FerretDB.
  it('counts the documents a date range matches as FerretDB does, with and without arrays', async () => {
    const plain: unknown[] = [...Array.from({ length: 60 }, (_, i) => dec(i % 30)), dec(5).getTime(), 7, '2026-12-10', null, day('1999-12-31'), day('2287-01-01'), new Date(1797), new Date(17_970_000_000_000), dec(-1), dec(31)];
    const ranges = [
      { $gte: dec(0), $lt: dec(30) },
      { $gt: dec(2), $lte: dec(28) },
      { $gte: dec(1), $gt: dec(0), $lt: dec(31), $lte: dec(20) },
      { $gte: dec(40), $lt: dec(50) },
      { $gte: day('1999-01-01'), $lt: day('2300-01-01') }, // bounds outside 2001-2286: FerretDB counts
    ];
    for (const [name, values] of [['counted_dates', plain], ['counted_dates_arrays', [...plain, [dec(3), dec(40)], [day('2020-01-01'), day('2027-06-01')]]]] as const) {
      const col = ctx.deps.db.collection<{ _id: ObjectId; at: unknown }>(name);
      await col.createIndex({ at: 1 }, { name: 'by_at' });
      await col.insertMany(values.map((at) => ({ _id: new ObjectId(), at })));
      const counts = [];
      for (const range of ranges) {
        const { n } = await ctx.deps.db.command({ count: name, query: { at: range } });
        // countDocuments' aggregation is answered by FerretDB alone.
        expect(n, `${name} ${JSON.stringify(range)}`).toBe(await col.countDocuments({ at: range }));
        counts.push(n);
      }
      expect(counts).toEqual(name === 'counted_dates' ? [60, 52, 40, 0, 64] : [62, 54, 42, 2, 66]);
    }
  });

  it("counts a whole collection, as the grids' totals do, and no more than it holds", async () => {
    const col = ctx.deps.db.collection<{ _id: ObjectId; n: number }>('counted_whole');
    expect(await col.estimatedDocumentCount()).toBe(0);
    await col.insertMany(Array.from({ length: 120 }, (_, n) => ({ _id: new ObjectId(), n })));
    expect(await col.estimatedDocumentCount()).toBe(120);
    await col.deleteMany({ n: { $lt: 20 } });
    expect(await col.estimatedDocumentCount()).toBe(100);
    expect(await col.countDocuments({})).toBe(100);
    expect(await col.countDocuments({ n: { $gte: 90 } })).toBe(30);
  });
});
