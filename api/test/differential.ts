import { Binary, BSON, ObjectId, type Db, type Document } from 'mongodb';

/**
 * A seeded differential run of the embedded FerretDB's narrowing (our build's pushdown, sorted pages
 * and counts: tools/ferretdb/patches/): every random find, count, aggregate, update and delete is
 * sent as it is and wrapped in `$and`, which FerretDB hands to SQLite as no narrowing at all (our
 * patches take only plain top-level fields), so the second answer is FerretDB's own. Any difference
 * is a document the narrowing lost or invented. The documents mix types in every field (strings,
 * ObjectIds, numbers, dates at the 12/13/14-digit edges, arrays, embedded documents, null, missing)
 * and use field names SQLite knows as columns (issue 54). `api/src/db/differential.test.ts` runs a
 * small seeded set; `scripts/ferretdb-differential.ts` the full size.
 */

export interface DifferentialSizes {
  seed: number;
  documents: number;
  finds: number;
  counts: number;
  aggregates: number;
  updates: number;
  deletes: number;
}

export interface DifferentialFigures extends DifferentialSizes {
  /** Operations compared (each sent both ways). */
  compared: number;
  /** What differed, one line each (empty when the two ways agree). */
  mismatches: string[];
}

/** mulberry32: a small seeded generator, so a failing run can be run again. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

/** Top-level fields: ordinary names, and names SQLite reads as a table's columns. */
const FIELDS = ['status', 'owner', 'at', 'n', 'oid', 'Oid', 'ROWID', '_rowid_', '_FERRETDB_SJSON', '_ferretdb_record_id'] as const;
const STRINGS = ['a', 'b', 'c', 'A', '', 'x"y', 'back\\slash', 'नमस्ते', '[a]', '2026-12-10', 'line\nbreak'];
const OBJECT_IDS = ['64b000000000000000000001', '64b000000000000000000002', '64b000000000000000000003'].map((h) => new ObjectId(h));
/** Dates on and around the edges of 13 digits of milliseconds (the date ranges' narrowing), and some of 2026. */
const DATES = [
  Date.UTC(1999, 11, 31),
  1e12 - 1,
  1e12,
  1e12 + 1,
  Date.UTC(2026, 11, 1),
  Date.UTC(2026, 11, 1) + 1,
  Date.UTC(2026, 11, 10),
  Date.UTC(2026, 11, 15),
  Date.UTC(2026, 11, 31),
  1e13 - 1,
  1e13,
  Date.UTC(1969, 11, 31),
].map((ms) => new Date(ms));

function valueMaker(rand: ReturnType<typeof generator>) {
  const scalar = (): unknown => {
    switch (rand.int(10)) {
      case 0:
      case 1:
      case 2:
        return rand.pick(STRINGS);
      case 3:
        return rand.pick(OBJECT_IDS);
      case 4:
      case 5:
        return rand.pick(DATES);
      case 6:
        // A number, sometimes a date's milliseconds (equal text, another type).
        return rand.next() < 0.5 ? rand.pick(DATES).getTime() : rand.pick([0, 1, 1.5, -2, 13]);
      case 7:
        return rand.pick([null, true, false]);
      case 8:
        return new Binary(Buffer.from(rand.pick(['a', 'abc', 'YQ=='])));
      default:
        return rand.pick(STRINGS);
    }
  };
  const value = (): unknown => {
    const r = rand.int(10);
    if (r < 7) return scalar();
    if (r < 9) return Array.from({ length: rand.int(4) }, scalar);
    return { x: scalar() };
  };
  return { scalar, value };
}

function makeDocuments(rand: ReturnType<typeof generator>, count: number): Document[] {
  const { value } = valueMaker(rand);
  return Array.from({ length: count }, (_, i) => {
    const doc: Document = { _id: i % 3 === 0 ? `d${i}` : new ObjectId(i.toString(16).padStart(24, '0')) };
    for (const field of FIELDS) if (rand.next() < 0.8) doc[field] = value();
    return doc;
  });
}

