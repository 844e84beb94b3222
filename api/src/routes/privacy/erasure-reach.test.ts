import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Binary, GridFSBucket, MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_VERSION, privacyRequestResponse, type ChangeRequestBody } from '@bh/shared';
import { findFerretDb } from '../../../../tools/ferretdb/build.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../../test/context.ts';
import { startTestMail, type TestMail } from '../../../test/mail.ts';
import { validApplication } from '../../../test/applications.ts';
import { dbExport } from '../../cli/db-export.ts';
import { startEmbeddedDb, type EmbeddedDb } from '../../db/embedded.ts';
import { MIGRATIONS } from '../../db/migrations/index.ts';
import { runMigrations } from '../../db/migrations/runner.ts';
import { loadEnv } from '../../env.ts';
import { freePort, waitForPort } from '../../lib/ports.ts';
import { samplePdf } from '../../seed/sample-files.ts';
import { runDueErasures } from '../../domain/privacy/requests.service.ts';

/**
 * Issue 47, item 7: an erasure reaches every collection, and the embedded database's files keep no
 * deleted bytes. Each test runs on an embedded database of its own, so that every file of its data
 * folder can be searched, byte by byte, for what was erased.
 */

const HOUR = 60 * 60 * 1000;

/**
 * A text as FerretDB's SQLite backend stores it inside a binary value (uploaded files' chunks): base64,
 * in each of its three alignments (the characters that also depend on the bytes around it left out).
 */
function base64Forms(text: string): string[] {
  return [0, 1, 2].map((k) => {
    const b64 = Buffer.concat([Buffer.alloc(k), Buffer.from(text)]).toString('base64');
    return b64.slice(k === 0 ? 0 : 4, -4);
  });
}

/**
 * Every file under `dir`, read as bytes: which of `needles` each one holds (the `grep -a` of the
 * issue), as text in any case, or (a long one) base64-encoded as a binary value holds it.
 */
function rawHits(dir: string, needles: readonly string[]): string[] {
  const hits: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const bytes = readFileSync(path);
        for (const needle of needles) {
          // As stored (UTF-8), and in any case: SQLite keeps JSON text, an email may be lower-cased.
          const text = bytes.toString('latin1');
          if (text.toLowerCase().includes(needle.toLowerCase()) || (needle.length >= 24 && base64Forms(needle).some((form) => text.includes(form)))) hits.push(`${path.slice(dir.length + 1)}: ${needle}`);
        }
      }
    }
  };
  walk(dir);
  return hits;
}

/** The lines of a `pnpm db:export` file (its collection named on each document line) that hold any of `needles`. */
function exportHits(file: string, needles: readonly string[]): string[] {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  return lines.filter((line) => needles.some((n) => line.toLowerCase().includes(n.toLowerCase()))).map((line) => line.slice(0, 400));
}

