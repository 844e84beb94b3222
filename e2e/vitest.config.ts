import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One Chromium at a time: the machines have two cores.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
