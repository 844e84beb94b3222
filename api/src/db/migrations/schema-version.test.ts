import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCreate } from '../../cli/admin-create.ts';
import { dbImport } from '../../cli/db-import.ts';
import { loadEnv } from '../../env.ts';
import { createMongoClient } from '../../lib/mongo.ts';
import { startServer } from '../../server.ts';
import { openDatabase } from '../connect.ts';
import { MIGRATIONS } from './index.ts';
import { DataRefusedError, SCHEMA_VERSION } from './schema-version.ts';

let client: MongoClient;
const names: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bh-schema-'));
const key = randomBytes(32).toString('base64');

beforeAll(async () => {
  client = createMongoClient(inject('mongoUri'), inject('mongoEngine'));
  await client.connect();
});
afterAll(async () => {
  for (const name of names) await client.db(name).dropDatabase().catch(() => {});
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

function freshDb(): Db {
  const name = `t_schema_${randomBytes(5).toString('hex')}`;
  names.push(name);
  return client.db(name);
}

const envFor = (db: Db) =>
  loadEnv({ MONGODB_URI: inject('mongoUri'), MONGODB_DB: db.databaseName, DOCUMENT_KEY: key, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir });

/** Every collection with its documents and index names, to show a refused start wrote nothing. */
async function contents(db: Db): Promise<Record<string, { docs: unknown[]; indexes: string[] }>> {
  const out: Record<string, { docs: unknown[]; indexes: string[] }> = {};
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    const indexes = (await db.collection(name).listIndexes().toArray()).map((i) => String(i.name)).sort();
    out[name] = { docs: await db.collection(name).find({}, { sort: { _id: 1 } }).toArray(), indexes };
  }
  return out;
}

/** Marks a database as a newer release would: its schema record one version past this release's. */
async function writtenByNewerRelease(db: Db): Promise<void> {
  await db.collection('meta').insertOne({ _id: 'schema', version: SCHEMA_VERSION + 1 } as never);
  await db.collection('users').insertOne({ email: 'kept@example.in', name: 'Kept' });
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    async (value) => {
      if (value && typeof value === 'object' && 'close' in value) await (value as { close(): Promise<void> }).close();
      return null;
    },
    (err: Error) => err,
  );
  expect(outcome, 'expected a refusal').toBeInstanceOf(Error);
  return outcome!;
}

describe('the schema version', () => {
  it('is the number of migrations this release knows', () => {
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('is recorded by the start on a fresh database', async () => {
    const db = freshDb();
    const server = await startServer(envFor(db));
    await server.close();
    expect(await db.collection('meta').findOne({ _id: 'schema' } as never)).toEqual({ _id: 'schema', version: SCHEMA_VERSION });
  }, 60_000);

  it('is derived from the recorded migrations on a database from before the record, which the start then brings up and records', async () => {
    const db = freshDb();
    // As a release before this one left it: the first five migrations recorded, no schema record.
    await db.collection('migrations').insertMany(MIGRATIONS.slice(0, 5).map((m) => ({ _id: m.id, finishedAt: new Date() })) as never[]);
    const server = await startServer(envFor(db));
    await server.close();
    const recorded = (await db.collection('migrations').find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(recorded.sort()).toEqual(MIGRATIONS.map((m) => m.id).sort());
    expect(await db.collection('meta').findOne({ _id: 'schema' } as never)).toEqual({ _id: 'schema', version: SCHEMA_VERSION });
  }, 60_000);

  it('refuses to start on a database written by a newer release, saying what to do, and writes nothing', async () => {
    const db = freshDb();
    await writtenByNewerRelease(db);
    const before = await contents(db);
    const error = await refusal(startServer(envFor(db)));
    expect(error).toBeInstanceOf(DataRefusedError);
    expect(error.message).toContain(`The database "${db.databaseName}" holds data written by a newer release of Better Health`);
    expect(error.message).toContain(`schema version ${SCHEMA_VERSION + 1}; this release knows versions up to ${SCHEMA_VERSION}`);
    expect(error.message).toContain('run the newer release again');
    expect(error.message).toContain('restore a backup made with it (`pnpm db:import FILE`');
    expect(await contents(db)).toEqual(before);
  }, 60_000);

  it('refuses a database that records a migration this release does not know (a newer release without the record)', async () => {
    const db = freshDb();
    await db.collection('migrations').insertMany([...MIGRATIONS.map((m) => ({ _id: m.id, finishedAt: new Date() })), { _id: 'a-later-migration-v1', finishedAt: new Date() }] as never[]);
    const before = await contents(db);
    const error = await refusal(startServer(envFor(db)));
    expect(error.message).toContain('records migrations this release does not know (a-later-migration-v1)');
    expect(await contents(db)).toEqual(before);
  }, 60_000);

  it('makes pnpm admin:create and pnpm db:import refuse such a database too, writing nothing', async () => {
    const db = freshDb();
    await writtenByNewerRelease(db);
    const before = await contents(db);
    const piped = { interactive: false, prompt: async () => '', stdin: async () => 'Sturdy-admin-pass-1\n' };
    const created = await adminCreate(['--email', 'new-admin@example.in', '--name', 'New Admin', '--password-stdin'], piped, envFor(db));
    expect([created.code, created.message]).toEqual([1, expect.stringContaining('holds data written by a newer release')]);
    const file = join(dir, 'any.jsonl.gz');
    writeFileSync(file, '');
    const imported = await dbImport([file], envFor(db));
    expect([imported.code, imported.message]).toEqual([1, expect.stringContaining('holds data written by a newer release')]);
    expect(await contents(db)).toEqual(before);
  }, 60_000);

  it('refuses a data folder whose schema.json a newer release wrote before starting a database on it', async () => {
    const folder = mkdtempSync(join(dir, 'folder-'));
    writeFileSync(join(folder, 'schema.json'), JSON.stringify({ version: SCHEMA_VERSION + 1 }));
    const env = loadEnv({ DATA_DIR: folder, DOCUMENT_KEY: key, LOG_LEVEL: 'silent' });
    const error = await refusal(openDatabase(env, () => {}));
    expect(error.message).toContain(`The data folder ${folder} holds data written by a newer release of Better Health`);
    // No database was started on it: the folder holds what it held.
    expect(readdirSync(folder)).toEqual(['schema.json']);
    expect(JSON.parse(readFileSync(join(folder, 'schema.json'), 'utf8'))).toEqual({ version: SCHEMA_VERSION + 1 });
  });
});
