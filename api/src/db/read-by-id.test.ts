import { Binary, MongoNetworkError, MongoServerError, ObjectId, type Collection, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { readById } from './read-by-id.ts';

let ctx: TestContext;
const events: { name: string; reply?: Document }[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
  ctx.deps.client.on('commandStarted', (event) => events.push({ name: event.commandName }));
  ctx.deps.client.on('commandSucceeded', (event) => events.push({ name: `${event.commandName} answered`, reply: event.reply as Document }));
});

describe('readById', () => {
  it('reads the same document as findOne, with and without a projection, and null for an id nobody has', async () => {
    const col = ctx.deps.db.collection<Document>('read_by_id_docs');
    const docs = [
      { _id: new ObjectId(), email: 'a@test.betterhealth.in', passwordHash: 'secret', at: new Date('2026-06-15T06:30:00.000Z'), bytes: new Binary(Buffer.from([1, 2, 3])), nested: { list: [1, 'two', null], flag: true } },
      { _id: new ObjectId(), email: 'b@test.betterhealth.in', passwordHash: 'other', count: 3 },
    ];
    await col.insertMany(docs);
    const byText = ctx.deps.db.collection<{ _id: string; n: number }>('read_by_id_text');
    await byText.insertOne({ _id: 'sha256-of-a-token', n: 1 });

    for (const doc of docs) {
      expect(await readById(col, doc._id)).toEqual(await col.findOne({ _id: doc._id }));
      expect(await readById(col, doc._id)).toEqual(doc);
      const withoutHash = await readById(col, doc._id, { passwordHash: 0 });
      expect(withoutHash).toEqual(await col.findOne({ _id: doc._id }, { projection: { passwordHash: 0 } }));
      expect(withoutHash).not.toHaveProperty('passwordHash');
      expect(withoutHash?.['email']).toBe(doc.email);
    }
    expect(await readById(byText, 'sha256-of-a-token')).toEqual({ _id: 'sha256-of-a-token', n: 1 });
    expect(await readById(col, new ObjectId())).toBeNull();
    expect(await readById(byText, 'nobody')).toBeNull();
  });

  it('is one find command whose cursor the server has already closed', async () => {
    const col = ctx.deps.db.collection<Document>('read_by_id_commands');
    const _id = new ObjectId();
    await col.insertMany([{ _id, n: 1 }, ...Array.from({ length: 5 }, (_, n) => ({ _id: new ObjectId(), n }))]);
    events.length = 0;
    expect(await readById(col, _id)).toEqual({ _id, n: 1 });
    expect(events.map((e) => e.name)).toEqual(['find', 'find answered']);
    const reply = events[1]?.reply as { cursor?: { id: unknown; firstBatch: unknown[] } } | undefined;
    expect(Number(reply?.cursor?.id)).toBe(0);
    expect(reply?.cursor?.firstBatch).toHaveLength(1);
  });

  describe('after an error', () => {
    /** The collection with its database's `command` answering first with `failures`, then as itself. */
    function failingFirst(failures: Error[]): { col: Collection<Document>; calls: () => number } {
      const real = ctx.deps.db.collection<Document>('read_by_id_retry');
      let calls = 0;
      const db = {
        command: (command: Document) => {
          calls += 1;
          const failure = failures.shift();
          return failure ? Promise.reject(failure) : real.db.command(command);
        },
      };
      return { col: { collectionName: real.collectionName, db } as unknown as Collection<Document>, calls: () => calls };
    }

    it('sends the read once more when its connection was lost, as the driver does for findOne', async () => {
      const _id = new ObjectId();
      await ctx.deps.db.collection('read_by_id_retry').insertOne({ _id, kept: true });
      const { col, calls } = failingFirst([new MongoNetworkError('connection closed')]);
      expect(await readById(col, _id)).toEqual({ _id, kept: true });
      expect(calls()).toBe(2);
    });

    it('gives up after a second lost connection, and never retries what the server refused', async () => {
      const twice = failingFirst([new MongoNetworkError('connection closed'), new MongoNetworkError('connection reset')]);
      await expect(readById(twice.col, new ObjectId())).rejects.toThrow('connection reset');
      expect(twice.calls()).toBe(2);

      const refused = failingFirst([new MongoServerError({ message: 'not authorized', code: 13 })]);
      await expect(readById(refused.col, new ObjectId())).rejects.toThrow('not authorized');
      expect(refused.calls()).toBe(1);
    });
  });
});