/** A random filter of the shapes the narrowing takes (and a few it leaves alone), over known ids. */
function filterMaker(rand: ReturnType<typeof generator>, ids: unknown[]) {
  const { scalar } = valueMaker(rand);
  const equalValue = () => (rand.next() < 0.75 ? rand.pick([...STRINGS, ...OBJECT_IDS]) : scalar());
  const range = (): Document => {
    const [a, b] = [rand.pick(DATES), rand.pick(DATES)].sort((x, y) => x.getTime() - y.getTime());
    const range: Document = {};
    range[rand.next() < 0.5 ? '$gte' : '$gt'] = a;
    range[rand.next() < 0.5 ? '$lt' : '$lte'] = b;
    if (rand.next() < 0.1) delete range[Object.keys(range)[rand.int(2)]!];
    return range;
  };
  const condition = (): [string, unknown] => {
    const field = rand.pick(FIELDS);
    switch (rand.int(8)) {
      case 0:
      case 1:
        return [field, equalValue()];
      case 2:
        return [field, { $eq: equalValue() }];
      case 3:
        return [field, { $in: Array.from({ length: 1 + rand.int(4) }, equalValue) }];
      case 4:
      case 5:
        return [field, range()];
      case 6:
        return ['_id', rand.next() < 0.5 ? rand.pick(ids) : { $in: Array.from({ length: 1 + rand.int(5) }, () => rand.pick(ids)) }];
      default:
        return [field, rand.pick([{ $ne: equalValue() }, { $exists: rand.next() < 0.5 }, { $size: rand.int(3) }])];
    }
  };
  return (): Document => {
    const filter: Document = {};
    const n = 1 + rand.int(3);
    for (let i = 0; i < n; i++) {
      const [field, cond] = condition();
      filter[field] = cond;
    }
    return filter;
  };
}

const text = (v: unknown) => BSON.EJSON.stringify(v as Document, { relaxed: false });
/** Documents in a fixed order, for finds without a sort (the two ways may read in different orders). */
const asSet = (docs: Document[]) => docs.map(text).sort().join('\n');
const plainOrWrapped = (filter: Document, wrapped: boolean): Document => (wrapped ? { $and: [filter] } : filter);

/** Answers both ways; a refusal counts as an answer (its message), so refusals must agree too. */
async function both<T>(run: (wrapped: boolean) => Promise<T>): Promise<[string, string]> {
  const answer = async (wrapped: boolean) => {
    try {
      return text({ ok: (await run(wrapped)) as unknown });
    } catch (err) {
      return `refused: ${(err as { codeName?: string }).codeName ?? (err as Error).message}`;
    }
  };
  return [await answer(false), await answer(true)];
}

