import type { ServerType } from '@hono/node-server';
import { join } from 'node:path';
import { defaultPublicOrigin, loadEnv, type Env } from './env.ts';
import { GRIEVANCE_OFFICER_DEFAULTS } from '@bh/shared';
import { ShiftableClock, systemClock, type Clock } from './lib/clock.ts';
import { createDeps, type AppDeps } from './lib/deps.ts';
import { createLogger } from './lib/logger.ts';
import { dataDirOf, loadDocumentKey, openDatabase, type Database } from './db/connect.ts';
import { holdsNothing } from './db/backup.ts';
import { recordSchemaVersion } from './db/migrations/schema-version.ts';
import { PROJECT_ROOT } from './db/embedded.ts';
import { countStuckRestarts } from './db/embedded-probe.ts';
import { MIGRATIONS } from './db/migrations/index.ts';
import { runMigrations } from './db/migrations/runner.ts';
import { seedDemoData } from './seed/demo.ts';
import { createWebApp } from './web/web-app.ts';
import { purgeLapsedClaims } from './mail/outbox.ts';
import { proxyUpgrades, type DevProxy } from './web/dev-proxy.ts';
import { Mailbox } from './mail/mailbox.ts';
import { MailSender } from './mail/sender.ts';
import { watchOutbox } from './mail/outbox-health.ts';
import { createSmtpTransport } from './mail/transport.ts';
import { listen } from './web/connections.ts';
import { watchDatabase } from './web/db-deadline.ts';
import { runDueErasures } from './domain/privacy/requests.service.ts';
import { isStorageFull } from './lib/errors.ts';
import { guardUnhandledRejections } from './lib/process-guard.ts';

/** How long a shutdown waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 15_000;

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  database: Database;
  /** The local catch-all mailbox, when no SMTP_URL was given. */
  mailbox?: Mailbox;
  /** Stops accepting, lets requests in flight finish, closes the database and its server. */
  close(): Promise<void>;
}

