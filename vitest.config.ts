import { defineConfig } from 'vitest/config';

// One project per package; `pnpm test` runs them all, `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: ['shared', 'api', 'portal', 'site', 'e2e', 'e2e/vitest.ops.config.ts'],
  },
});
