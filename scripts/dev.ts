/**
 * `pnpm dev`: hot reload for all three behind one origin. Vite (portal) and Astro (site) run their
 * dev servers; the API restarts on change (node --watch) and forwards page requests to them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../api/src/db/embedded.ts';

const PORTAL_PORT = 5173;
const SITE_PORT = 4321;
const port = process.env.PORT ?? '8080';
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

const children: ChildProcess[] = [
  spawn('pnpm', ['--filter', '@bh/portal', 'exec', 'vite', '--port', String(PORTAL_PORT), '--strictPort', '--base', '/portal-dev/'], { cwd: PROJECT_ROOT, stdio: 'inherit', env }),
  spawn('pnpm', ['--filter', '@bh/site', 'exec', 'astro', 'dev', '--port', String(SITE_PORT)], { cwd: PROJECT_ROOT, stdio: 'inherit', env }),
  spawn(process.execPath, ['--watch-path=api/src', '--watch-path=shared/src', 'scripts/dev-server.ts'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'development', PORT: port, DEV_PORTAL_PORT: String(PORTAL_PORT), DEV_SITE_PORT: String(SITE_PORT) },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
