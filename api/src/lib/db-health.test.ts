import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { createDbHealth } from './db-health.ts';

function fakeDb(answer: () => Promise<unknown>) {
  let calls = 0;
  const db = { command: () => ((calls += 1), answer()) } as unknown as Db;
  return { db, calls: () => calls };
}

describe('createDbHealth', () => {
  it('shares one ping among simultaneous callers and reuses it while fresh', async () => {
    const { db, calls } = fakeDb(() => new Promise((r) => setTimeout(() => r({ ok: 1 }), 20)));
    const dbIsUp = createDbHealth(db, { maxAgeMs: 200 });
    expect(await Promise.all(Array.from({ length: 50 }, () => dbIsUp()))).toEqual(Array(50).fill(true));
    expect(await dbIsUp()).toBe(true);
    expect(calls()).toBe(1);
    await new Promise((r) => setTimeout(r, 220));
    await dbIsUp();
    expect(calls()).toBe(2);
  });

  it('reports a failed ping as down and never reuses it: recovery shows on the next call', async () => {
    let up = false;
    const { db, calls } = fakeDb(() => (up ? Promise.resolve({ ok: 1 }) : Promise.reject(new Error('MongoServerSelectionError'))));
    const dbIsUp = createDbHealth(db, { maxAgeMs: 5_000 });
    expect(await dbIsUp()).toBe(false);
    expect(await dbIsUp()).toBe(false);
    up = true;
    expect(await dbIsUp()).toBe(true);
    expect(await dbIsUp()).toBe(true);
    expect(calls()).toBe(3);
  });
});
