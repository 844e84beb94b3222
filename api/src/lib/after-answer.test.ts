import { describe, expect, it } from 'vitest';
import { AfterAnswer } from './after-answer.ts';
import { createLogger } from './logger.ts';

describe('work after an answer', () => {
  it('starts after the current turn, waits in settled(), and logs a failure instead of rejecting', async () => {
    const lines: string[] = [];
    const after = new AfterAnswer(createLogger('error', (line) => lines.push(line)));
    const order: string[] = [];
    after.run('first', async () => {
      order.push('work');
      await new Promise((r) => setTimeout(r, 20));
      order.push('work done');
    });
    after.run('broken', async () => {
      throw new Error('database went away');
    });
    order.push('answer');
    expect(after.pending).toBe(2);
    await after.settled();
    expect(order).toEqual(['answer', 'work', 'work done']);
    expect(after.pending).toBe(0);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'work after an answer failed', what: 'broken', detail: 'database went away' });
  });
});