describe('an erasure carried out as the product runs it', () => {
  let dir: string;
  let server: EmbeddedDb;
  let ctx: TestContext;
  let mail: TestMail;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bh-erasure-'));
    server = await startEmbeddedDb({ dataDir: dir, log: () => {} });
    ctx = await createTestContext({ server: { uri: server.uri, engine: server.kind === 'ferretdb' ? 'ferretdb' : 'mongodb' } });
    mail = await startTestMail(ctx);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves neither the export nor the data folder holding the person’s name, email, phone or documents', async () => {
    const CLIENT_NAME = 'Zyxwq Erasuretest';
    const CLIENT_EMAIL = 'zyxwq.erasuretest@example.in';
    const ASSOCIATE_NAME = 'Qvorn Erasedoc';
    const ASSOCIATE_EMAIL = 'qvorn.erasedoc@example.in';
    const NOMINEE = 'Plimsoll Nomineeperson';
    const SLIP_TEXT = 'Salary slip v1 Qvorn-plaintext';

    const admin = await ctx.signedIn('admin', 'verified');
    const keeper = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr Meera Keeps' });
    const keeperCookie = await ctx.login(keeper.email);
    const client = await ctx.createUser({ role: 'user', name: CLIENT_NAME, email: CLIENT_EMAIL });
    const clientCookie = await ctx.login(client.email);

    // The associate to erase: an application with its documents (the salary slip a PDF whose text we look for).
    const associate = await ctx.createUser({ role: 'doctor', isVerified: 'not_submitted', name: ASSOCIATE_NAME, email: ASSOCIATE_EMAIL });
    const associateCookie = await ctx.login(associate.email);
    const application = await validApplication(ctx, associateCookie);
    const slip = await ctx.app.request('/api/v1/uploads', {
      method: 'POST',
      headers: { cookie: associateCookie },
      body: (() => {
        const form = new FormData();
        form.append('field', 'salarySlip');
        form.append('file', new Blob([new Uint8Array(samplePdf([SLIP_TEXT]))], { type: 'application/pdf' }), 'slip.pdf');
        return form;
      })(),
    });
    expect(slip.status).toBe(201);
    application.salarySlip = [((await slip.json()) as { secure_url: string }).secure_url];
    expect((await ctx.request('POST', '/api/v1/register/employees', { cookie: associateCookie, body: application })).status).toBe(201);
    const PHONE = application.personalInfo.phone;
    expect((await ctx.request('POST', `/api/v1/register/verify-doctor/${associate.id}`, { cookie: admin.cookie })).status).toBe(200);

    const schedule = async (doctorEmail: string, meetingDate: string, meetingTime: string) => {
      const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
        cookie: admin.cookie,
        body: { clientId: client.email, doctorId: doctorEmail, meetingDate, meetingTime, meetingLink: 'https://meet.example.in/room', formLink: 'https://forms.example.in/f' },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { meeting: { _id: string } }).meeting._id;
    };
    // The clock stands at 2026-06-15 12:00 IST. Sessions with the associate who stays, and one with the associate erased.
    const soon = await schedule(keeper.email, '2026-06-17', '05:30 PM');
    const later = await schedule(keeper.email, '2026-06-25', '10:00 AM');
    const cancelledByClient = await schedule(keeper.email, '2026-06-22', '11:00 AM');
    const cancelledByAdmin = await schedule(keeper.email, '2026-06-27', '11:00 AM');
    await schedule(associate.email, '2026-06-26', '04:00 PM');
    const post = (path: string, cookie: string, body: unknown) => ctx.request('POST', `/api/v1${path}`, { cookie, body });

    // Cancellations with reasons (refunds due), by the client and by an admin naming the client.
    expect((await post(`/meeting/${cancelledByClient}/cancel`, clientCookie, { reason: 'Zyxwq has exams that week' })).status).toBe(200);
    expect((await post(`/meeting/${cancelledByAdmin}/cancel`, admin.cookie, { reason: `${CLIENT_NAME} phoned to cancel`, cause: 'technical_failure' })).status).toBe(200);
    // The associate who stays asks to move a session, naming the client; it stays open.
    const move: ChangeRequestBody = { kind: 'reschedule', reason: `${CLIENT_NAME} asked for a later time`, meetingDate: '2026-06-26', meetingTime: '11:00 AM' };
    expect((await post(`/meeting/${later}/request`, keeperCookie, move)).status).toBe(201);

    // A day on: the reminder about the first session goes out to the associate, naming the client.
    ctx.clock.advance(31 * HOUR);
    await mail.deliver();
    expect(mail.to(keeper.email).some((m) => m.text.includes(CLIENT_NAME))).toBe(true);
    // Inside 24 hours the client can only ask an admin to move it: an open request with a reason.
    const ask: ChangeRequestBody = { kind: 'reschedule', reason: 'Zyxwq Erasuretest has a clash at work', meetingDate: '2026-06-19', meetingTime: '05:30 PM' };
    const clientAgain = await ctx.login(client.email);
    expect((await post(`/meeting/${soon}/request`, clientAgain, ask)).status).toBe(201);

    // Privacy: the notice, a nominee, and rate-limit entries holding the email (a wrong password, a reset).
    expect((await post('/privacy/notice/accept', clientAgain, { version: NOTICE_VERSION })).status).toBe(200);
    expect((await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: clientAgain, body: { name: NOMINEE, email: 'plimsoll@example.in', relationship: 'Brother' } })).status).toBe(200);
    expect((await ctx.request('POST', '/api/v1/user/login', { body: { email: client.email, password: `${TEST_PASSWORD}-wrong` } })).status).toBe(401);
    expect((await ctx.request('POST', '/api/v1/user/forgot-password', { body: { email: associate.email } })).status).toBeLessThan(300);
    expect(await ctx.deps.cols.rateLimits.countDocuments({ key: { $regex: 'erase' } })).toBeGreaterThan(0);

    // Both ask for erasure; an admin accepts; the erasure job runs once the 48 hours are over.
    const associateAgain = await ctx.login(associate.email);
    const adminAgain = await ctx.login(admin.email);
    for (const [cookie, name] of [[clientAgain, CLIENT_NAME], [associateAgain, ASSOCIATE_NAME]] as const) {
      const filed = await post('/privacy/requests', cookie, { kind: 'erasure', details: `Please erase everything about ${name}.` });
      expect(filed.status).toBe(201);
      const id = privacyRequestResponse.parse(await filed.json()).data.id;
      expect((await post(`/privacy/requests/${id}/decide`, adminAgain, { decision: 'accept', answer: 'Erasing as asked.' })).status).toBe(200);
    }
    await mail.deliver();
    ctx.clock.advance(48 * HOUR);
    expect(await runDueErasures(ctx.deps)).toBe(2);

    // Nothing that goes out afterwards names them.
    const sentBefore = mail.mailbox.messages.length;
    ctx.clock.advance(6 * 24 * HOUR);
    await mail.deliver();
    const after = mail.mailbox.messages.slice(0, mail.mailbox.messages.length - sentBefore);
    for (const needle of [CLIENT_NAME, CLIENT_EMAIL, ASSOCIATE_NAME, ASSOCIATE_EMAIL]) {
      expect.soft(after.filter((m) => `${m.subject}\n${m.text}\n${m.html}\n${m.to.join(',')}`.includes(needle)).map((m) => m.subject)).toEqual([]);
    }

    const needles = [CLIENT_NAME, CLIENT_EMAIL, 'Zyxwq', ASSOCIATE_NAME, ASSOCIATE_EMAIL, 'Qvorn', PHONE, NOMINEE, SLIP_TEXT, application.personalInfo.firstName + ' ' + application.personalInfo.lastName];
    // A full export (`pnpm db:export`) holds none of it.
    const file = join(dir, 'export.jsonl.gz');
    const exported = await dbExport([file], loadEnv({ MONGODB_URI: server.uri, MONGODB_DB: ctx.deps.db.databaseName, DOCUMENT_KEY: ctx.deps.config.documentKey.toString('base64'), DATA_DIR: dir }));
    expect(exported.code, exported.message).toBe(0);
    expect.soft(exportHits(file, needles)).toEqual([]);
    rmSync(file);

    // Nor does any file of the data folder, while the server runs and after it stopped.
    if (server.kind !== 'ferretdb') return;
    expect.soft(rawHits(dir, needles)).toEqual([]);
    await server.stop();
    expect(rawHits(dir, needles)).toEqual([]);
  }, 300_000);
});

