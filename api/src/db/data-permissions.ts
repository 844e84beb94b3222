import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded database's folder and everything in it belong to the user who runs the product alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes the data folder private: the folder and every folder in it 0700, every file 0600. Run at
 * each start, so folders made by an older version (0755 and 0644 under a usual umask) are fixed.
 */
export function restrictDataDir(dir: string): void {
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(path, PRIVATE_DIR_MODE);
    else if (entry.isFile() && (statSync(path).mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * Runs `start` (which spawns the database server) with the process umask at 077, so the server's
 * own files, created later (a new SQLite file per database, journals), are private too: a child
 * keeps the umask it was started with.
 */
export function withPrivateFiles<T>(start: () => T): T {
  let previous: number | null = null;
  try {
    previous = process.umask(0o077);
  } catch {
    // A worker thread cannot set the umask; restrictDataDir fixes the files at the next start.
  }
  try {
    return start();
  } finally {
    if (previous !== null) process.umask(previous);
  }
}
