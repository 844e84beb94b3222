import { createHash, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_POLICY } from '../../src/lib/sessions.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../context.ts';

/**
 * Sessions (DESIGN §3), attacked the ways sessions are attacked: planted tokens (fixation),
 * stolen tokens used after the user left (idle and absolute expiry, logout), stolen tokens after
 * a password change, forged tokens, and privileges that changed after sign-in.
 */

let ctx: TestContext;
const START = '2026-06-15T06:30:00.000Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => {
  ctx.clock.set(START);
});

async function login(email: string, init: { password?: string; remember?: boolean; cookie?: string } = {}) {
  const res = await ctx.request('POST', '/api/v1/user/login', {
    body: { email, password: init.password ?? TEST_PASSWORD, ...(init.remember ? { remember: true } : {}) },
    ...(init.cookie ? { cookie: init.cookie } : {}),
  });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0]!, token: setCookie.split(';')[0]!.split('=')[1] ?? '', text: await res.text() };
}

const profile = (cookie: string) => ctx.request('GET', '/api/v1/user/profile', { cookie });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('session cookie', () => {
  it('is an HttpOnly, SameSite=Lax, Path=/ cookie with 256 random bits, kept out of the body, stored only as a SHA-256 hash', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const { res, setCookie, token, text } = await login(user.email);
    expect(res.status).toBe(200);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    // Over plain http the cookie cannot be Secure (https is covered in headers.test.ts); a standard session ends with the browser.
    expect(setCookie).not.toMatch(/Expires|Max-Age/i);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(text).not.toContain(token);

    const stored = await ctx.deps.cols.sessions.find({ userId: new ObjectId(user.id) }).toArray();
    expect(stored.map((s) => s._id)).toEqual([sha256(token)]);
    const everything = JSON.stringify(await ctx.deps.cols.sessions.find().toArray());
    expect(everything).not.toContain(token);
  });

  it('ignores forged, malformed and hostile cookie values', async () => {
    for (const value of [randomBytes(32).toString('base64url'), 'x', 'a'.repeat(4096), '{"$ne":null}', '%7B%22%24ne%22%3Anull%7D', "' OR 1=1 --", sha256('x')]) {
      const res = await profile(`${SESSION_COOKIE}=${value}`);
      expect(res.status, value.slice(0, 20)).toBe(401);
    }
  });
});

describe('fixation: a token that existed before login is never the session after it', () => {
  it('replaces a planted made-up token with a fresh one', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const planted = `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`;
    const signedIn = await login(user.email, { cookie: planted });
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.cookie).not.toBe(planted);
    expect((await profile(planted)).status).toBe(401);
    expect((await profile(signedIn.cookie)).status).toBe(200);
  });

  it('ends the attacker’s own live session planted in the victim’s browser, so it never becomes the victim’s', async () => {
    const attacker = await ctx.createUser({ role: 'user' });
    const victim = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    const planted = (await login(attacker.email)).cookie;
    expect((await profile(planted)).status).toBe(200);

    const signedIn = await login(victim.email, { cookie: planted });
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.token).not.toBe(planted.split('=')[1]);
    // The planted token is gone: it neither reads the victim's profile nor the attacker's.
    expect((await profile(planted)).status).toBe(401);
    const mine = await profile(signedIn.cookie);
    expect(((await mine.json()) as { user: { email: string } }).user.email).toBe(victim.email);
  });

  it('issues a different token on every login', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i += 1) tokens.add((await login(user.email)).token);
    expect(tokens.size).toBe(3);
  });
});

