import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessLogResponse,
  GRIEVANCE_OFFICER_DEFAULTS,
  PRIVACY_MESSAGES as M,
  privacyOverviewResponse,
  sessionsResponse,
  signOutOthersResponse,
} from '@bh/shared';
import { createTestContext, errorOf, TEST_PASSWORD, type TestContext } from '../../../test/context.ts';
import { createApp } from '../../app.ts';
import { collections } from '../../db/collections.ts';
import { networkOf } from '../../lib/network.ts';
import { submittedApplicant } from '../../../test/applications.ts';
import { describeBrowser } from '../../domain/privacy/sessions.service.ts';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
let proxied: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  // Behind a proxy the address comes from X-Forwarded-For, so each login can come from its own network.
  proxied = createApp({ ...ctx.deps, config: { ...ctx.deps.config, trustProxy: true } });
});

/** Signs `email` in from a browser and address of the test's choosing; returns the cookie. */
async function loginFrom(email: string, userAgent: string, ip: string): Promise<string> {
  const res = await proxied.request('/api/v1/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function sessionsOf(cookie: string) {
  const res = await ctx.request('GET', '/api/v1/privacy/sessions', { cookie });
  expect(res.status).toBe(200);
  return sessionsResponse.parse(await res.json()).data;
}

describe('networkOf and describeBrowser', () => {
  it('keeps only the range of an address and names its kind', () => {
    expect(networkOf('203.0.113.77')).toEqual({ network: '203.0.113.0/24', place: 'internet' });
    expect(networkOf('::ffff:192.168.1.20')).toEqual({ network: '192.168.1.0/24', place: 'local' });
    expect(networkOf('127.0.0.1')).toEqual({ network: '127.0.0.0/24', place: 'loopback' });
    expect(networkOf('2001:db8:abcd:12::1')).toEqual({ network: '2001:db8:abcd::/48', place: 'internet' });
    expect(networkOf('fd00:1:2:3::9')).toEqual({ network: 'fd00:1:2::/48', place: 'local' });
    expect(networkOf('unknown')).toEqual({ network: null, place: 'unknown' });
    expect(networkOf(undefined)).toEqual({ network: null, place: 'unknown' });
  });

  it('names the browser and system from a User-Agent', () => {
    expect(describeBrowser(CHROME_WINDOWS)).toBe('Chrome 131 on Windows');
    expect(describeBrowser(SAFARI_IPHONE)).toBe('Safari 17 on iOS');
    expect(describeBrowser('')).toBeNull();
    expect(describeBrowser(null)).toBeNull();
  });
});

describe('/api/v1/privacy/sessions', () => {
  it('lists one’s own signed-in devices with browser, network and times, this one marked', async () => {
    const client = await ctx.createUser({ role: 'user' });
    const laptop = await loginFrom(client.email, CHROME_WINDOWS, '203.0.113.77');
    ctx.clock.advance(5 * 60_000);
    const phone = await loginFrom(client.email, SAFARI_IPHONE, '198.51.100.9');
    const someoneElse = await ctx.signedIn('user');

    const seenFromPhone = await sessionsOf(phone);
    expect(seenFromPhone.map((s) => [s.browser, s.place, s.network, s.current])).toEqual([
      ['Safari 17 on iOS', 'internet', '198.51.100.0/24', true],
      ['Chrome 131 on Windows', 'internet', '203.0.113.0/24', false],
    ]);
    expect(Date.parse(seenFromPhone[0]!.createdAt) - Date.parse(seenFromPhone[1]!.createdAt)).toBe(5 * 60_000);
    // The laptop sees the same two, itself marked and first; nobody sees another person's.
    expect((await sessionsOf(laptop)).map((s) => [s.browser, s.current])).toEqual([['Chrome 131 on Windows', true], ['Safari 17 on iOS', false]]);
    expect(await sessionsOf(someoneElse.cookie)).toHaveLength(1);
    // Neither the token nor its stored hash is ever sent.
    const stored = await ctx.deps.cols.sessions.find({ userId: (await ctx.deps.cols.users.findOne({ email: client.email }))!._id }).toArray();
    const text = JSON.stringify(await sessionsOf(phone));
    for (const s of stored) expect(text).not.toContain(s._id);
    expect(text).not.toContain('203.0.113.77');
  });

  it('signs out one other device, whose next call is 401; never this one, nor anyone else’s', async () => {
    const client = await ctx.createUser({ role: 'user' });
    const laptop = await loginFrom(client.email, CHROME_WINDOWS, '203.0.113.5');
    const phone = await loginFrom(client.email, SAFARI_IPHONE, '198.51.100.5');
    const other = await ctx.createUser({ role: 'user' });
    const otherCookie = await loginFrom(other.email, CHROME_WINDOWS, '192.0.2.1');
    const [phoneSelf, laptopRow] = await sessionsOf(phone);
    const [otherRow] = await sessionsOf(otherCookie);

    // Another person's session is "not found", and stays signed in.
    const foreign = await ctx.request('DELETE', `/api/v1/privacy/sessions/${otherRow!.id}`, { cookie: phone });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe(M.sessionNotFound);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: otherCookie })).status).toBe(200);

    const self = await ctx.request('DELETE', `/api/v1/privacy/sessions/${phoneSelf!.id}`, { cookie: phone });
    expect(self.status).toBe(400);
    expect((await errorOf(self)).message).toBe(M.cannotSignOutThisDevice);

    const res = await ctx.request('DELETE', `/api/v1/privacy/sessions/${laptopRow!.id}`, { cookie: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: M.sessionSignedOut });
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: laptop })).status).toBe(401);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: phone })).status).toBe(200);
    expect((await ctx.request('DELETE', `/api/v1/privacy/sessions/${laptopRow!.id}`, { cookie: phone })).status).toBe(404);
    expect((await ctx.request('DELETE', '/api/v1/privacy/sessions/not-a-handle', { cookie: phone })).status).toBe(400);
  });

  it('signs out every other device at once', async () => {
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    const cookies = [];
    for (let i = 0; i < 3; i += 1) cookies.push(await loginFrom(doctor.email, CHROME_WINDOWS, `203.0.113.${i + 10}`));
    const [a, b, c] = cookies as [string, string, string];
    const res = await ctx.request('POST', '/api/v1/privacy/sessions/sign-out-others', { cookie: c });
    expect(res.status).toBe(200);
    expect(signOutOthersResponse.parse(await res.json())).toEqual({ success: true, message: M.othersSignedOut(2), data: { signedOut: 2 } });
    for (const gone of [a, b]) expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: gone })).status).toBe(401);
    expect(await sessionsOf(c)).toHaveLength(1);
    const again = await ctx.request('POST', '/api/v1/privacy/sessions/sign-out-others', { cookie: c });
    expect(signOutOthersResponse.parse(await again.json()).message).toBe(M.noOtherSessions);
  });

  it('answers 401 without a session, before looking at the id', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/privacy/sessions'],
      ['DELETE', '/api/v1/privacy/sessions/zzz'],
      ['POST', '/api/v1/privacy/sessions/sign-out-others'],
      ['GET', '/api/v1/privacy/access-log'],
      ['GET', '/api/v1/privacy/overview'],
    ] as const) {
      expect((await ctx.request(method, path)).status, path).toBe(401);
    }
  });
});

