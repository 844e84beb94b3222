import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { countStuckRestarts, INTERRUPTED_ANSWER } from './embedded-probe.ts';

describe('the watch for a database stuck on interrupted (issue 54)', () => {
  it('counts the supervisor’s restarts of a stuck database at /metrics', async () => {
    const registry = new Registry();
    let restarts = 0;
    countStuckRestarts(registry, () => restarts);
    expect(await registry.metrics()).toContain('bh_db_stuck_restarts_total 0');
    restarts = 2;
    expect(await registry.metrics()).toContain('bh_db_stuck_restarts_total 2');
    restarts = 3;
    expect(await registry.metrics()).toContain('bh_db_stuck_restarts_total 3');
  });

  it('takes FerretDB’s interrupted answer for one, and nothing else', () => {
    expect(INTERRUPTED_ANSWER.test('[msg_find.go:351 handler.handleMaxTimeMSError] [collection.go:96 sqlite.(*collection).Query] interrupted (9)')).toBe(true);
    expect(INTERRUPTED_ANSWER.test('operation exceeded time limit')).toBe(false);
    expect(INTERRUPTED_ANSWER.test('database is locked (517)')).toBe(false);
    expect(INTERRUPTED_ANSWER.test('uninterrupted (9)')).toBe(false);
  });
});
