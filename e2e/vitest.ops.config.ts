import { defineProject } from 'vitest/config';

/** Operations tests: database outages, shutdown, several instances. No browser, no shared server. */
export default defineProject({
  test: {
    name: 'ops',
    environment: 'node',
    include: ['ops/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
