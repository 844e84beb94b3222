import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv, type Env } from '../env.ts';
import { exportDatabase } from '../db/backup.ts';
import { loadDocumentKey, openDatabase } from '../db/connect.ts';
import { DataRefusedError } from '../db/migrations/schema-version.ts';
import { runCli } from './run-cli.ts';

const USAGE = 'Usage: pnpm db:export FILE [--force]   (FILE: a new .jsonl.gz file; --force overwrites)';

/**
 * `pnpm db:export FILE`: a full copy of the database (every collection, uploads included, encrypted
 * fields still encrypted) on MONGODB_URI or the embedded server, joining it if `pnpm start` runs.
 */
export async function dbExport(argv: string[], env: Env = loadEnv()): Promise<{ code: number; message: string }> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    return { code: 2, message: `${(err as Error).message}\n${USAGE}` };
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) return { code: 2, message: USAGE };
  const target = resolve(file);
  if (existsSync(target) && !parsed.values.force) return { code: 2, message: `${file} already exists; choose a new name or add --force to overwrite it.` };
  const key = loadDocumentKey(env);
  let database;
  try {
    database = await openDatabase(env, () => {}, { prepare: false });
  } catch (err) {
    // Data of a newer release, or an import that did not finish: refused, with what to do.
    if (err instanceof DataRefusedError) return { code: 1, message: err.message };
    throw err;
  }
  try {
    const counts = await exportDatabase(database.db, target, key);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      code: 0,
      message:
        `Exported ${total} documents in ${Object.keys(counts).length} collections of "${env.MONGODB_DB}" to ${file}.\n` +
        'Encrypted fields stay encrypted: an import needs the same document key (DOCUMENT_KEY, or document.key in the data folder). Keep the key safe, and apart from this file.',
    };
  } finally {
    await database.close();
  }
}

if (import.meta.main) runCli(dbExport);
