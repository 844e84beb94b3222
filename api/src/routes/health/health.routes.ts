import type { z } from 'zod';
import { api, type readyResponse } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import { createDbHealth } from '../../lib/db-health.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { runCheck } from '../../lib/health.ts';

export type DbStatus = 'ok' | 'down' | 'restarting' | 'disk_full';
type ReadyChecks = z.output<typeof readyResponse>['checks'];

/**
 * Health for load balancers and orchestrators, all public and cheap:
 * - `/health`: up, and is the database reachable (`restarting` while a supervised embedded server
 *   is being brought back, `disk_full` while its disk refuses writes for lack of space);
 * - `/health/live`: the process answers (restart it if not);
 * - `/health/ready`: send it traffic: the database and every registered readiness check are up.
 */
export function healthRoutes(deps: AppDeps) {
  const dbIsUp = createDbHealth(deps.db);
  const dbStatus = async (): Promise<DbStatus> => {
    // Reachable, but refusing writes for lack of space (checked by a probe write while it does).
    if (await dbIsUp()) return (await deps.storage.stillFull()) ? 'disk_full' : 'ok';
    deps.metrics.dbErrors.inc({ kind: 'ping' });
    return deps.health.databaseRestarting() ? 'restarting' : 'down';
  };

  return contractRouter()
    .openapi(routeOf(api.health.status), async (c) => {
      const db = await dbStatus();
      if (db !== 'ok') c.header('Retry-After', '5');
      return db === 'ok' ? c.json({ status: 'ok' as const, db }, 200) : c.json({ status: 'degraded' as const, db }, 503);
    })
    .openapi(routeOf(api.health.live), (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(routeOf(api.health.ready), async (c) => {
      const named = [...deps.health.readinessChecks()];
      const [db, ...results] = await Promise.all([dbStatus(), ...named.map(([, check]) => runCheck(check))]);
      const registered: Record<string, 'ok' | 'down' | 'failing'> = {};
      named.forEach(([name], i) => (registered[name] = results[i] ? 'ok' : 'down'));
      const ready = db === 'ok' && Object.values(registered).every((v) => v === 'ok');
      // Warnings (`outbox: failing`) keep the instance ready but say it is degraded.
      let warned = false;
      for (const [name, warning] of deps.health.readinessWarnings()) {
        const state = registered[name] === 'down' ? null : warning();
        if (state) [registered[name], warned] = [state, true];
      }
      // The database's state has one more value than a registered check's; zod's catch-all type cannot say so.
      const checks = { ...registered, db } as ReadyChecks;
      if (deps.log.enabled('debug')) deps.log.debug('readiness', { ready, ...checks });
      if (!ready) c.header('Retry-After', '5');
      return ready ? c.json({ status: warned ? ('degraded' as const) : ('ok' as const), checks }, 200) : c.json({ status: 'degraded' as const, checks }, 503);
    });
}
