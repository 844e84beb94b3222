import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { basename } from 'node:path';
import { BSON, type Db, type Document } from 'mongodb';
import { collections } from './collections.ts';
import { ensureIndexes } from './indexes.ts';
import { databaseVersion, newerThanThisRelease, unfinishedImport, versionOf } from './migrations/schema-version.ts';

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

/** Collections that hold at least one document. */
async function collectionsWithDocuments(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const name of await collectionNames(db)) {
    if ((await db.collection(name).countDocuments({}, { limit: 1 })) > 0) found.push(name);
  }
  return found;
}

/** True when no collection holds a document (indexes and empty collections aside). */
export async function holdsNothing(db: Db): Promise<boolean> {
  return (await collectionsWithDocuments(db)).length === 0;
}

/**
 * Reads a whole backup, checking it as it goes: its header and key, every line, its end line and
 * counts, and the schema version of its data. `write` receives each document; without it nothing
 * is written, so a file that fails here leaves the database as it was.
 */
async function readBackup(file: string, documentKey: Buffer, write?: (name: string, doc: Document) => Promise<void>): Promise<Record<string, number>> {
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const counts: Record<string, number> = {};
  const migrationIds: string[] = [];
  let schema: number | null = null;
  let header: Header | null = null;
  let end: { counts: Record<string, number> } | null = null;
  let writing = false;
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
      if (typeof name !== 'string' || typeof d !== 'object' || d === null) throw new BackupError(`${file} holds a line that is not a document of a collection.`);
      counts[name] = (counts[name] ?? 0) + 1;
      if (name === 'migrations' && typeof d._id === 'string') migrationIds.push(d._id);
      if (name === 'meta' && d._id === 'schema' && typeof d.version === 'number') schema = d.version;
      if (write) {
        writing = true;
        await write(name, d);
        writing = false;
      }
    }
  } catch (err) {
    // A write's own failure is the caller's to report; anything else is the file's.
    if (err instanceof BackupError || writing) throw err;
    throw new BackupError(`${file} could not be read (${(err as Error).message}): it is cut short or damaged.`);
  }
  if (!header) throw new BackupError(`${file} is empty.`);
  if (!end) throw new BackupError(`${file} is cut short (no end line).`);
  for (const [name, count] of Object.entries(end.counts)) {
    if ((counts[name] ?? 0) !== count) throw new BackupError(`${file} lists ${count} documents in ${name} but holds ${counts[name] ?? 0}.`);
  }
  for (const name of Object.keys(counts)) {
    if (!(name in end.counts)) throw new BackupError(`${file} holds documents in ${name}, which its end line does not list.`);
  }
  const found = versionOf({ schema: Math.max(schema ?? 0, header.schemaVersion ?? 0), migrationIds });
  const newer = newerThanThisRelease(`The backup ${file}`, found);
  if (newer) throw new BackupError(newer);
  return end.counts;
}

/**
 * Restores a backup into `db`, which must hold no documents (a restore never merges), all or
 * nothing: the whole file is read and checked first (whole, same document key, a schema version
 * this release knows) with nothing written; then an `import` record in `meta` marks the database
 * while the documents are written, and is removed once every document and index is in. A write
 * that fails takes back what the import wrote; a process killed meanwhile leaves the record, which
 * every start and tool refuses (schema-version.ts) until `pnpm db:import` is run again: it clears
 * what the unfinished import wrote and imports the file.
 */
export async function importDatabase(db: Db, file: string, documentKey: Buffer, log: (msg: string) => void = () => {}): Promise<Record<string, number>> {
  const cols = collections(db);
  const marker = await unfinishedImport(db);
  if (marker) {
    log(`An earlier import into "${db.databaseName}" (${marker.file ?? 'a file'}, started ${marker.startedAt?.toISOString() ?? 'at an unknown time'}) did not finish: clearing what it wrote.`);
    for (const name of await collectionNames(db)) await db.collection(name).drop();
  }
  const existing = await collectionsWithDocuments(db);
  if (existing.length > 0) {
    throw new BackupError(`The database "${db.databaseName}" is not empty (documents in ${existing.join(', ')}). Import into an empty database: a new DATA_DIR, or another MONGODB_DB.`);
  }

  // Nothing is written until the whole file has been read and checked.
  const listed = await readBackup(file, documentKey);

  const before = new Set(await collectionNames(db));
  await cols.meta.insertOne({ _id: 'import', file: basename(file), startedAt: new Date() });
  const pending = new Map<string, Document[]>();
  const flush = async (name: string) => {
    const docs = pending.get(name);
    if (!docs?.length) return;
    pending.set(name, []);
    await db.collection(name).insertMany(docs, { ordered: true });
  };
  try {
    const written = await readBackup(file, documentKey, async (name, doc) => {
      const docs = pending.get(name) ?? [];
      docs.push(doc);
      pending.set(name, docs);
      if (docs.length >= BATCH) await flush(name);
    });
    for (const name of pending.keys()) await flush(name);
    if (JSON.stringify(written) !== JSON.stringify(listed)) throw new BackupError(`${file} changed while it was being imported.`);
    // Empty collections are recreated too, so the copy has the same collections.
    for (const [name, count] of Object.entries(listed)) {
      if (count === 0) await db.createCollection(name).catch(() => {});
    }
    await ensureIndexes(db);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    try {
      for (const name of await collectionNames(db)) {
        if (before.has(name)) await db.collection(name).deleteMany({});
        else await db.collection(name).drop();
      }
    } catch {
      throw new BackupError(`the import stopped part-way (${why}), and what it wrote could not be taken back: run \`pnpm db:import FILE\` again once the database is reachable; it clears the partial copy first.`);
    }
    throw new BackupError(`the import stopped part-way (${why}); what it wrote was taken back, and the database is empty as before.`);
  }
  await cols.meta.deleteOne({ _id: 'import' });
  return listed;
}
