import { createHash } from 'node:crypto';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { createDeps } from '../../src/lib/deps.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { apiRoutes, fillPath, randomNumbers, validApplication, type ApplicationNumbers } from './support.ts';

/**
 * Logs and responses never carry a password, a session token or a full bank account or identity
 * document number. The suite signs people in, changes passwords, submits and reviews
 * applications, fails on purpose (wrong passwords, malformed bodies, a database that is down or
 * faulty) so the error paths log, reads every GET route as every kind of caller, and then scans
 * every log line the API wrote and every response body it sent.
 */

let ctx: TestContext;
const passwords = new Set<string>();
const tokens = new Set<string>();
const numbers: ApplicationNumbers[] = [];
const transcript: { call: string; text: string }[] = [];
let outage: MongoClient;
let applicantIds: string[] = [];

async function call(method: string, path: string, init: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}, label = '') {
  const res = await ctx.request(method, path, init);
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  transcript.push({ call: `${label} ${method} ${path} → ${res.status}`, text });
  const token = /bh_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (token) tokens.add(token);
  return { status: res.status, text, cookie: token ? `bh_session=${token}` : '' };
}

/** An account with a password of its own, signed in through the API. */
async function account(role: 'user' | 'doctor' | 'admin', isVerified: 'not_submitted' | 'pending' | 'verified', n: number) {
  const password = `Secret-${role}-${n}-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 10)}`;
  passwords.add(password);
  const user = await ctx.createUser({ role, isVerified, password });
  const login = await call('POST', '/api/v1/user/login', { body: { email: user.email, password } }, 'login');
  expect(login.status).toBe(200);
  return { ...user, cookie: login.cookie };
}

