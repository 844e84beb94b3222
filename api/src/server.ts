import { serve, type ServerType } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { loadEnv, type Env } from './env.ts';
import { ShiftableClock, systemClock, type Clock } from './lib/clock.ts';
import { createDeps, type AppDeps } from './lib/deps.ts';
import { createLogger } from './lib/logger.ts';
import { loadDocumentKey, openDatabase, type Database } from './db/connect.ts';
import { PROJECT_ROOT } from './db/embedded.ts';
import { seedDemoData } from './db/seed.ts';
import { createWebApp } from './web/web-app.ts';
import { proxyUpgrades, type DevProxy } from './web/dev-proxy.ts';

/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 15_000;

function hangUpAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
}

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  database: Database;
  /** Stops accepting, lets requests in flight finish, closes the database and its server. */
  close(): Promise<void>;
}

/** Starts the one-origin server: API, portal and site on one port (DESIGN §1). */
export async function startServer(
  env: Env = loadEnv(),
  options: { clock?: Clock; cacheFiles?: boolean; devProxy?: DevProxy } = {},
): Promise<RunningServer> {
  const log = createLogger(env.LOG_LEVEL);
  const say = (msg: string) => {
    if (env.LOG_LEVEL !== 'silent') console.log(msg);
  };
  const database = await openDatabase(env, say);
  const testClock = env.TEST_CLOCK === 'on' && env.NODE_ENV === 'test' ? new ShiftableClock() : undefined;
  const deps = createDeps({
    client: database.client,
    db: database.db,
    clock: options.clock ?? testClock ?? systemClock,
    log,
    config: {
      publicOrigin: env.PUBLIC_ORIGIN,
      allowedOrigins: env.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
      trustProxy: env.TRUST_PROXY === 'true',
      documentKey: loadDocumentKey(env),
      testMode: env.NODE_ENV === 'test',
      ...(testClock ? { testClock } : {}),
    },
  });

  if (database.embedded) {
    const logins = await seedDemoData(deps);
    if (logins) {
      say('\nSeeded demo data. Demo logins:');
      for (const l of logins) say(`  ${l.role.padEnd(28)} ${l.email.padEnd(30)} ${l.password}`);
      say('');
    }
  }

  const app = createWebApp(deps, {
    siteDir: join(PROJECT_ROOT, 'site', 'dist'),
    portalDir: join(PROJECT_ROOT, 'portal', 'dist'),
    cacheFiles: options.cacheFiles ?? true,
    ...(options.devProxy ? { devProxy: options.devProxy } : {}),
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  if (options.devProxy) proxyUpgrades(server, options.devProxy);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST}:${port}`;

  // Expired sessions and rate-limit windows are swept in code (no TTL indexes on FerretDB).
  const sweep = setInterval(() => {
    Promise.all([deps.sessions.purgeExpired(), deps.limiter.purgeExpired()]).catch(() => {});
  }, 10 * 60 * 1000);
  sweep.unref();

  // Once closing, every response says `Connection: close`, so a client that keeps reusing one
  // kept-alive connection is let go after its answer instead of holding the shutdown open.
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) return void hangUpAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(sweep);
      draining = true;
      for (const res of inFlight) hangUpAfter(res);
      await new Promise<void>((res) => {
        // A request that never ends (a stalled upload) is cut off after the grace period.
        const deadline = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          res();
        });
        // Keep-alive connections with no request in flight would hold close() open.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await database.close();
    })());

  return { url, port, deps, database, close };
}

/** `pnpm start`: serve until SIGTERM or SIGINT, then shut down cleanly and exit 0. */
export async function main(options: { devProxy?: DevProxy } = {}): Promise<void> {
  const env = loadEnv();
  const running = await startServer(env, options.devProxy ? { devProxy: options.devProxy, cacheFiles: false } : {});
  if (env.LOG_LEVEL !== 'silent') console.log(`Better Health is running at ${running.url}/ (portal: ${running.url}/login, API: ${running.url}/api/v1/health)`);
  const shutdown = (signal: string) => {
    if (env.LOG_LEVEL !== 'silent') console.log(`${signal} received: finishing requests in flight and shutting down.`);
    running
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
