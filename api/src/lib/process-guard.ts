import type { AppDeps } from './deps.ts';
import { isStorageFull } from './errors.ts';

/**
 * The process's guard (DESIGN §2: never a dead process): a promise rejection nothing handled is
 * logged (with its stack) and counted in `bh_unhandled_rejections_total` instead of ending the
 * server, as Node does by default; a full disk behind it also marks the disk full. Each one it
 * catches is a fault to fix where it was made. Returns the guard's removal.
 */
export function guardUnhandledRejections(deps: Pick<AppDeps, 'metrics' | 'log'> & Partial<Pick<AppDeps, 'storage'>>): () => void {
  const onRejection = (reason: unknown) => {
    deps.metrics.unhandledRejections.inc();
    if (isStorageFull(reason)) {
      deps.metrics.dbErrors.inc({ kind: 'disk_full' });
      deps.storage?.noteFull();
    }
    deps.log.error('unhandled rejection', reason instanceof Error ? { error: reason.name, detail: reason.message, stack: reason.stack } : { error: typeof reason });
  };
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
