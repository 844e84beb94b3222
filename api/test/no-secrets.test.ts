import { ObjectId } from 'mongodb';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.ts';
import { AADHAAR_NUMBER, ACCOUNT_NUMBER, PAN_NUMBER, validApplication } from './applications.ts';

/**
 * DESIGN §4: bank account and identity document numbers are encrypted at rest and no response
 * ever carries them in full. This file seeds applications with known numbers, then reads every
 * GET route the app serves (found from the app itself, so new ones are covered too) as every kind
 * of caller, plus the answers of the calls that write applications, and scans the raw text.
 */

let ctx: TestContext;

/** Every response body this file saw, as raw text. */
const transcript: { call: string; text: string }[] = [];

/** The second applicant's numbers: verified, so they reach the verified list and the grids. */
const OTHER = { account: '604417239958', aadhaar: '730159846227', pan: 'KZTPM5820Q' } as const;

/**
 * What must never appear: each number whole, as typed with spaces, and any 8 characters in a
 * row of it (the masked form shows only the last 4).
 */
function forbiddenFragments(numbers: readonly string[] = [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER, OTHER.account, OTHER.aadhaar, OTHER.pan]): string[] {
  const spaced = ['9182 7364 5501', '4829 1573 6204', '6044 1723 9958', '7301 5984 6227'];
  const fragments = new Set<string>(spaced.filter((s) => numbers.includes(s.replaceAll(' ', ''))));
  for (const n of numbers) {
    fragments.add(n);
    fragments.add(n.toLowerCase());
    for (let i = 0; i + 8 <= n.length; i += 1) fragments.add(n.slice(i, i + 8));
  }
  return [...fragments];
}

async function call(method: string, path: string, init: { cookie?: string; body?: unknown } = {}, label = '') {
  const res = await ctx.request(method, path, init);
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  transcript.push({ call: `${label} ${method} ${path} → ${res.status}`, text });
  return { status: res.status, text };
}

const ARCHIVE_PATH = '/api/v1/privacy/archive';

let pending: { id: string; cookie: string };
let verified: { id: string; cookie: string };
const callers: { label: string; cookie?: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.signedIn('admin', 'verified');

  const first = await ctx.signedIn('doctor', 'not_submitted');
  const submitted = await call('POST', '/api/v1/register/employees', { cookie: first.cookie, body: await validApplication(ctx, first.cookie) }, 'applicant');
  expect(submitted.status).toBe(201);
  pending = first;

  const second = await ctx.signedIn('admin', 'not_submitted');
  const body = await validApplication(ctx, second.cookie);
  body.bankAccount.accountNumber = OTHER.account;
  body.personalInfo.Doc[0]!.documentId = OTHER.aadhaar;
  body.personalInfo.Doc[1]!.documentId = OTHER.pan;
  expect((await call('POST', '/api/v1/register/employees', { cookie: second.cookie, body }, 'applicant')).status).toBe(201);
  expect((await call('POST', `/api/v1/register/verify-doctor/${second.id}`, { cookie: admin.cookie }, 'admin')).status).toBe(200);
  verified = second;

  // A rejected round and its resubmission leave their own traces (audit entries, reasons).
  const third = await ctx.signedIn('doctor', 'not_submitted');
  const thirdBody = await validApplication(ctx, third.cookie);
  expect((await call('POST', '/api/v1/register/employees', { cookie: third.cookie, body: thirdBody }, 'applicant')).status).toBe(201);
  expect((await call('POST', `/api/v1/register/reject-doctor/${third.id}`, { cookie: admin.cookie, body: { reason: 'Please upload a clearer PAN card' } }, 'admin')).status).toBe(200);
  expect((await call('POST', '/api/v1/register/employees', { cookie: third.cookie, body: thirdBody }, 'applicant')).status).toBe(201);

  callers.push(
    { label: 'anonymous' },
    { label: 'client', cookie: (await ctx.signedIn('user')).cookie },
    { label: 'pending applicant', cookie: pending.cookie },
    { label: 'verified applicant', cookie: verified.cookie },
    { label: 'other verified associate', cookie: (await ctx.signedIn('doctor', 'verified')).cookie },
    { label: 'unverified admin', cookie: (await ctx.signedIn('admin', 'not_submitted')).cookie },
    { label: 'verified admin', cookie: admin.cookie },
  );
});

