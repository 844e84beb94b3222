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

/**
 * A warning beside a readiness check: the instance still serves (200) but says it is `degraded`,
 * with the check's state given here. Another instance would fare no better (e.g. the SMTP server
 * all of them share refuses every message: `outbox: failing`), so taking this one out of service
 * would not help.
 */
export type ReadinessWarning = () => 'failing' | null;

/** The supervisor's view of an embedded database this process runs (see db/embedded.ts). */
export type DatabaseSupervision = () => 'up' | 'restarting' | 'stopped';

export class Health {
  private readonly checks = new Map<string, ReadinessCheck>();
  private supervision: DatabaseSupervision | null = null;
  private readonly warnings = new Map<string, ReadinessWarning>();

  /** A warning reported under `name` while that check (if any) passes; see ReadinessWarning. */
  addReadinessWarning(name: string, warning: ReadinessWarning): void {
    if (this.warnings.has(name)) throw new Error(`readiness warning "${name}" is already registered`);
    this.warnings.set(name, warning);
  }

  readinessWarnings(): ReadonlyMap<string, ReadinessWarning> {
    return this.warnings;
  }

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
