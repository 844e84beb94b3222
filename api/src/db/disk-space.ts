import { statfsSync } from 'node:fs';

/** With less than this free on its disk, the embedded database cannot start (SQLite's WAL, its lock files). */
export const START_MIN_FREE_BYTES = 1024 * 1024;

/** Errors a start meets when the disk has no room: Node's ENOSPC, SQLite's SQLITE_FULL, a server's words for it. */
const NO_ROOM = /\bENOSPC\b|no space left on device|database or disk is full/i;
/** SQLite reports some writes on a full disk (its shared-memory file) only as an I/O error. */
const IO_ERROR = /disk I\/O error/i;

/** Bytes free to this user on the disk holding `dir`, or null when the system cannot say. */
export function freeBytes(dir: string): number | null {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** A start refused because the data folder's disk is full: no other port or attempt can help. */
export class DiskFullError extends Error {
  constructor(dataDir: string, free: number | null) {
    const room = free === null ? '' : ` (${Math.floor(free / 1024)} KiB free)`;
    super(`Disk full: the disk holding the data folder ${dataDir} has no room left${room}, so the database cannot start. Free some space on it and start again.`);
    this.name = 'DiskFullError';
  }
}

/**
 * The error a start should stop with when the data folder's disk is full: before anything is started
 * (no `failure`), when it has almost no room; after a failed start, when the failure says there was
 * no room (or an I/O error with almost none). Null when the disk is not the problem.
 */
export function diskFullError(dataDir: string, failure?: unknown): DiskFullError | null {
  const free = freeBytes(dataDir);
  const low = free !== null && free < START_MIN_FREE_BYTES;
  if (failure === undefined) return low ? new DiskFullError(dataDir, free) : null;
  const message = failure instanceof Error ? failure.message : String(failure);
  return NO_ROOM.test(message) || (low && IO_ERROR.test(message)) ? new DiskFullError(dataDir, free) : null;
}
