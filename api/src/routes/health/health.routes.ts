import type { z } from 'zod';
import { api, type readyResponse } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import { databaseStatus } from '../../domain/health/database-status.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { runCheck } from '../../lib/health.ts';

type ReadyChecks = z.output<typeof readyResponse>['checks'];

/**
 * Health for load balancers and orchestrators, all public and cheap:
 * - `/health`: up, and is the database reachable (`restarting` while a supervised embedded server
 *   is being brought back, `disk_full` while its disk refuses writes for lack of space);
 * - `/health/live`: the process answers (restart it if not);
 * - `/health/ready`: send it traffic: the database and every registered readiness check are up.
 */
export function healthRoutes(deps: AppDeps) {
  const dbStatus = databaseStatus(deps);

  const healthStatus: Handler<typeof api.health.status> = async (c) => {
    const db = await dbStatus();
    if (db !== 'ok') c.header('Retry-After', '5');
    return db === 'ok' ? c.json({ status: 'ok' as const, db }, 200) : c.json({ status: 'degraded' as const, db }, 503);
  };

  const liveness: Handler<typeof api.health.live> = (c) => c.json({ status: 'ok' as const }, 200);

  const readiness: Handler<typeof api.health.ready> = async (c) => {
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
  };

  return contractRouter()
    .openapi(routeOf(api.health.status), healthStatus)
    .openapi(routeOf(api.health.live), liveness)
    .openapi(routeOf(api.health.ready), readiness);
}
