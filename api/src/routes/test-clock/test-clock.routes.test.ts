import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createTestContext } from '../../../test/context.ts';

describe('test clock', () => {
  it('cannot be switched on outside test runs', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK=on is only allowed with NODE_ENV=test/);
    expect(() => loadEnv({ TEST_CLOCK: 'on' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(loadEnv({ NODE_ENV: 'test', TEST_CLOCK: 'on' }).TEST_CLOCK).toBe('on');
  });

  it('has no route unless the server was built with a movable clock', async () => {
    const ctx = await createTestContext();
    const res = await ctx.request('PUT', '/api/v1/test/clock', { body: { now: '2030-01-01T00:00:00.000Z' } });
    expect(res.status).toBe(404);
  });
});