describe('expiry, checked in code on every request with the server clock', () => {
  it('ends a session idle for 2 hours, and deletes its row', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const { cookie, token } = await login(user.email);
    ctx.clock.advance(SESSION_POLICY.standard.idleMs - MINUTE);
    expect((await profile(cookie)).status).toBe(200);
    // That request slid the idle expiry: 2 hours from now, not from sign-in.
    ctx.clock.advance(SESSION_POLICY.standard.idleMs - MINUTE);
    expect((await profile(cookie)).status).toBe(200);
    ctx.clock.advance(SESSION_POLICY.standard.idleMs);
    expect((await profile(cookie)).status).toBe(401);
    expect(await ctx.deps.cols.sessions.findOne({ _id: sha256(token) })).toBeNull();
  });

  it('ends a session at its absolute lifetime of 12 hours however active it is', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const { cookie } = await login(user.email);
    for (let elapsed = HOUR; elapsed < SESSION_POLICY.standard.absoluteMs; elapsed += HOUR) {
      ctx.clock.set(Date.parse(START) + elapsed);
      expect((await profile(cookie)).status, `${elapsed / HOUR} h`).toBe(200);
    }
    ctx.clock.set(Date.parse(START) + SESSION_POLICY.standard.absoluteMs);
    expect((await profile(cookie)).status).toBe(401);
  });

  it('"remember me" lasts 7 idle days and at most 30 days, with a cookie that expires then too', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const { cookie, setCookie } = await login(user.email, { remember: true });
    const expires = /Expires=([^;]+)/i.exec(setCookie)?.[1];
    expect(new Date(expires ?? '').getTime()).toBe(Date.parse(START) + SESSION_POLICY.remembered.absoluteMs);
    for (let day = 6; day < 30; day += 6) {
      ctx.clock.set(Date.parse(START) + day * DAY);
      expect((await profile(cookie)).status, `day ${day}`).toBe(200);
    }
    ctx.clock.set(Date.parse(START) + 30 * DAY);
    expect((await profile(cookie)).status).toBe(401);

    const idle = await login(user.email, { remember: true });
    ctx.clock.advance(SESSION_POLICY.remembered.idleMs);
    expect((await profile(idle.cookie)).status).toBe(401);
  });
});

describe('ending sessions', () => {
  it('logout deletes the session row and clears the cookie; the old token is then worthless', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const { cookie, token } = await login(user.email);
    const res = await ctx.request('POST', '/api/v1/user/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`, 'i'));
    expect(await ctx.deps.cols.sessions.findOne({ _id: sha256(token) })).toBeNull();
    expect((await profile(cookie)).status).toBe(401);
    expect((await ctx.request('POST', '/api/v1/user/logout', { cookie })).status).toBe(401);
  });

  it('a password change ends every other session of the account, keeps the current one, and retires the old password', async () => {
    const user = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    const other = await ctx.createUser({ role: 'user' });
    const laptop = await login(user.email);
    const phone = await login(user.email);
    const stolen = await login(user.email);
    const bystander = await login(other.email);

    const wrong = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: stolen.cookie, body: { currentPassword: 'not-the-password', newPassword: 'Brand-New-Pass-55' } });
    expect(wrong.status).toBe(400);
    expect((await profile(laptop.cookie)).status).toBe(200);

    const changed = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: laptop.cookie, body: { currentPassword: TEST_PASSWORD, newPassword: 'Brand-New-Pass-55' } });
    expect(changed.status).toBe(200);
    expect((await profile(laptop.cookie)).status).toBe(200);
    expect((await profile(phone.cookie)).status).toBe(401);
    expect((await profile(stolen.cookie)).status).toBe(401);
    expect((await profile(bystander.cookie)).status).toBe(200);
    expect(await ctx.deps.cols.sessions.countDocuments({ userId: new ObjectId(user.id) })).toBe(1);

    expect((await login(user.email)).res.status).toBe(401);
    expect((await login(user.email, { password: 'Brand-New-Pass-55' })).res.status).toBe(200);
    const audit = await ctx.deps.cols.auditLog.findOne({ action: 'password.change', 'target.id': user.id });
    expect(audit).not.toBeNull();
    expect(JSON.stringify(audit)).not.toMatch(/Brand-New-Pass-55|Correct-Horse-42/);
  });
});

describe('privileges are read from the database on every request', () => {
  it('a demoted admin loses admin calls on the next request, with the same session', async () => {
    const admin = await ctx.createUser({ role: 'admin', isVerified: 'verified' });
    const { cookie } = await login(admin.email);
    expect((await ctx.request('GET', '/api/v1/payments/coupons', { cookie })).status).toBe(200);
    await ctx.deps.cols.users.updateOne({ _id: new ObjectId(admin.id) }, { $set: { isVerified: 'rejected' } });
    expect((await ctx.request('GET', '/api/v1/payments/coupons', { cookie })).status).toBe(403);
    await ctx.deps.cols.users.updateOne({ _id: new ObjectId(admin.id) }, { $set: { role: 'user', isVerified: 'not_submitted' } });
    expect((await ctx.request('GET', '/api/v1/admin/users', { cookie })).status).toBe(403);
  });

  it('a deleted account’s session stops working and is removed', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const { cookie, token } = await login(user.email);
    await ctx.deps.cols.users.deleteOne({ _id: new ObjectId(user.id) });
    expect((await profile(cookie)).status).toBe(401);
    expect(await ctx.deps.cols.sessions.findOne({ _id: sha256(token) })).toBeNull();
  });
});
