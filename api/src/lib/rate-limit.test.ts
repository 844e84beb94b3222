import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { Collections } from '../db/collections.ts';
import { RateLimiter } from './rate-limit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** The limits collection, with the insert of one slot held back until the test lets it go. */
function gatedCollection(heldId: string): { col: Collections['rateLimits']; arrived: Promise<void>; letGo: () => void } {
  const col = ctx.deps.cols.rateLimits;
  let letGo!: () => void;
  let arrive!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const gated = new Proxy(col, {
    get(target, prop, receiver) {
      if (prop !== 'insertOne') return Reflect.get(target, prop, receiver) as unknown;
      return async (doc: { _id: string }) => {
        if (doc._id.endsWith(heldId)) {
          arrive();
          await gate;
        }
        return target.insertOne(doc as never);
      };
    },
  });
  return { col: gated, arrived, letGo };
}

describe('rate limiter slots under parallel requests', () => {
  it('does not call a window full when a slot was taken while the others were given back (issue 20: successful logins got 429)', async () => {
    const rule = { key: `race-${Date.now()}`, limit: 3, windowMs: 60 * 60_000 };
    const { col, arrived, letGo } = gatedCollection('|2');
    const limiter = new RateLimiter(col, ctx.deps.clock);
    const first = await limiter.reserve([rule]);
    const second = await limiter.reserve([rule]);
    if (!first.ok || !second.ok) throw new Error('the first two slots should be free');

    // A third request takes the last slot; before its insert returns, the first two are given back.
    const third = limiter.reserve([rule]);
    await arrived;
    await Promise.all([first.release(), second.release()]);
    letGo();
    expect((await third).ok).toBe(true);

    // One slot of three is taken: the next two requests get theirs, the one after is refused.
    const results = [await limiter.reserve([rule]), await limiter.reserve([rule]), await limiter.reserve([rule])];
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
  });
});
