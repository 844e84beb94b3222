/**
 * What /api/v1/health/ready checks besides the database. A module that the API cannot work
 * without (e.g. a mail outbox) registers a check at start-up:
 *
 *   deps.health.addReadinessCheck('outbox', async () => outboxIsReachable());
 *
 * Each check answers true when ready; a check that throws or takes longer than 1.5 s counts as
 * not ready. The database check is built in (and says `restarting` while a supervised embedded
 * server is being started again).
 */
export type ReadinessCheck = () => Promise<boolean>;

/** The supervisor's view of an embedded database this process runs (see db/embedded.ts). */
export type DatabaseSupervision = () => 'up' | 'restarting' | 'stopped';

export class Health {
  private readonly checks = new Map<string, ReadinessCheck>();
  private supervision: DatabaseSupervision | null = null;

  addReadinessCheck(name: string, check: ReadinessCheck): void {
    if (name === 'db' || this.checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
    this.checks.set(name, check);
  }

  readinessChecks(): ReadonlyMap<string, ReadinessCheck> {
    return this.checks;
  }

  superviseDatabase(state: DatabaseSupervision): void {
    this.supervision = state;
  }

  /** `restarting` while a supervised embedded server is coming back, else null. */
  databaseRestarting(): boolean {
    return this.supervision?.() === 'restarting';
  }
}

/** Runs a check with a time bound; failures and timeouts are simply "not ready". */
export async function runCheck(check: ReadinessCheck, timeoutMs = 1_500): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then((ok) => ok === true),
      new Promise<boolean>((res) => {
        timer = setTimeout(() => res(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
