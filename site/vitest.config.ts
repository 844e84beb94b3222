import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // The page and budget checks read the built site; this builds it once per run when it is stale.
    globalSetup: ['./test/build-site.ts'],
    testTimeout: 20_000,
  },
});
