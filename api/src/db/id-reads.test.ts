import { ObjectId, type Document } from 'mongodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** How the server plans a find of one document by `_id`. */
async function planOf(collection: string, _id: unknown): Promise<string> {
  const explained: Document = await ctx.deps.db.command({ explain: { find: collection, filter: { _id }, limit: 1 }, verbosity: 'queryPlanner' });
  return JSON.stringify(explained.queryPlanner);
}

describe('reads by _id', () => {
  // Every request's session, account and list of meetings is such a read: on the embedded FerretDB
  // it read the whole table row by row until our build made its lookup use the _id index
  // (FERRETDB_PATCHES in embedded.ts).
  it('find one document through the _id index, not by reading the collection', async () => {
    const users = Array.from({ length: 50 }, (_, i) => ({ _id: new ObjectId(), email: `reader-${i}@test.betterhealth.in` }));
    await ctx.deps.db.collection('id_reads').insertMany(users);
    await ctx.deps.db.collection<{ _id: string; userId: ObjectId }>('id_reads_by_text').insertMany(users.map((u) => ({ _id: u.email, userId: u._id })));
    for (const [collection, id] of [['id_reads', users[49]!._id], ['id_reads_by_text', users[49]!.email]] as const) {
      const plan = await planOf(collection, id);
      if (inject('mongoEngine') === 'ferretdb') {
        // SQLite's own plan, as FerretDB reports it.
        expect(plan).toMatch(/SEARCH \S+ USING INDEX/);
        expect(plan).not.toMatch(/detail=SCAN/);
      } else {
        expect(plan).not.toMatch(/COLLSCAN/);
      }
    }
  });
});
