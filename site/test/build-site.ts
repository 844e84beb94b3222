import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_ROOT, DIST } from './dist.ts';

const INPUTS = ['src', 'public', 'astro.config.ts', join('..', 'shared', 'src')];

function newestInput(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestInput(join(path, entry)));
  return newest;
}

/** Builds site/dist before the run unless it is newer than every source it is built from. */
export default function buildSite(): void {
  const builtAt = existsSync(join(DIST, 'index.html')) ? statSync(join(DIST, 'index.html')).mtimeMs : 0;
  const changedAt = Math.max(...INPUTS.map((input) => newestInput(join(SITE_ROOT, input))));
  if (builtAt > changedAt) return;
  // The package's build script, which builds for production even though vitest sets NODE_ENV=test.
  const res = spawnSync('pnpm', ['run', 'build'], {
    cwd: SITE_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (res.status !== 0) throw new Error('astro build failed');
}
