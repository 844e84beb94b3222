import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db, MongoClient } from 'mongodb';
import type { Env } from '../env.ts';
import { createMongoClient } from '../lib/mongo.ts';
import { PROJECT_ROOT, startEmbeddedDb, type EmbeddedDb } from './embedded.ts';
import { ensureIndexes } from './indexes.ts';
import { checkDatabase, checkDataFolder } from './migrations/schema-version.ts';

export interface Database {
  client: MongoClient;
  db: Db;
  /** Present when this process uses the embedded server (no MONGODB_URI). */
  embedded: EmbeddedDb | null;
  close(): Promise<void>;
}

export function dataDirOf(env: Env): string {
  return resolve(PROJECT_ROOT, env.DATA_DIR);
}

/**
 * Connects to MONGODB_URI, or to the embedded server it starts, and creates every index
 * (`prepare: false` skips that, for tools that copy data as it is). Stored data is brought up to
 * date by the server's start (migrations/), not here.
 */
export async function openDatabase(
  env: Env,
  log: (msg: string) => void,
  options: { prepare?: boolean; finishingImport?: boolean; takeOver?: boolean } = {},
): Promise<Database> {
  let embedded: EmbeddedDb | null = null;
  let uri = env.MONGODB_URI;
  if (!uri) {
    // Data written by a newer release is refused before a server is started on its folder.
    checkDataFolder(dataDirOf(env));
    // A server joining another's embedded database takes it over if that one dies; a one-off command does not.
    // A server also has its FerretDB restarted when reads of its database keep answering `interrupted` (embedded-probe.ts).
    const server = options.takeOver === true;
    embedded = await startEmbeddedDb({ dataDir: dataDirOf(env), log, takeOver: server, ...(server ? { stuckWatch: { databases: [env.MONGODB_DB] } } : {}) });
    uri = embedded.uri;
    if (embedded.owned) log(`Embedded ${embedded.kind} listening on ${embedded.socket ?? `127.0.0.1:${embedded.port}`} (data in ${env.DATA_DIR}/)`);
  }
  const client = createMongoClient(uri, embedded?.kind === 'ferretdb' ? 'ferretdb' : 'mongodb');
  await client.connect();
  const db = client.db(env.MONGODB_DB);
  try {
    // Before anything is written: a newer release's data, or an import that did not finish (schema-version.ts).
    await checkDatabase(db, { finishingImport: options.finishingImport === true });
  } catch (err) {
    await client.close();
    if (embedded) await embedded.stop();
    throw err;
  }
  if (options.prepare !== false) await ensureIndexes(db);
  return {
    client,
    db,
    embedded,
    close: async () => {
      await client.close();
      if (embedded) await embedded.stop();
    },
  };
}

/**
 * The AES-256-GCM key for bank and identity numbers: DOCUMENT_KEY from the environment, or for
 * the embedded default a key generated once under the data folder. With MONGODB_URI a key must
 * be configured: generating one silently would make stored numbers unreadable after a restart
 * elsewhere.
 */
/** The document key if one is configured or already stored under the data folder; never creates one. */
export function existingDocumentKey(env: Env): Buffer | null {
  if (env.DOCUMENT_KEY || env.MONGODB_URI) return loadDocumentKey(env);
  return existsSync(join(dataDirOf(env), 'document.key')) ? loadDocumentKey(env) : null;
}

export function loadDocumentKey(env: Env): Buffer {
  if (env.DOCUMENT_KEY) {
    const key = Buffer.from(env.DOCUMENT_KEY, 'base64');
    if (key.length !== 32) throw new Error('DOCUMENT_KEY must be 32 bytes encoded as base64');
    return key;
  }
  if (env.MONGODB_URI) throw new Error('DOCUMENT_KEY is required when MONGODB_URI is set (32 bytes, base64)');
  const dir = dataDirOf(env);
  const file = join(dir, 'document.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}
