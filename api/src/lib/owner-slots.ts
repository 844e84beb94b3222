import { MongoServerError, type Collection, type ObjectId } from 'mongodb';

/**
 * One entry of an owner's list of rows: `<owner>:<n>` for n = 0, 1, 2, … names the owner's n-th row.
 *
 * On the embedded FerretDB a query by owner (`{ userId }`) reads every row of the collection, all
 * owners' together, while reads by `_id` go through its index. So an append-only collection that is
 * read one owner at a time (consents) keeps beside it, for each owner, the ids of the owner's rows
 * under ids that can be computed: the list is read in batches of `<owner>:0…63`, and the rows by
 * `_id: { $in }`. An entry is claimed by inserting it (the unique `_id` lets one writer win, on
 * MongoDB and on FerretDB, which has no atomic read-modify-write), and entries are never removed, so
 * an owner's entries run from 0 without a gap.
 */
export interface OwnerSlotDoc {
  _id: string;
  itemId: ObjectId;
}

const BATCH = 64;

/** The id of the owner's n-th entry. */
export const slotId = (owner: string, n: number): string => `${owner}:${n}`;
/** The most rows read in one `$in` (the embedded FerretDB hands at most 500 values to SQLite). */
export const IN_BATCH = 500;

/** The owner's row ids in the order they were added. */
export async function slotItems(slots: Collection<OwnerSlotDoc>, owner: string): Promise<ObjectId[]> {
  const items: ObjectId[] = [];
  for (let start = 0; ; start += BATCH) {
    const ids = Array.from({ length: BATCH }, (_, i) => slotId(owner, start + i));
    const found = new Map((await slots.find({ _id: { $in: ids } }).toArray()).map((slot) => [slot._id, slot.itemId]));
    for (const id of ids) {
      const item = found.get(id);
      if (item) items.push(item);
    }
    if (found.size < BATCH) return items;
  }
}

/**
 * Adds `itemId` to the owner's list at the next free number, taken by inserting it; returns the
 * number. `from`, when the caller knows the list's length, saves reading it.
 */
export async function appendSlot(slots: Collection<OwnerSlotDoc>, owner: string, itemId: ObjectId, from?: number): Promise<number> {
  let next = from ?? (await slotItems(slots, owner)).length;
  // A try that loses to another writer moves on by one, and every few losses the list is read again
  // to skip past what the others took meanwhile.
  for (let tries = 1; tries <= 500; tries += 1) {
    try {
      await slots.insertOne({ _id: slotId(owner, next), itemId });
      return next;
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
    }
    next = tries % 8 === 0 ? Math.max(next + 1, (await slotItems(slots, owner)).length) : next + 1;
  }
  throw new Error(`No free entry in the list of ${owner} after 500 tries`);
}

/**
 * Lists rows that were written without appendSlot (stored before the lists existed, or as bulk data)
 * in their owners' lists: each owner's in `order`, after the entries the owner has, leaving out rows
 * already listed. For one writer at a time (a migration, bulk data): it takes numbers without
 * claiming them. Returns how many rows it listed, and for how many owners.
 */
export async function listRows<T extends { _id: ObjectId }>(
  slots: Collection<OwnerSlotDoc>,
  rows: readonly T[],
  ownerOf: (row: T) => string,
  order: (a: T, b: T) => number,
): Promise<{ listed: number; owners: number }> {
  const byOwner = new Map<string, T[]>();
  for (const row of rows) {
    const own = byOwner.get(ownerOf(row));
    if (own) own.push(row);
    else byOwner.set(ownerOf(row), [row]);
  }
  let listed = 0;
  for (const [owner, own] of byOwner) {
    const known = await slotItems(slots, owner);
    const seen = new Set(known.map((id) => id.toHexString()));
    const fresh = own.filter((row) => !seen.has(row._id.toHexString())).sort(order);
    if (fresh.length > 0) await slots.insertMany(fresh.map((row, i) => ({ _id: slotId(owner, known.length + i), itemId: row._id })));
    listed += fresh.length;
  }
  return { listed, owners: byOwner.size };
}
