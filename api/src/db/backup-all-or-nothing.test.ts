import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminCreate } from '../cli/admin-create.ts';
import { dbExport } from '../cli/db-export.ts';
import { dbImport } from '../cli/db-import.ts';
import { loadEnv } from '../env.ts';
import { startServer } from '../server.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { seedDemoData } from '../seed/demo.ts';
import { holdsNothing } from './backup.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { runMigrations } from './migrations/runner.ts';
import { recordSchemaVersion, SCHEMA_VERSION } from './migrations/schema-version.ts';

let ctx: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'bh-import-'));
const file = join(dir, 'whole.jsonl.gz');
const targets: string[] = [];
let exportedLines: string[] = [];

const envFor = (db: string) =>
  loadEnv({
    MONGODB_URI: inject('mongoUri'),
    MONGODB_DB: db,
    DOCUMENT_KEY: ctx.deps.config.documentKey.toString('base64'),
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });

function target(): Db {
  const name = `t_import_${randomBytes(5).toString('hex')}`;
  targets.push(name);
  return ctx.deps.client.db(name);
}

/** Every collection that exists, with how many documents it holds. */
async function documentsIn(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) out[name] = await db.collection(name).countDocuments();
  return out;
}

const gz = (lines: string[]) => gzipSync(lines.join('\n'));

beforeAll(async () => {
  ctx = await createTestContext();
  // The source as a start leaves it: migrations recorded, its schema version, demo data.
  await runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, MIGRATIONS);
  await recordSchemaVersion(ctx.deps.db, null);
  expect(await seedDemoData(ctx.deps)).not.toBeNull();
  // Enough entries early in the file (collections are written in name order) that an import
  // writing as it reads has written some of them before it reaches a cut.
  const at = new Date('2026-06-01T00:00:00.000Z');
  await ctx.deps.cols.auditLog.insertMany(
    Array.from({ length: 1_500 }, (_, i) => ({ _id: new ObjectId(), at: new Date(at.getTime() + i * 1000), actor: null, action: 'account.create', target: { type: 'user', id: String(i) } })),
  );
  const exported = await dbExport([file], envFor(ctx.deps.db.databaseName));
  expect(exported.code, exported.message).toBe(0);
  exportedLines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
}, 120_000);

afterAll(async () => {
  for (const name of targets) await ctx.deps.client.db(name).dropDatabase().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

describe('pnpm db:import is all or nothing', () => {
  it('refuses an export cut off mid-way through its bytes, and leaves the empty database exactly as it was', async () => {
    const whole = readFileSync(file);
    const cut = join(dir, 'cut-bytes.jsonl.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const db = target();
    const result = await dbImport([cut], envFor(db.databaseName));
    expect(await documentsIn(db)).toEqual({});
    expect(result.code).toBe(1);
    expect(result.message).toContain(`Cannot import: ${cut} could not be read (unexpected end of file): it is cut short or damaged.`);
  });

  it('refuses an export whose lines stop before its end line, writing nothing', async () => {
    const cut = join(dir, 'cut-lines.jsonl.gz');
    writeFileSync(cut, gz(exportedLines.slice(0, Math.floor(exportedLines.length * 0.6))));
    const db = target();
    const result = await dbImport([cut], envFor(db.databaseName));
    expect(await documentsIn(db)).toEqual({});
    expect([result.code, result.message]).toEqual([1, `Cannot import: ${cut} is cut short (no end line).`]);
  });

  it('takes back what it wrote when a write fails part-way, leaving the database empty and no record of the import', async () => {
    // A whole, well-formed file whose users hold one _id twice: the second insert of it fails.
    const users = exportedLines.filter((l) => l.startsWith('{"c":"users"'));
    const endLine = JSON.parse(exportedLines.at(-1)!) as { end: true; counts: Record<string, number> };
    const lines = [...exportedLines.slice(0, -1), users[0]!, JSON.stringify({ ...endLine, counts: { ...endLine.counts, users: endLine.counts.users! + 1 } })];
    const clash = join(dir, 'clash.jsonl.gz');
    writeFileSync(clash, gz(lines));
    const db = target();
    const result = await dbImport([clash], envFor(db.databaseName)).catch((err: Error) => ({ code: null, message: err.message }));
    const left = Object.entries(await documentsIn(db)).filter(([, n]) => n > 0);
    expect(left).toEqual([]);
    expect(await holdsNothing(db)).toBe(true);
    expect(result.code).toBe(1);
    expect(result.message).toContain('the import stopped part-way');
    expect(result.message).toContain('what it wrote was taken back, and the database is empty as before');
  });

  it('refuses a backup of data written by a newer release before writing anything', async () => {
    const header = JSON.parse(exportedLines[0]!) as Record<string, unknown>;
    expect(header.schemaVersion).toBe(SCHEMA_VERSION);
    const newer = join(dir, 'newer.jsonl.gz');
    writeFileSync(newer, gz([JSON.stringify({ ...header, schemaVersion: SCHEMA_VERSION + 1 }), ...exportedLines.slice(1)]));
    const db = target();
    const result = await dbImport([newer], envFor(db.databaseName));
    expect(result.code).toBe(1);
    expect(result.message).toContain(`The backup ${newer} holds data written by a newer release of Better Health`);
    expect(await documentsIn(db)).toEqual({});
  });

  it('leaves a record while it writes that every start and tool refuses; importing again clears the partial copy and finishes', async () => {
    const db = target();
    // What a `pnpm db:import` killed while writing leaves (e2e/ops/data-versions.test.ts kills a real one).
    await db.collection('meta').insertOne({ _id: 'import', file: 'whole.jsonl.gz', startedAt: new Date('2026-06-15T06:00:00.000Z') } as never);
    await db.collection('audit_log').insertMany(Array.from({ length: 10 }, () => ({ at: new Date(), action: 'account.create' })));

    const start = await startServer(envFor(db.databaseName)).then(
      async (s) => {
        await s.close();
        return null;
      },
      (err: Error) => err.message,
    );
    expect(start).toContain(`An import into the database "${db.databaseName}" did not finish (\`pnpm db:import whole.jsonl.gz\`, started 2026-06-15T06:00:00.000Z)`);
    expect(start).toContain('Run `pnpm db:import FILE` again with the whole file');
    const piped = { interactive: false, prompt: async () => '', stdin: async () => 'Sturdy-admin-pass-1\n' };
    const created = await adminCreate(['--email', 'late-admin@example.in', '--name', 'Late Admin', '--password-stdin'], piped, envFor(db.databaseName));
    expect([created.code, created.message]).toEqual([1, expect.stringContaining('did not finish')]);
    expect(await db.collection('users').countDocuments()).toBe(0);

    const again = await dbImport([file], envFor(db.databaseName));
    expect(again.code, again.message).toBe(0);
    expect(await db.collection('meta').findOne({ _id: 'import' } as never)).toBeNull();
    const source = await documentsIn(ctx.deps.db);
    const restored = await documentsIn(db);
    for (const [name, count] of Object.entries(source)) expect(restored[name] ?? 0, name).toBe(count);
    const server = await startServer(envFor(db.databaseName));
    await server.close();
  }, 60_000);

  it('counts a database with documents in any collection as holding something, whatever it lacks', async () => {
    const db = target();
    expect(await holdsNothing(db)).toBe(true);
    await db.createCollection('users');
    expect(await holdsNothing(db)).toBe(true);
    // What a partial import of a file cut after its first collections leaves: no accounts, yet not empty.
    await db.collection('applications').insertOne({ status: 'submitted' });
    expect(await holdsNothing(db)).toBe(false);
  });
});