describe('a data folder whose uploads an earlier version encrypted', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps none of their plain bytes, nor deleted records, once the server started on it', async () => {
    const bin = findFerretDb();
    if (!bin || process.env.MONGODB_URI) return;
    dir = mkdtempSync(join(tmpdir(), 'bh-vacuum-'));
    const PLAIN = 'Salary slip v1 Legacyplaintext Wqxzy';
    const NOMINEE = 'Legacy Nomineeremoved Vbnmq';
    const documentKey = Buffer.alloc(32, 7);

    // The folder as the earlier version left it: FerretDB started as it was then (no secure_delete), an
    // upload stored in clear, then encrypted by the at-rest migration, and a nominee removed.
    mkdirSync(join(dir, 'ferretdb'), { recursive: true, mode: 0o700 });
    const port = await freePort();
    const old = spawn(bin, ['--handler=sqlite', `--sqlite-url=file:${join(dir, 'ferretdb')}/`, `--state-dir=${join(dir, 'ferretdb')}`, '--telemetry=disable', `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', '--log-level=error'], { stdio: 'ignore' });
    await waitForPort(port, old, 60_000);
    const client = new MongoClient(`mongodb://127.0.0.1:${port}/`);
    const db = client.db('better_health');
    const ownerId = new ObjectId();
    const bytes = samplePdf(Array.from({ length: 9000 }, () => PLAIN));
    await new Promise<void>((resolve, reject) => {
      const upload = new GridFSBucket(db, { bucketName: 'uploads' }).openUploadStream('slip.pdf', { metadata: { ownerId, field: 'salarySlip', kind: 'pdf', originalName: 'slip.pdf', size: bytes.length } });
      upload.on('finish', () => resolve()).on('error', reject);
      upload.end(bytes);
    });
    await db.collection('nominees').insertOne({ _id: ownerId as never, name: NOMINEE, email: 'legacy@example.in', relationship: 'Sister', updatedAt: new Date(), pad: new Binary(Buffer.alloc(2000, 1)) });
    await db.collection('nominees').deleteOne({ _id: ownerId as never });
    const encrypt = MIGRATIONS.find((m) => m.id === 'encrypt-uploads-at-rest')!;
    await runMigrations({ db, documentKey }, MIGRATIONS.slice(0, MIGRATIONS.indexOf(encrypt) + 1));
    await client.close();
    old.kill('SIGTERM');
    await new Promise((resolve) => old.once('exit', resolve));
    // What the issue found with grep -a: the plain bytes and the removed record, in SQLite's free pages.
    expect(rawHits(dir, [PLAIN, NOMINEE]).length).toBeGreaterThan(0);

    // The server starts on it as `pnpm start` does: the embedded database, then every migration.
    const server = await startEmbeddedDb({ dataDir: dir, log: () => {} });
    const now = new MongoClient(server.uri);
    try {
      await runMigrations({ db: now.db('better_health'), documentKey }, MIGRATIONS);
      expect(rawHits(dir, [PLAIN, NOMINEE])).toEqual([]);
    } finally {
      await now.close();
      await server.stop();
    }
    expect(rawHits(dir, [PLAIN, NOMINEE])).toEqual([]);
  }, 300_000);
});

describe('a record deleted between erasures', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves no bytes in the data folder once its page is written out, without waiting for a vacuum', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bh-delete-'));
    const server = await startEmbeddedDb({ dataDir: dir, log: () => {} });
    if (server.kind !== 'ferretdb') return void (await server.stop());
    const ctx = await createTestContext({ server: { uri: server.uri, engine: 'ferretdb' } });
    const NOMINEES = Array.from({ length: 30 }, (_, i) => `Removednominee Xqzv${String(i).padStart(2, '0')}`);
    const people = await Promise.all(NOMINEES.map(() => ctx.signedIn('user')));
    for (const [i, person] of people.entries()) {
      expect((await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: person.cookie, body: { name: NOMINEES[i], email: `n${i}@example.in`, relationship: 'Sister' } })).status).toBe(200);
    }
    // Each person removes their nominee; the rows around them stay and change.
    for (const person of people) expect((await ctx.request('DELETE', '/api/v1/privacy/nominee', { cookie: person.cookie })).status).toBe(200);
    await ctx.deps.client.close();
    // Stopped, SQLite has written the log into the file: its pages are what stays on the disk.
    await server.stop();
    expect(rawHits(dir, ['Removednominee'])).toEqual([]);
  }, 300_000);
});
