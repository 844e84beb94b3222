import { describe, expect, it } from 'vitest';
import { loadInSteps } from './steps.ts';

describe('loadInSteps', () => {
  it('runs each step, then the last, each in a task of its own, and answers what the last gives', async () => {
    const order: string[] = [];
    // A task queued before the start: it runs between the first step and the second only if the
    // second waits for a task of its own (were it chained in microtasks, it would run before it).
    setTimeout(() => order.push('a task'), 0);
    const result = await loadInSteps(
      [
        async () => {
          order.push('step 1');
        },
        async () => {
          order.push('step 2');
        },
      ],
      async () => {
        order.push('last');
        return 'started';
      },
    );
    expect(result).toBe('started');
    expect(order).toEqual(['step 1', 'a task', 'step 2', 'last']);
  });

  it('stops at a step that fails, and fails with it', async () => {
    const ran: string[] = [];
    const load = loadInSteps(
      [
        async () => {
          throw new Error('offline');
        },
        async () => {
          ran.push('step 2');
        },
      ],
      async () => {
        ran.push('last');
      },
    );
    await expect(load).rejects.toThrow('offline');
    expect(ran).toEqual([]);
  });
});
