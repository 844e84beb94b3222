/**
 * The schema version of stored data (DESIGN §2): a release refuses data written by a newer one.
 *
 * The version is the number of migrations a release knows (`MIGRATIONS.length`): every change to
 * stored data is a migration, so a release with more of them writes data an older one may misread.
 * It is recorded where every tool reads it before it touches anything:
 *
 * - in the database, as `{ _id: 'schema', version }` in the `meta` collection (MongoDB and the
 *   embedded server alike); a database from before that record has its version derived from its
 *   `migrations` records (the last one this release knows, and "newer" for one it does not);
 * - for the embedded server, also in `schema.json` in the data folder, read before the server is
 *   started on the folder, so a refused start does not even start the database on it.
 *
 * Both only ever go up. `openDatabase` (every start and CLI) refuses a newer version, and a
 * database an import did not finish (`{ _id: 'import' }` in `meta`, see backup.ts), before it
 * creates an index or writes anything.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from 'mongodb';
import { collections, type MetaDoc } from '../collections.ts';
import { MIGRATIONS } from './index.ts';

/** This release's schema version. */
export const SCHEMA_VERSION = MIGRATIONS.length;

const FOLDER_FILE = 'schema.json';

const WHAT_TO_DO =
  '  To carry on with that data, run the newer release again.\n' +
  '  To use this release, restore a backup made with it (`pnpm db:import FILE` into an empty database: a new DATA_DIR, or another MONGODB_DB).';

/** Data written by a newer release, or a database an import did not finish: nothing is started or written. */
export class DataRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataRefusedError';
  }
}

/** The version a set of stored records stands for; `unknown` lists migrations this release does not know. */
export function versionOf(recorded: { schema: number | null; migrationIds: readonly string[] }): { version: number; unknown: string[] } {
  const known = MIGRATIONS.map((m) => m.id);
  const ids = recorded.migrationIds.filter((id) => !id.includes(':claim:'));
  const unknown = ids.filter((id) => !known.includes(id));
  const derived = Math.max(0, ...ids.map((id) => known.indexOf(id) + 1));
  return { version: Math.max(recorded.schema ?? 0, derived), unknown };
}

/** The database's schema version as recorded, or derived from its migrations when it has no record. */
export async function databaseVersion(db: Db): Promise<{ version: number; unknown: string[]; recorded: boolean }> {
  const cols = collections(db);
  const schema = await cols.meta.findOne({ _id: 'schema' });
  const ids = (await cols.migrations.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
  return { ...versionOf({ schema: schema?.version ?? null, migrationIds: ids }), recorded: schema !== null };
}

/** Why a release must not use data of this version, or null when it may. */
export function newerThanThisRelease(where: string, found: { version: number; unknown: string[] }): string | null {
  if (found.version <= SCHEMA_VERSION && found.unknown.length === 0) return null;
  const what =
    found.unknown.length > 0
      ? `records migrations this release does not know (${found.unknown.join(', ')})`
      : `is at schema version ${found.version}; this release knows versions up to ${SCHEMA_VERSION}`;
  return `${where} holds data written by a newer release of Better Health: it ${what}. This release will not start on it, so that it cannot damage it; nothing was changed.\n${WHAT_TO_DO}`;
}

/** The unfinished import's record, if an import into this database began and never finished. */
export async function unfinishedImport(db: Db): Promise<MetaDoc | null> {
  return collections(db).meta.findOne({ _id: 'import' });
}

export function unfinishedImportMessage(db: Db, marker: MetaDoc): string {
  return (
    `An import into the database "${db.databaseName}" did not finish (\`pnpm db:import ${marker.file ?? 'FILE'}\`, started ${marker.startedAt?.toISOString() ?? 'at an unknown time'}): ` +
    'it holds only part of that copy, so nothing will start on it.\n' +
    '  Run `pnpm db:import FILE` again with the whole file: it clears what the unfinished import wrote and imports the file.\n' +
    '  Or point DATA_DIR (or MONGODB_DB) at another database.'
  );
}

/**
 * Refuses, before anything is written, a database written by a newer release or one an import did
 * not finish (unless the caller is the import that finishes it).
 */
export async function checkDatabase(db: Db, options: { finishingImport?: boolean } = {}): Promise<void> {
  const newer = newerThanThisRelease(`The database "${db.databaseName}"`, await databaseVersion(db));
  if (newer) throw new DataRefusedError(newer);
  if (options.finishingImport) return;
  const marker = await unfinishedImport(db);
  if (marker) throw new DataRefusedError(unfinishedImportMessage(db, marker));
}

/** The data folder's recorded version (`schema.json`), or null when it has none. */
export function folderVersion(dataDir: string): number | null {
  const file = join(dataDir, FOLDER_FILE);
  if (!existsSync(file)) return null;
  let version: unknown;
  try {
    version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new DataRefusedError(`${file} is not readable as a schema version record; nothing was started. Restore it from the folder's backup, or move it aside if this folder was only ever used by this release.`);
  }
  return version;
}

/** Refuses, before the embedded server is started on it, a data folder written by a newer release. */
export function checkDataFolder(dataDir: string): void {
  const version = folderVersion(dataDir);
  const newer = version === null ? null : newerThanThisRelease(`The data folder ${dataDir}`, { version, unknown: [] });
  if (newer) throw new DataRefusedError(newer);
}

/**
 * Records this release's version in the database (and the data folder), after its migrations ran;
 * a higher version already recorded is kept.
 */
export async function recordSchemaVersion(db: Db, dataDir: string | null): Promise<void> {
  const meta = collections(db).meta;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await meta.updateOne({ _id: 'schema' }, { $max: { version: SCHEMA_VERSION } }, { upsert: true });
      break;
    } catch (err) {
      // Two instances upserting the record at once: one inserts, the other raises it next time.
      if (attempt >= 3 || (err as { code?: number }).code !== 11000) throw err;
    }
  }
  if (dataDir === null) return;
  if ((folderVersion(dataDir) ?? -1) >= SCHEMA_VERSION) return;
  const file = join(dataDir, FOLDER_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ version: SCHEMA_VERSION })}\n`, { mode: 0o600 });
  renameSync(temp, file);
}
