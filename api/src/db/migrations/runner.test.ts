import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { MIGRATIONS } from './index.ts';
import { runMigrations, type Migration } from './runner.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  await ctx.deps.cols.migrations.deleteMany({});
});

const start = (list: readonly Migration[], log?: (msg: string) => void) =>
  runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey, ...(log ? { log } : {}) }, list, { pollMs: 10, renewMs: 20, lapseMs: 5_000 });

/** A migration that notes each run in `runs`, taking `ms` to do so. */
function noting(id: string, runs: string[], ms = 0): Migration {
  return {
    id,
    async run() {
      runs.push(`${id} started`);
      await sleep(ms);
      runs.push(`${id} done`);
      return `${id} applied`;
    },
  };
}

describe('migrations', () => {
  it('lists every migration once, with an id of its own', () => {
    const ids = MIGRATIONS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 2)).toEqual(['participant-meetings-v1', 'encrypt-uploads-at-rest']);
  });

  it('applies each in order, records it, and applies nothing on the next start', async () => {
    const runs: string[] = [];
    const list = [noting('first', runs), noting('second', runs)];
    const logged: string[] = [];
    expect(await start(list, (line) => logged.push(line))).toEqual(['first applied', 'second applied']);
    expect(runs).toEqual(['first started', 'first done', 'second started', 'second done']);
    expect(logged).toEqual(['first applied', 'second applied']);
    const records = await ctx.deps.cols.migrations.find().sort({ _id: 1 }).toArray();
    expect(records).toEqual([
      { _id: 'first', finishedAt: expect.any(Date), summary: 'first applied' },
      { _id: 'second', finishedAt: expect.any(Date), summary: 'second applied' },
    ]);

    expect(await start(list)).toEqual([]);
    expect(runs).toHaveLength(4);
  });

  it('counts records written before the runner existed as applied', async () => {
    await ctx.deps.cols.migrations.insertMany([
      { _id: 'participant-meetings-v1', at: new Date() },
      { _id: 'encrypt-uploads-at-rest', finishedAt: new Date(), files: 3 },
    ]);
    expect(await start(MIGRATIONS.slice(0, 2))).toEqual([]);
  });

  it('runs each migration once when two instances start together, and both go on only once it is recorded', async () => {
    const runs: string[] = [];
    const list = [noting('slow', runs, 200), noting('after', runs)];
    const [a, b] = await Promise.all([start(list), start(list)]);
    expect(runs).toEqual(['slow started', 'slow done', 'after started', 'after done']);
    expect([...a, ...b].sort()).toEqual(['after applied', 'slow applied']);
    expect(await ctx.deps.cols.migrations.countDocuments({ _id: /:claim:/ })).toBe(0);
  });

  it('does not run a migration again that another instance finished between this one looking for its record and claiming it', async () => {
    const runs: string[] = [];
    const list = [noting('raced', runs)];
    // This instance looks for the record and finds none; right then the other instance, which ran
    // the migration, writes its record and removes its claims (what runMigrations does when done).
    const real = ctx.deps.db.collection('migrations');
    let looked = false;
    const migrations = new Proxy(real, {
      get(target, name, receiver) {
        if (name !== 'findOne') return Reflect.get(target, name, receiver) as unknown;
        return async (filter: { _id?: unknown }) => {
          const found = await target.findOne(filter as never);
          if (filter._id === 'raced' && !looked) {
            looked = true;
            await target.insertOne({ _id: 'raced', finishedAt: new Date(), summary: 'raced applied' } as never);
            await target.deleteMany({ _id: /^raced:claim:/ } as never);
          }
          return found;
        };
      },
    });
    const db = new Proxy(ctx.deps.db, {
      get(target, name, receiver) {
        if (name === 'collection') return (collection: string) => (collection === 'migrations' ? migrations : target.collection(collection));
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    expect(await runMigrations({ db, documentKey: ctx.deps.config.documentKey }, list, { pollMs: 10, renewMs: 20, lapseMs: 5_000 })).toEqual([]);
    expect(looked).toBe(true);
    expect(runs).toEqual([]);
    expect(await ctx.deps.cols.migrations.find().toArray()).toEqual([{ _id: 'raced', finishedAt: expect.any(Date), summary: 'raced applied' }]);
  });

  it('stops at a migration that fails, leaving no record or claim, so the next start runs it again', async () => {
    const runs: string[] = [];
    let fail = true;
    const flaky: Migration = {
      id: 'flaky',
      async run() {
        if (fail) throw new Error('disk full');
        return null;
      },
    };
    await expect(start([flaky, noting('later', runs)])).rejects.toThrow('disk full');
    expect(runs).toEqual([]);
    expect(await ctx.deps.cols.migrations.countDocuments()).toBe(0);

    fail = false;
    expect(await start([flaky, noting('later', runs)])).toEqual(['later applied']);
    expect(await ctx.deps.cols.migrations.findOne({ _id: 'flaky' })).toEqual({ _id: 'flaky', finishedAt: expect.any(Date) });
  });

  it('renews its claim while it runs, so a long run is not taken over', async () => {
    const runs: string[] = [];
    const long = noting('long', runs, 1_500);
    const first = runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [long], { pollMs: 10, renewMs: 50, lapseMs: 600 });
    await sleep(50);
    const second = runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [long], { pollMs: 10, renewMs: 50, lapseMs: 600 });
    await Promise.all([first, second]);
    expect(runs).toEqual(['long started', 'long done']);
  });
});