export async function runDifferential(db: Db, sizes: DifferentialSizes, log: (line: string) => void = () => {}): Promise<DifferentialFigures> {
  const rand = generator(sizes.seed);
  const docs = makeDocuments(rand, sizes.documents);
  const ids = [...docs.map((d) => d._id as unknown), 'd-missing', new ObjectId()];
  const nextFilter = filterMaker(rand, ids);
  const mismatches: string[] = [];
  let compared = 0;
  const check = (what: string, filter: Document, [plain, wrapped]: [string, string]) => {
    compared += 1;
    if (plain === wrapped) return;
    // Where the two answers part, with a little before it.
    let at = 0;
    while (plain[at] === wrapped[at]) at += 1;
    const from = Math.max(0, at - 120);
    mismatches.push(`${what} ${text(filter)}: …${plain.slice(from, at + 200)} ≠ …${wrapped.slice(from, at + 200)}`);
  };

  const read = db.collection('differential_read');
  await read.drop().catch(() => {});
  // Indexes as the product's are (one field, and equal fields before a date), so SQLite reads
  // through them where the narrowing allows.
  await read.createIndex({ status: 1 });
  await read.createIndex({ oid: 1 });
  await read.createIndex({ owner: 1, at: 1 });
  await read.createIndex({ ROWID: 1, oid: -1 });
  for (let i = 0; i < docs.length; i += 1000) await read.insertMany(docs.slice(i, i + 1000));

  const sortFor = (filter: Document): Document => {
    const fields = Object.keys(filter).filter((f) => f !== '_id');
    const first = fields.length && rand.next() < 0.8 ? rand.pick(fields) : rand.pick(FIELDS);
    return { [first]: rand.pick([1, -1]), _id: 1 };
  };

  for (let i = 0; i < sizes.finds; i++) {
    const filter = nextFilter();
    if (rand.next() < 0.4) {
      const sort = sortFor(filter);
      const skip = rand.int(4);
      const limit = 1 + rand.int(12);
      check(`find sort ${text(sort)} skip ${skip} limit ${limit}`, filter, await both((w) => read.find(plainOrWrapped(filter, w)).sort(sort).skip(skip).limit(limit).toArray()));
    } else {
      check('find', filter, await both(async (w) => asSet(await read.find(plainOrWrapped(filter, w)).toArray())));
    }
    if ((i + 1) % 250 === 0) log(`${i + 1} finds, ${mismatches.length} mismatches`);
  }
  for (let i = 0; i < sizes.counts; i++) {
    const filter = rand.next() < 0.05 ? {} : nextFilter();
    check('count', filter, await both(async (w) => (await db.command({ count: read.collectionName, query: plainOrWrapped(filter, w) })).n as number));
  }
  for (let i = 0; i < sizes.aggregates; i++) {
    const filter = nextFilter();
    const sort = sortFor(filter);
    const limit = 1 + rand.int(20);
    check(`aggregate sort ${text(sort)} limit ${limit}`, filter, await both((w) => read.aggregate([{ $match: plainOrWrapped(filter, w) }, { $sort: sort }, { $limit: limit }]).toArray()));
  }

  // Writes: the same documents in two collections, each write sent as it is to one and wrapped to
  // the other; the answers and then the collections must agree.
  const plainCol = db.collection('differential_write_plain');
  const wrappedCol = db.collection('differential_write_wrapped');
  for (const col of [plainCol, wrappedCol]) {
    await col.drop().catch(() => {});
    await col.createIndex({ oid: 1 });
    await col.createIndex({ status: 1 });
    for (let i = 0; i < docs.length; i += 1000) await col.insertMany(docs.slice(i, i + 1000));
  }
  const on = (wrapped: boolean) => (wrapped ? wrappedCol : plainCol);
  // An upsert's filter: the random filter's conditions that are plain values (not _id), or one.
  const upsertFilter = (f: Document): Document => {
    const equal = Object.fromEntries(Object.entries(f).filter(([k, v]) => k !== '_id' && (typeof v !== 'object' || v === null || v instanceof ObjectId)));
    return Object.keys(equal).length ? equal : { status: rand.pick(STRINGS) };
  };
  const compareContents = async (after: string) => {
    // An upserted document's fields come in another order on each side (filter first, or $set first).
    const sorted = (d: Document) => (String(d._id).startsWith('up') ? Object.fromEntries(Object.entries(d).sort(([x], [y]) => x.localeCompare(y))) : d);
    const [a, b] = [asSet((await plainCol.find({}).toArray()).map(sorted)), asSet((await wrappedCol.find({}).toArray()).map(sorted))];
    compared += 1;
    if (a !== b) mismatches.push(`contents after ${after} differ`);
  };
  for (let i = 0; i < sizes.updates; i++) {
    const kind = rand.int(3);
    const filter = kind === 2 ? upsertFilter(nextFilter()) : nextFilter();
    const result = await both(async (w) => {
      const col = on(w);
      const f = plainOrWrapped(filter, w);
      if (kind === 0) return col.updateMany(f, { $set: { touched: i } });
      // (Many: which one document updateOne takes is not defined, and differs by the order read.)
      if (kind === 1) return col.updateMany(f, { $inc: { hits: 1 } });
      // An upsert inserts a document only when nothing matches. FerretDB builds the new document from
      // a filter's equal fields only when they are not wrapped (and refuses one with operators), so
      // upserts get filters of equal fields (the wrapped side's document gets them below).
      return col.updateMany(f, { $set: { upserted: i }, $setOnInsert: { _id: `up${i}` } }, { upsert: true });
    });
    check(`update(${kind})`, filter, result);
    // FerretDB puts a filter's equal fields into an upserted document only when they are not wrapped:
    // the wrapped side's gets them here, so that the two collections hold the same documents.
    if (kind === 2) await wrappedCol.updateOne({ _id: `up${i}` as never }, { $set: filter });
    if ((i + 1) % 50 === 0) await compareContents(`${i + 1} updates`);
  }
  await compareContents('the updates');
  for (let i = 0; i < sizes.deletes; i++) {
    const filter = nextFilter();
    check('deleteMany', filter, await both((w) => on(w).deleteMany(plainOrWrapped(filter, w))));
  }
  await compareContents('the deletes');
  for (const col of [read, plainCol, wrappedCol]) await col.drop().catch(() => {});
  return { ...sizes, compared, mismatches };
}