describe('/api/v1/privacy/access-log', () => {
  it('shows an associate every admin read of their documents and application, and nobody else’s', async () => {
    const applicant = await submittedApplicant(ctx);
    const bystander = await submittedApplicant(ctx);
    const admin = await ctx.createUser({ role: 'admin', isVerified: 'verified', name: 'Asha Admin' });
    const adminCookie = await ctx.login(admin.email);
    const resume = applicant.body.personalInfo.resumeUrl;

    // The associate reading their own file is not logged.
    expect((await ctx.request('GET', resume, { cookie: applicant.cookie })).status).toBe(200);
    const empty = accessLogResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/access-log', { cookie: applicant.cookie })).json());
    expect(empty.data).toEqual([]);

    ctx.clock.advance(60_000);
    expect((await ctx.request('GET', `/api/v1/register/doctor-details/${applicant.id}`, { cookie: adminCookie })).status).toBe(200);
    ctx.clock.advance(60_000);
    const read = await ctx.request('GET', resume, { cookie: adminCookie });
    expect(read.status).toBe(200);
    await read.arrayBuffer();
    ctx.clock.advance(60_000);
    expect((await ctx.request('GET', `/api/v1/admin/applications/${applicant.id}`, { cookie: adminCookie })).status).toBe(200);

    const log = accessLogResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/access-log', { cookie: applicant.cookie })).json()).data;
    expect(log.map((e) => [e.action, e.actor, e.what])).toEqual([
      ['application.view', { name: 'Asha Admin', role: 'admin' }, 'Application'],
      ['document.read', { name: 'Asha Admin', role: 'admin' }, 'resume.pdf'],
      ['application.view', { name: 'Asha Admin', role: 'admin' }, 'Application'],
    ]);
    expect(new Set(log.map((e) => e.at)).size).toBe(3);
    // The bystander's log holds nothing of the applicant's; the admin's own log is empty too.
    const theirs = accessLogResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/access-log', { cookie: bystander.cookie })).json());
    expect(theirs.data).toEqual([]);
    const admins = accessLogResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/access-log', { cookie: adminCookie })).json());
    expect(admins.data).toEqual([]);
  });

  it('refuses the read when the log cannot be written', async () => {
    const applicant = await submittedApplicant(ctx);
    const admin = await ctx.signedIn('admin', 'verified');
    // The same app over a database whose access log refuses every write.
    const db = ctx.deps.db;
    const failingDb = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'collection') return Reflect.get(target, prop, receiver);
        return (name: string) => {
          const col = db.collection(name);
          if (name !== 'document_access_log') return col;
          return new Proxy(col, { get: (t, p, r) => (p === 'insertOne' ? () => Promise.reject(new Error('disk full')) : Reflect.get(t, p, r)) });
        };
      },
    });
    const app = createApp({ ...ctx.deps, db: failingDb, cols: collections(failingDb) });
    const res = await app.request(applicant.body.personalInfo.resumeUrl, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(500);
    const details = await app.request(`/api/v1/register/doctor-details/${applicant.id}`, { headers: { cookie: admin.cookie } });
    expect(details.status).toBe(500);
  });
});

describe('/api/v1/privacy/overview', () => {
  it('names the grievance officer from the settings', async () => {
    const user = await ctx.signedIn('user');
    const res = await ctx.request('GET', '/api/v1/privacy/overview', { cookie: user.cookie });
    expect(privacyOverviewResponse.parse(await res.json()).data.grievanceOfficer).toEqual(GRIEVANCE_OFFICER_DEFAULTS);
    const configured = createApp({ ...ctx.deps, config: { ...ctx.deps.config, grievanceOfficer: { name: 'R. Iyer', email: 'dpo@example.in', phone: '+91 90000 00000' } } });
    const res2 = await configured.request('/api/v1/privacy/overview', { headers: { cookie: user.cookie } });
    expect(privacyOverviewResponse.parse(await res2.json()).data.grievanceOfficer).toEqual({ name: 'R. Iyer', email: 'dpo@example.in', phone: '+91 90000 00000' });
  });
});
