import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BSON } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { dbExport } from '../cli/db-export.ts';
import { dbImport } from '../cli/db-import.ts';
import { loadEnv } from '../env.ts';
import { createDeps } from '../lib/deps.ts';
import { uploadFile } from '../../test/uploads.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo.ts';

let ctx: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'bh-backup-'));
const file = join(dir, 'backup.jsonl.gz');
const targetDb = `t_restore_${randomBytes(4).toString('hex')}`;

const envFor = (db: string, key: Buffer = ctx.deps.config.documentKey) =>
  loadEnv({ MONGODB_URI: inject('mongoUri'), MONGODB_DB: db, DOCUMENT_KEY: key.toString('base64'), DATA_DIR: dir });

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.deps.client.db(targetDb).dropDatabase().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(app: ReturnType<typeof createApp>, email: string): Promise<string> {
  const res = await app.request('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const read = async (app: ReturnType<typeof createApp>, path: string, cookie: string) => {
  const res = await app.request(path, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe('pnpm db:export and db:import', () => {
  it('restores an export into an empty database, where the product works as before', async () => {
    expect(await seedDemoData(ctx.deps)).not.toBeNull();
    const associate = await signIn(ctx.app, 'meera@demo.betterhealth.in');
    const upload = await uploadFile(ctx, associate, 'resume');
    const admin = await signIn(ctx.app, 'admin@demo.betterhealth.in');
    const client = await signIn(ctx.app, 'priya@demo.betterhealth.in');
    const applications = await ctx.deps.cols.applications.find().toArray();
    const before = {
      meetings: await read(ctx.app, '/api/v1/meeting/get-meetings', client),
      upload: await read(ctx.app, upload, associate),
      details: await read(ctx.app, `/api/v1/register/doctor-details/${applications[0]!.userId.toHexString()}`, admin),
    };

    const exported = await dbExport([file], envFor(ctx.deps.db.databaseName));
    expect(exported.code, exported.message).toBe(0);
    // Documents are copied exactly as stored, so encrypted fields stay encrypted in the file.
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    expect(lines).toContain(`{"c":"applications","d":${BSON.EJSON.stringify(applications[0]!, { relaxed: false })}}`);
    expect(lines[0]).toContain('"format":"better-health-backup"');
    expect(lines.some((l) => l.startsWith('{"c":"uploads.chunks"'))).toBe(true);

    const imported = await dbImport([file], envFor(targetDb));
    expect(imported.code, imported.message).toBe(0);

    const restored = ctx.deps.client.db(targetDb);
    for (const name of ['users', 'meetings', 'applications', 'uploads.files', 'uploads.chunks', 'audit_log']) {
      expect(await restored.collection(name).countDocuments(), name).toBe(await ctx.deps.db.collection(name).countDocuments());
    }
    const app = createApp(createDeps({ client: ctx.deps.client, db: restored, clock: ctx.clock, log: ctx.deps.log, config: ctx.deps.config }));
    const adminAgain = await signIn(app, 'admin@demo.betterhealth.in');
    expect(await read(app, '/api/v1/meeting/get-meetings', await signIn(app, 'priya@demo.betterhealth.in'))).toEqual(before.meetings);
    expect(await read(app, upload, await signIn(app, 'meera@demo.betterhealth.in'))).toEqual(before.upload);
    expect(await read(app, `/api/v1/register/doctor-details/${applications[0]!.userId.toHexString()}`, adminAgain)).toEqual(before.details);
  });

  it('refuses a database that is not empty, another document key, a cut-short file and an existing export file', async () => {
    const again = await dbImport([file], envFor(targetDb));
    expect([again.code, again.message]).toEqual([1, expect.stringContaining('is not empty')]);

    const fresh = `t_restore_${randomBytes(4).toString('hex')}`;
    const wrongKey = await dbImport([file], envFor(fresh, randomBytes(32)));
    expect([wrongKey.code, wrongKey.message]).toEqual([1, expect.stringContaining('another document key')]);

    const whole = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const cut = join(dir, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(whole.slice(0, 5).join('\n')));
    const partial = await dbImport([cut], envFor(fresh));
    expect([partial.code, partial.message]).toEqual([1, expect.stringContaining('cut short')]);
    await ctx.deps.client.db(fresh).dropDatabase();

    const overwrite = await dbExport([file], envFor(ctx.deps.db.databaseName));
    expect([overwrite.code, overwrite.message]).toEqual([2, expect.stringContaining('already exists')]);
  });
});