/** Concrete paths for every GET route, with each path parameter pointing at seeded data. */
function readPaths(): string[] {
  const values: Record<string, string[]> = {
    userId: [pending.id, verified.id],
    id: [pending.id, verified.id, new ObjectId().toHexString()],
    meetingId: [new ObjectId().toHexString()],
    service: ['mentalHealthCounselling'],
    planType: ['single'],
  };
  const paths = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method !== 'GET' || !route.path.startsWith('/api/')) continue;
    // The owner's own data archive is the one answer with the numbers in full (DESIGN §4); the
    // test below checks it gives them to their owner and nobody else.
    if (route.path === ARCHIVE_PATH) continue;
    let expanded = [route.path];
    for (const [name, options] of Object.entries(values)) {
      if (!route.path.includes(`:${name}`)) continue;
      expanded = expanded.flatMap((p) => options.map((v) => p.replace(`:${name}`, v)));
    }
    for (const path of expanded) if (!path.includes(':') && !path.includes('*')) paths.add(path);
  }
  return [...paths];
}

describe('no response carries a full bank account or identity document number', () => {
  it('reads every GET route as every kind of caller and finds no number in any answer', async () => {
    const paths = readPaths();
    // The reads that matter most must be among them.
    for (const expected of [
      `/api/v1/register/doctor-details/${pending.id}`,
      '/api/v1/register/status-pending',
      '/api/v1/register/status-verified',
      '/api/v1/register/check-verified',
      '/api/v1/register/application',
      '/api/v1/user/profile',
      '/api/v1/admin/applications',
      `/api/v1/admin/applications/${verified.id}`,
      '/api/v1/admin/users',
      '/api/v1/admin/audit',
      '/api/v1/privacy/sessions',
      '/api/v1/privacy/access-log',
    ]) {
      expect(paths).toContain(expected);
    }
    for (const caller of callers) {
      for (const path of paths) await call('GET', path, caller.cookie ? { cookie: caller.cookie } : {}, caller.label);
    }
    // Search and list variants that take other code paths.
    const admin = callers.at(-1)!.cookie!;
    for (const path of [
      '/api/v1/register/status-verified?page=1&limit=50',
      `/api/v1/register/status-verified?email=${encodeURIComponent('admin')}`,
      `/api/v1/admin/applications?filter=${encodeURIComponent('{"status":"pending"}')}`,
      `/api/v1/admin/audit?range=${encodeURIComponent('[0,99]')}`,
      `/api/v1/admin/users?range=${encodeURIComponent('[0,99]')}`,
    ]) {
      await call('GET', path, { cookie: admin }, 'verified admin');
    }

    // The admin really saw the applications, masked.
    const details = transcript.find((t) => t.call.startsWith('verified admin GET /api/v1/register/doctor-details/') && t.call.endsWith('200'));
    expect(details?.text).toContain('••••5501');

    const fragments = forbiddenFragments();
    const leaks = transcript.flatMap((t) => fragments.filter((f) => t.text.includes(f)).map((f) => `${t.call}: ${f}`));
    expect(leaks).toEqual([]);
    expect(transcript.length).toBeGreaterThan(callers.length * 20);
  });

  it('gives the numbers in full only to their owner, in their own data archive', async () => {
    const own = (cookie: string | undefined): string[] =>
      cookie === pending.cookie ? [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER] : cookie === verified.cookie ? [OTHER.account, OTHER.aadhaar, OTHER.pan] : [];
    for (const caller of callers) {
      const res = await ctx.request('GET', ARCHIVE_PATH, caller.cookie ? { cookie: caller.cookie } : {});
      if (!caller.cookie) {
        expect(res.status).toBe(401);
        continue;
      }
      expect(res.status, caller.label).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const text = Object.values(files).map((f) => strFromU8(f)).join('\n');
      const mine = own(caller.cookie);
      for (const n of mine) expect(text, caller.label).toContain(n);
      const theirs = [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER, OTHER.account, OTHER.aadhaar, OTHER.pan].filter((n) => !mine.includes(n));
      expect(forbiddenFragments(theirs).filter((f) => text.includes(f)), caller.label).toEqual([]);
    }
  });

  it('keeps the numbers out of the log lines', () => {
    const fragments = forbiddenFragments();
    const text = ctx.logLines.join('\n');
    expect(fragments.filter((f) => text.includes(f))).toEqual([]);
  });

  it('stores no number in clear: not in applications, the audit log or the step history', async () => {
    const fragments = forbiddenFragments();
    for (const name of ['applications', 'audit_log', 'application_transitions', 'users', 'uploads.files']) {
      const docs = await ctx.deps.db.collection(name).find().toArray();
      const text = JSON.stringify(docs);
      expect(fragments.filter((f) => text.includes(f)), name).toEqual([]);
    }
  });
});
