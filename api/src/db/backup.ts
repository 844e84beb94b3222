import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { BSON, type Db, type Document } from 'mongodb';
import { databaseVersion } from './migrations/schema-version.ts';

/**
 * Backups for `pnpm db:export FILE` and `pnpm db:import FILE`: every collection (GridFS uploads
 * included) as gzip-compressed lines of canonical Extended JSON, so types (ObjectId, Date, binary)
 * survive and MongoDB and FerretDB read the same file. Stored documents are copied as they are:
 * encrypted fields stay encrypted, so the file is only usable with the same document key, whose
 * fingerprint (an HMAC, not the key) the file records.
 *
 *   {"format":"better-health-backup","version":1,"database":…,"exportedAt":…,"keyFingerprint":…,"schemaVersion":8}
 *   {"c":"users","d":{…}}            one line per document
 *   {"end":true,"counts":{"users":5,…}}
 */
export const BACKUP_FORMAT = 'better-health-backup';
const BATCH = 500;

interface Header {
  format: string;
  version: number;
  database: string;
  exportedAt: string;
  keyFingerprint: string;
  /** The schema version of the exported data (schema-version.ts); files from before it have none. */
  schemaVersion?: number;
}

export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update(BACKUP_FORMAT).digest('hex').slice(0, 16);
}

async function collectionNames(db: Db): Promise<string[]> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  return names.filter((n) => !n.startsWith('system.')).sort();
}

/** Writes the whole database to `file`; returns the number of documents per collection. */
export async function exportDatabase(db: Db, file: string, documentKey: Buffer, now = new Date()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const names = await collectionNames(db);
  const { version: schemaVersion } = await databaseVersion(db);
  async function* lines(): AsyncGenerator<string> {
    const header: Header = { format: BACKUP_FORMAT, version: 1, database: db.databaseName, exportedAt: now.toISOString(), keyFingerprint: keyFingerprint(documentKey), schemaVersion };
    yield `${JSON.stringify(header)}\n`;
    for (const name of names) {
      counts[name] = 0;
      for await (const doc of db.collection(name).find({}, { sort: { _id: 1 } })) {
        counts[name] += 1;
        yield `{"c":${JSON.stringify(name)},"d":${BSON.EJSON.stringify(doc, { relaxed: false })}}\n`;
      }
    }
    yield `${JSON.stringify({ end: true, counts })}\n`;
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file, { mode: 0o600 }));
  return counts;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * Restores a backup into `db`, which must hold no documents (a restore never merges). Checks the
 * file is whole (its end line's counts) and was made with the same document key.
 */
export async function importDatabase(db: Db, file: string, documentKey: Buffer): Promise<Record<string, number>> {
  const existing: string[] = [];
  for (const name of await collectionNames(db)) {
    if ((await db.collection(name).countDocuments({}, { limit: 1 })) > 0) existing.push(name);
  }
  if (existing.length > 0) {
    throw new BackupError(`The database "${db.databaseName}" is not empty (documents in ${existing.join(', ')}). Import into an empty database: a new DATA_DIR, or another MONGODB_DB.`);
  }

  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const counts: Record<string, number> = {};
  const pending = new Map<string, Document[]>();
  const flush = async (name: string) => {
    const docs = pending.get(name);
    if (!docs?.length) return;
    pending.set(name, []);
    await db.collection(name).insertMany(docs, { ordered: true });
  };
  let header: Header | null = null;
  let end: { counts: Record<string, number> } | null = null;
  try {
    for await (const line of input) {
      if (!line) continue;
      if (!header) {
        header = JSON.parse(line) as Header;
        if (header.format !== BACKUP_FORMAT || header.version !== 1) throw new BackupError(`${file} is not a Better Health backup.`);
        if (header.keyFingerprint !== keyFingerprint(documentKey)) {
          throw new BackupError(
            `${file} was made with another document key (fingerprint ${header.keyFingerprint}); its encrypted fields would be unreadable. ` +
              'Set DOCUMENT_KEY to the key of the database it came from (or copy its document.key into the new DATA_DIR), then import again.',
          );
        }
        continue;
      }
      if (end) throw new BackupError(`${file} has data after its end line.`);
      if (line.startsWith('{"end":')) {
        end = JSON.parse(line) as { counts: Record<string, number> };
        continue;
      }
      const { c: name, d } = BSON.EJSON.parse(line, { relaxed: false }) as { c: string; d: Document };
      counts[name] = (counts[name] ?? 0) + 1;
      const docs = pending.get(name) ?? [];
      docs.push(d);
      pending.set(name, docs);
      if (docs.length >= BATCH) await flush(name);
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} could not be read (${(err as Error).message}).`);
  }
  for (const name of pending.keys()) await flush(name);
  if (!header) throw new BackupError(`${file} is empty.`);
  if (!end) throw new BackupError(`${file} is cut short (no end line): the database now holds a partial copy; empty it before importing a whole file.`);
  for (const [name, count] of Object.entries(end.counts)) {
    if ((counts[name] ?? 0) !== count) throw new BackupError(`${file} lists ${count} documents in ${name} but holds ${counts[name] ?? 0}.`);
    // Empty collections are recreated too, so the copy has the same collections.
    if (count === 0) await db.createCollection(name).catch(() => {});
  }
  return counts;
}
