import { defineProject } from 'vitest/config';

/** Operations tests: database outages, shutdown, several instances. No browser, no shared server. */
export default defineProject({
  test: {
    name: 'ops',
    environment: 'node',
    include: ['ops/**/*.test.ts'],
    fileParallelism: false,
    // After the component and API projects (group 0), one file at a time: `pnpm test` needs no phases of its own.
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
