import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv, type Env } from '../env.ts';
import { BackupError, importDatabase } from '../db/backup.ts';
import { existingDocumentKey, openDatabase } from '../db/connect.ts';
import { DataRefusedError } from '../db/migrations/schema-version.ts';
import { runCli } from './run-cli.ts';

const USAGE = 'Usage: pnpm db:import FILE   (a file made by pnpm db:export, into an empty database, or one an earlier import did not finish)';

/**
 * `pnpm db:import FILE`: restores a `pnpm db:export` file into an empty database (MONGODB_URI or the
 * embedded server of DATA_DIR), with the document key the export was made with.
 */
export async function dbImport(argv: string[], env: Env = loadEnv()): Promise<{ code: number; message: string }> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true });
  } catch (err) {
    return { code: 2, message: `${(err as Error).message}\n${USAGE}` };
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) return { code: 2, message: USAGE };
  const source = resolve(file);
  if (!existsSync(source)) return { code: 2, message: `${file} does not exist.\n${USAGE}` };
  const key = existingDocumentKey(env);
  if (!key) {
    return {
      code: 2,
      message:
        `No document key for ${env.DATA_DIR}/: the backup's encrypted fields need the key of the database it came from. ` +
        `Copy that database's document.key into ${env.DATA_DIR}/ or set DOCUMENT_KEY, then import again.`,
    };
  }
  // An import that did not finish is what this command finishes: it is cleared and done again.
  let database;
  try {
    database = await openDatabase(env, () => {}, { prepare: false, finishingImport: true });
  } catch (err) {
    // Data of a newer release, or an import that did not finish: refused, with what to do.
    if (err instanceof DataRefusedError) return { code: 1, message: err.message };
    throw err;
  }
  try {
    const counts = await importDatabase(database.db, source, key, (line) => console.log(line));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return { code: 0, message: `Imported ${total} documents in ${Object.keys(counts).length} collections into "${env.MONGODB_DB}" from ${file}.` };
  } catch (err) {
    if (err instanceof BackupError) return { code: 1, message: `Cannot import: ${err.message}` };
    throw err;
  } finally {
    await database.close();
  }
}

if (import.meta.main) runCli(dbImport);