/** A copy of the app over a database that throws on every call: the unhandled-error path. */
function faultyDb(db: Db): Db {
  const fault = () => Promise.reject(new TypeError('simulated driver fault'));
  const collection = new Proxy({}, { get: () => fault });
  return new Proxy(db, {
    get: (target, prop, receiver) => (prop === 'collection' ? () => collection : Reflect.get(target, prop, receiver)),
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await account('admin', 'verified', 1);
  const client = await account('user', 'not_submitted', 2);
  const associate = await account('doctor', 'verified', 3);

  // Applications: one left pending, one verified, one rejected, with numbers known only here.
  const applicants = [await account('doctor', 'not_submitted', 4), await account('admin', 'not_submitted', 5), await account('doctor', 'not_submitted', 6)];
  for (const applicant of applicants) {
    const mine = randomNumbers();
    numbers.push(mine);
    expect((await call('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body: await validApplication(ctx, applicant.cookie, mine) }, 'applicant')).status).toBe(201);
  }
  expect((await call('POST', `/api/v1/register/verify-doctor/${applicants[1]!.id}`, { cookie: admin.cookie }, 'admin')).status).toBe(200);
  expect((await call('POST', `/api/v1/register/reject-doctor/${applicants[2]!.id}`, { cookie: admin.cookie, body: { reason: 'Blurred PAN card' } }, 'admin')).status).toBe(200);

  // Accounts created by the admin, and a password change.
  const created = 'Created-By-Admin-77';
  passwords.add(created);
  expect((await call('POST', '/api/v1/user/register', { cookie: admin.cookie, body: { name: 'New Client', email: 'new.client@example.in', password: created, role: 'user' } }, 'admin')).status).toBe(201);
  const changed = 'Changed-Password-88';
  passwords.add(changed);
  expect((await call('PUT', '/api/v1/user/profile/update', { cookie: client.cookie, body: { currentPassword: client.password, newPassword: changed } }, 'client')).status).toBe(200);

  // Failures on purpose, each carrying a secret.
  const [first] = passwords;
  await call('POST', '/api/v1/user/login', { body: { email: admin.email, password: `${first}-wrong` } }, 'wrong password');
  passwords.add(`${first}-wrong`);
  await call('POST', '/api/v1/user/login', { body: { email: admin.email, password: first, role: 'admin' } }, 'unknown key');
  await call('POST', '/api/v1/user/login', { body: `{"email":"${admin.email}","password":"${first}"`, headers: { 'content-type': 'application/json' } }, 'malformed JSON');
  await call('POST', '/api/v1/user/register', { cookie: admin.cookie, body: { name: 'Weak', email: 'weak@example.in', password: 'short' } }, 'weak password');
  passwords.add('Too-Long-'.repeat(20));
  await call('POST', '/api/v1/user/register', { cookie: admin.cookie, body: { name: 'Long', email: 'long@example.in', password: 'Too-Long-'.repeat(20) } }, 'long password');
  const bad = { ...(await validApplication(ctx, associate.cookie, numbers[0])), extra: true };
  await call('POST', '/api/v1/register/employees', { cookie: associate.cookie, body: bad }, 'invalid application');

  // A database that is down (503) and one that fails in an unexpected way (500), logging to the same lines.
  outage = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
  const config = ctx.deps.config;
  const down = createApp(createDeps({ client: outage, db: outage.db('down'), clock: ctx.clock, log: ctx.deps.log, config }));
  const faulty = createApp(createDeps({ client: ctx.deps.client, db: faultyDb(ctx.deps.db), clock: ctx.clock, log: ctx.deps.log, config }));
  for (const app of [down, faulty]) {
    for (const cookie of [admin.cookie, client.cookie]) {
      const res = await app.request('/api/v1/user/profile', { headers: { cookie } });
      transcript.push({ call: `broken database GET profile → ${res.status}`, text: await res.text() });
    }
    const res = await app.request('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: first }) });
    transcript.push({ call: `broken database POST login → ${res.status}`, text: await res.text() });
  }

  // Every GET route, as every kind of caller.
  const callers: [string, string | undefined][] = [
    ['anonymous', undefined],
    ['client', (await account('user', 'not_submitted', 7)).cookie],
    ['pending applicant', applicants[0]!.cookie],
    ['verified applicant', applicants[1]!.cookie],
    ['rejected applicant', applicants[2]!.cookie],
    ['verified associate', associate.cookie],
    ['unverified admin', (await account('admin', 'pending', 8)).cookie],
    ['verified admin', admin.cookie],
  ];
  const ids = applicants.map((a) => a.id);
  applicantIds = ids;
  for (const route of apiRoutes(ctx).filter((r) => r.method === 'GET')) {
    const targets = route.path.includes(':')
      ? ids.map((id) => fillPath(route.path, { userId: id, id, meetingId: id, service: 'mentalHealthCounselling', planType: 'single' }))
      : [route.path];
    for (const path of targets) for (const [label, cookie] of callers) await call('GET', path, cookie ? { cookie } : {}, label);
  }
  for (const query of ['?range=[0,99]', '?filter={"status":"verified"}']) {
    for (const grid of ['applications', 'users', 'audit']) await call('GET', `/api/v1/admin/${grid}${query}`, { cookie: admin.cookie }, 'verified admin');
  }
  await call('GET', '/api/v1/register/status-verified?limit=100', { cookie: admin.cookie }, 'verified admin');
}, 120_000);

afterAll(async () => {
  await outage.close();
});

/** Each secret, and for numbers every 8-character run of them (masked forms show the last 4 only). */
function forbidden(): { kind: string; text: string }[] {
  const found: { kind: string; text: string }[] = [];
  for (const p of passwords) found.push({ kind: 'password', text: p });
  for (const t of tokens) {
    found.push({ kind: 'session token', text: t });
    found.push({ kind: 'stored session id', text: createHash('sha256').update(t).digest('hex') });
  }
  for (const n of numbers) {
    for (const value of [n.account, n.aadhaar, n.pan]) {
      for (let i = 0; i + 8 <= value.length; i += 1) found.push({ kind: 'number', text: value.slice(i, i + 8) });
    }
  }
  return found;
}

function leaks(texts: { where: string; text: string }[]): string[] {
  const secrets = forbidden();
  return texts.flatMap(({ where, text }) => secrets.filter((s) => text.includes(s.text)).map((s) => `${where}: ${s.kind} ${s.text.slice(0, 6)}…`));
}

describe('no secret in logs or responses', () => {
  it('made the calls that matter, including failing ones that log', () => {
    expect(passwords.size).toBeGreaterThanOrEqual(10);
    expect(tokens.size).toBeGreaterThanOrEqual(8);
    expect(transcript.length).toBeGreaterThan(200);
    const logged = ctx.logLines.join('\n');
    expect(logged).toContain('database unavailable');
    expect(logged).toContain('unhandled error');
    expect(transcript.some((t) => t.call.startsWith('verified admin GET /api/v1/register/doctor-details/') && t.call.endsWith('200'))).toBe(true);
  });

  it('finds no password, session token or full number in any log line', () => {
    expect(leaks(ctx.logLines.map((text, i) => ({ where: `log line ${i}`, text })))).toEqual([]);
  });

  it('answers a broken database with the error envelope only: no driver message, stack or path', () => {
    const broken = transcript.filter((t) => t.call.startsWith('broken database'));
    expect(broken.map((t) => t.call.replace(/.*→ /, '')).sort()).toEqual(['500', '500', '500', '503', '503', '503']);
    for (const { text } of broken) {
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['message', 'success']);
      expect(text).not.toMatch(/simulated driver fault|Mongo|at \w+ \(|node_modules|\.ts:\d/);
    }
  });

  it('finds none in any response body, and no password hash either', () => {
    expect(leaks(transcript.map((t) => ({ where: t.call, text: t.text })))).toEqual([]);
    expect(transcript.filter((t) => /\$argon2|passwordHash/.test(t.text)).map((t) => t.call)).toEqual([]);
  });

  it('stores none in clear: sessions by hash only, numbers encrypted, the audit log without secrets', async () => {
    const stored: { where: string; text: string }[] = [];
    for (const name of ['sessions', 'audit_log', 'applications', 'application_transitions', 'users', 'rate_limits', 'uploads.files']) {
      const docs = await ctx.deps.db.collection(name).find().toArray();
      // Session ids are the hashes by design; only the raw tokens must be absent there.
      const text = JSON.stringify(docs);
      stored.push({ where: name, text: name === 'sessions' ? text.replace(/"_id":"[0-9a-f]{64}"/g, '') : text });
    }
    expect(leaks(stored)).toEqual([]);
    const users = await ctx.deps.cols.users.find().toArray();
    for (const user of users) expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const application = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicantIds[0]) });
    expect(JSON.stringify(application?.bankAccount)).toMatch(/"v1\.[A-Za-z0-9_-]{16}\./);
  });
});
