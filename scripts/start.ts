/**
 * `pnpm start`: builds the portal and the site if their output is missing, then runs the one
 * Node process that serves the API, the portal and the site (DESIGN §1).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../api/src/db/embedded.ts';

const outputs = [
  { pkg: '@bh/portal', file: join(PROJECT_ROOT, 'portal', 'dist', 'index.html') },
  { pkg: '@bh/site', file: join(PROJECT_ROOT, 'site', 'dist', 'index.html') },
];

for (const { pkg, file } of outputs) {
  if (existsSync(file)) continue;
  console.log(`Building ${pkg} (its output is missing)...`);
  const res = spawnSync('pnpm', ['--filter', pkg, 'build'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const { main } = await import('../api/src/server.ts');
await main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
