import { Hono } from 'hono';
import { z } from 'zod';
import type { ShiftableClock } from '../../lib/clock.ts';
import type { AppEnv } from '../../lib/types.ts';
import { jsonBody } from '../../lib/validate.ts';

const setClockSchema = z.strictObject({ now: z.iso.datetime() });

/**
 * PUT /api/v1/test/clock — mounted only when the server was started with NODE_ENV=test and
 * TEST_CLOCK=on, so production has no such route at all.
 */
export function testClockRoutes(clock: ShiftableClock) {
  return new Hono<AppEnv>()
    .get('/clock', (c) => c.json({ success: true as const, now: clock.now().toISOString() }))
    .put('/clock', jsonBody(setClockSchema), (c) => {
      clock.set(c.req.valid('json').now);
      return c.json({ success: true as const, now: clock.now().toISOString() });
    });
}
