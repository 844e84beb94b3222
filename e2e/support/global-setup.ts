import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ROOT, startProductServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/**
 * Builds the portal and the site (so the journeys test what users get), then starts one product
 * server on a fresh embedded database for the run. Journeys seed their own data through the API
 * or the CLI; those that need a server of their own (outages, clocks) start one themselves.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const res = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' } });
    if (res.status !== 0) throw new Error('pnpm build failed');
  }
  const server = await startProductServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
  };
}