/** Starts the one-origin server: API, portal and site on one port (DESIGN §1). */
export async function startServer(
  env: Env = loadEnv(),
  options: { clock?: Clock; cacheFiles?: boolean; devProxy?: DevProxy } = {},
): Promise<RunningServer> {
  const log = createLogger(env.LOG_LEVEL);
  // Start-up lines are for people: plain text, shown at `info` and `debug`.
  const say = (msg: string) => {
    if (log.enabled('info')) console.log(msg);
  };
  const database = await openDatabase(env, say, { takeOver: true });
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
      mailFrom: env.MAIL_FROM,
      ...(testClock ? { testClock } : {}),
      ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
      grievanceOfficer: {
        name: env.GRIEVANCE_OFFICER_NAME ?? GRIEVANCE_OFFICER_DEFAULTS.name,
        email: env.GRIEVANCE_OFFICER_EMAIL ?? GRIEVANCE_OFFICER_DEFAULTS.email,
        phone: env.GRIEVANCE_OFFICER_PHONE ?? GRIEVANCE_OFFICER_DEFAULTS.phone,
      },
    },
  });
  const embedded = database.embedded;
  if (embedded) {
    deps.health.superviseDatabase(() => embedded.state());
    countStuckRestarts(deps.metrics.registry, () => embedded.stuckRestarts());
  }
  // A rejection nothing handled is logged and counted instead of ending the server.
  const unguard = guardUnhandledRejections(deps);
  database.client.on('serverHeartbeatFailed', () => deps.metrics.dbErrors.inc({ kind: 'heartbeat' }));

  // Demo data (with its public passwords) goes only into a database that held nothing at all when
  // this start began, before its migrations recorded themselves: never into a partial import.
  const heldNothing = database.embedded !== null && (await holdsNothing(deps.db));

  // Stored data is brought up to date, once per database, before anything is served, and the
  // database (and data folder) records the schema version it is now at (schema-version.ts).
  await runMigrations({ db: deps.db, documentKey: deps.config.documentKey, log: say }, MIGRATIONS);
  await recordSchemaVersion(deps.db, database.embedded ? dataDirOf(env) : null);

  if (database.embedded && !heldNothing && (await deps.cols.users.estimatedDocumentCount()) === 0) {
    say('The database holds data but no account, so no demo data was seeded (it only goes into an empty database). Create the first admin with `pnpm admin:create`.');
  }
  if (heldNothing) {
    const logins = await seedDemoData(deps);
    if (logins) {
      say('\nSeeded demo data. Demo logins:');
      for (const l of logins) say(`  ${l.role.padEnd(28)} ${l.email.padEnd(30)} ${l.password}`);
      say('');
    }
  }

  // Without SMTP_URL every email goes to a catch-all mailbox on loopback, read at /dev/mailbox.
  const mailbox = env.SMTP_URL ? undefined : new Mailbox();
  const smtpUrl = env.SMTP_URL ?? (await mailbox!.listen());

  const watch = watchDatabase(database.embedded?.uri ?? env.MONGODB_URI ?? '', env.MONGODB_DB);
  const app = createWebApp(deps, {
    dbIsUp: watch.isUp,
    siteDir: join(PROJECT_ROOT, 'site', 'dist'),
    portalDir: join(PROJECT_ROOT, 'portal', 'dist'),
    cacheFiles: options.cacheFiles ?? true,
    ...(options.devProxy ? { devProxy: options.devProxy } : {}),
    ...(mailbox ? { mailbox } : {}),
  });

  // Once closing, every response says `Connection: close` (connections.ts), so a client that keeps
  // reusing one kept-alive connection is let go after its answer instead of holding the shutdown open.
  let draining = false;
  const server: ServerType = await listen(app.fetch, {
    port: env.PORT,
    hostname: env.HOST,
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    trustProxy: deps.config.trustProxy,
    draining: () => draining,
  });
  if (options.devProxy) proxyUpgrades(server, options.devProxy);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST}:${port}`;
  if (env.PUBLIC_ORIGIN_DERIVED) deps.config.publicOrigin = defaultPublicOrigin(env.HOST, port);
  if (mailbox) say(`Emails go to a local mailbox (no SMTP_URL set): read them at ${url}/dev/mailbox`);

  const sender = new MailSender(
    { db: deps.db, clock: deps.clock, log, documentKey: deps.config.documentKey, transport: createSmtpTransport(smtpUrl), from: env.MAIL_FROM, publicOrigin: deps.config.publicOrigin },
    { pollMs: env.MAIL_POLL_MS, idleMs: env.MAIL_IDLE_MS, backoffMs: env.MAIL_RETRY_MS, maxAttempts: env.MAIL_MAX_ATTEMPTS, failingMs: env.MAIL_FAILING_MS },
  );
  // It looks when a message this process queued is due, and when the test clock moves (what was
  // due later may be due now); otherwise when the earliest message is due, within MAIL_IDLE_MS.
  deps.outbox.onQueued((dueAt) => sender.wake(dueAt));
  testClock?.onShift(() => sender.wake());
  sender.start();
  // /health/ready: the outbox is reachable and its sender is polling it, and whether SMTP has
  // refused everything for MAIL_FAILING_MS; /metrics: the outbox's gauges.
  watchOutbox(deps, sender);

  // Expired sessions and rate-limit windows are swept in code (no TTL indexes on FerretDB).
  const sweep = setInterval(() => {
    Promise.all([deps.sessions.purgeExpired(), deps.limiter.purgeExpired(), purgeLapsedClaims(deps)]).catch(() => {});
  }, 10 * 60 * 1000);
  sweep.unref();
  // Accepted erasures are carried out once their 48 hours' notice is over (issue 19).
  let erasing = false;
  const erasures = setInterval(() => {
    if (erasing) return;
    erasing = true;
    runDueErasures(deps)
      .catch((err: unknown) => log.error('erasure run failed', { error: err instanceof Error ? err.name : 'unknown' }))
      .finally(() => (erasing = false));
  }, env.PRIVACY_JOB_MS);
  erasures.unref();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(sweep);
      clearInterval(erasures);
      draining = true;
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
      // Work the last answers started (a reset email being queued) ends before the database closes.
      await deps.afterAnswer.settled();
      await sender.stop();
      await mailbox?.close();
      await watch.close();
      await database.close();
      unguard();
      // The request log is written off the requests' path: its last lines are written before the process may exit.
      await log.flush();
    })());

  return { url, port, deps, database, ...(mailbox ? { mailbox } : {}), close };
}

/** `pnpm start`: serve until SIGTERM or SIGINT, then shut down cleanly and exit 0. */
export async function main(options: { devProxy?: DevProxy } = {}): Promise<void> {
  const env = loadEnv();
  const running = await startServer(env, options.devProxy ? { devProxy: options.devProxy, cacheFiles: false } : {}).catch((err: unknown) => {
    // Migrations or the demo seed refused for lack of space: said as such (DESIGN §2).
    throw isStorageFull(err) ? new Error("Disk full: the database refused the start's writes for lack of space. Free some space on its disk and start again.", { cause: err }) : err;
  });
  if (env.LOG_LEVEL === 'info' || env.LOG_LEVEL === 'debug') console.log(`Better Health is running at ${running.url}/ (portal: ${running.url}/login, API: ${running.url}/api/v1/health)`);
  const shutdown = (signal: string) => {
    if (env.LOG_LEVEL === 'info' || env.LOG_LEVEL === 'debug') console.log(`${signal} received: finishing requests in flight and shutting down.`);
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
