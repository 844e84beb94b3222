import { Hono } from 'hono';
import { createDbHealth } from '../../lib/db-health.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { runCheck } from '../../lib/health.ts';
import type { AppEnv } from '../../lib/types.ts';

export type DbStatus = 'ok' | 'down' | 'restarting';

/**
 * Health for load balancers and orchestrators, all public and cheap:
 * - `/health`: up, and is the database reachable (`restarting` while a supervised embedded server
 *   is being brought back);
 * - `/health/live`: the process answers (restart it if not);
 * - `/health/ready`: send it traffic: the database and every registered readiness check are up.
 */
export function healthRoutes(deps: AppDeps) {
  const dbIsUp = createDbHealth(deps.db);
  const dbStatus = async (): Promise<DbStatus> => {
    if (await dbIsUp()) return 'ok';
    deps.metrics.dbErrors.inc({ kind: 'ping' });
    return deps.health.databaseRestarting() ? 'restarting' : 'down';
  };

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const db = await dbStatus();
      if (db !== 'ok') c.header('Retry-After', '5');
      return c.json({ status: db === 'ok' ? 'ok' : 'degraded', db }, db === 'ok' ? 200 : 503);
    })
    .get('/live', (c) => c.json({ status: 'ok' }, 200))
    .get('/ready', async (c) => {
      const named = [...deps.health.readinessChecks()];
      const [db, ...results] = await Promise.all([dbStatus(), ...named.map(([, check]) => runCheck(check))]);
      const checks: Record<string, string> = { db };
      named.forEach(([name], i) => (checks[name] = results[i] ? 'ok' : 'down'));
      const ready = Object.values(checks).every((v) => v === 'ok');
      if (deps.log.enabled('debug')) deps.log.debug('readiness', { ready, ...checks });
      if (!ready) c.header('Retry-After', '5');
      return c.json({ status: ready ? 'ok' : 'degraded', checks }, ready ? 200 : 503);
    });
}
