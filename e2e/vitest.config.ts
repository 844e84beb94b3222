import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One Chromium at a time: the machines have two cores.
    fileParallelism: false,
    // After the component and API projects (group 0), one file at a time: `pnpm test` needs no phases of its own.
    sequence: { groupOrder: 1 },
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
