import type { AppDeps } from '../../lib/deps.ts';
import { createDbHealth } from '../../lib/db-health.ts';

export type DbStatus = 'ok' | 'down' | 'restarting' | 'disk_full';

/**
 * The database's state as /health says it: reachable (`ok`), `restarting` while a supervised
 * embedded server is being brought back, `disk_full` while its disk refuses writes for lack of
 * space (checked by a probe write while it does), otherwise `down`. One ping is shared by every
 * caller (createDbHealth).
 */
export function databaseStatus(deps: Pick<AppDeps, 'db' | 'storage' | 'metrics' | 'health'>): () => Promise<DbStatus> {
  const dbIsUp = createDbHealth(deps.db);
  return async () => {
    if (await dbIsUp()) return (await deps.storage.stillFull()) ? 'disk_full' : 'ok';
    deps.metrics.dbErrors.inc({ kind: 'ping' });
    return deps.health.databaseRestarting() ? 'restarting' : 'down';
  };
}
