import { beforeAll, describe, expect, it } from 'vitest';
import { accountCreatedResponseSchema, AUTH_MESSAGES, GENERAL_MESSAGES, loginResponseSchema, profileResponseSchema } from '@bh/shared';
import { bodyOf, createTestContext, errorOf, TEST_PASSWORD, type TestContext } from '../../../test/context.ts';
import { SESSION_POLICY } from '../../lib/sessions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const HOUR = 60 * 60 * 1000;

describe('POST /api/v1/user/login', () => {
  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie and keeps the token out of the body', async () => {
    const user = await ctx.createUser({ role: 'user', name: 'Kavya Iyer' });
    const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^bh_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const text = await res.text();
    expect(text).not.toContain(token);
    const body = JSON.parse(text);
    expect(body).toEqual({
      success: true,
      message: 'Login Success',
      user: { _id: user.id, name: 'Kavya Iyer', email: user.email, role: 'user', isVerified: 'not_submitted' },
    });
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: `  ${user.email.toUpperCase()} `, password: user.password } });
    expect(res.status).toBe(200);
  });

  it('issues a different token on every login', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const a = await ctx.login(user.email);
    const b = await ctx.login(user.email);
    expect(a).not.toBe(b);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: a })).status).toBe(200);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: b })).status).toBe(200);
  });

  it('gives the same status and message for a wrong password and an unknown email', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const wrong = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: 'not-the-password' } });
    const unknown = await ctx.request('POST', '/api/v1/user/login', { body: { email: 'nobody-here@test.betterhealth.in', password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({ success: false, message: AUTH_MESSAGES.invalidCredentials });
  });

  it('refuses the 11th failed attempt for one account within 15 minutes with 429, even with the right password', async () => {
    const user = await ctx.createUser({ role: 'user' });
    for (let i = 0; i < 10; i += 1) {
      const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password } });
    expect(blocked.status).toBe(429);
    expect((await errorOf(blocked)).message).toBe(AUTH_MESSAGES.tooManyAttempts);

    ctx.clock.advance(15 * 60 * 1000 + 1000);
    const later = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password } });
    expect(later.status).toBe(200);
  });

  it('rejects operator objects, arrays and unknown keys with 400 before touching the database', async () => {
    const user = await ctx.createUser({ role: 'admin' });
    for (const body of [
      { email: user.email, password: { $ne: null } },
      { email: { $ne: null }, password: 'x' },
      { email: [user.email], password: TEST_PASSWORD },
      { email: user.email, password: TEST_PASSWORD, role: 'admin' },
      { email: user.email, password: TEST_PASSWORD, $where: '1' },
    ]) {
      const res = await ctx.request('POST', '/api/v1/user/login', { body });
      expect(res.status).toBe(400);
      const json = await errorOf(res);
      expect(json.success).toBe(false);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers malformed JSON with 400 and the envelope, never 500', async () => {
    const res = await ctx.request('POST', '/api/v1/user/login', { body: '{"email": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('gives the spec messages for missing fields', async () => {
    const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: '', password: '' } });
    expect(res.status).toBe(400);
    const json = await errorOf(res);
    expect(json.errors?.map((e) => e.message)).toEqual([AUTH_MESSAGES.emailRequired, AUTH_MESSAGES.passwordRequired]);
  });
});

describe('sessions', () => {
  it('ends the session on logout: the old cookie then gets 401 from profile', async () => {
    const user = await ctx.createUser({ role: 'doctor' });
    const cookie = await ctx.login(user.email);
    const out = await ctx.request('POST', '/api/v1/user/logout', { cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true, message: 'User logged out' });
    expect(out.headers.get('set-cookie')).toMatch(/bh_session=;.*Max-Age=0/);
    const after = await ctx.request('GET', '/api/v1/user/profile', { cookie });
    expect(after.status).toBe(401);
  });

  it('expires after the idle lifetime and slides while in use', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const cookie = await ctx.login(user.email);
    ctx.clock.advance(SESSION_POLICY.standard.idleMs - 60_000);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie })).status).toBe(200);
    ctx.clock.advance(SESSION_POLICY.standard.idleMs - 60_000);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie })).status).toBe(200);
    ctx.clock.advance(SESSION_POLICY.standard.idleMs + 1000);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie })).status).toBe(401);
  });

  it('expires at the absolute lifetime however active the user is', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const cookie = await ctx.login(user.email);
    const steps = Math.ceil(SESSION_POLICY.standard.absoluteMs / HOUR);
    let lastOk = 0;
    for (let i = 1; i <= steps + 1; i += 1) {
      ctx.clock.advance(HOUR);
      const res = await ctx.request('GET', '/api/v1/user/profile', { cookie });
      if (res.status === 200) lastOk = i;
      else expect(res.status).toBe(401);
    }
    expect(lastOk).toBe(steps - 1);
  });

  it('does not keep a token set before login (fixation): login replaces it', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const before = await ctx.login(user.email);
    const res = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password }, cookie: before });
    const after = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(after).not.toBe(before);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: before })).status).toBe(401);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: after })).status).toBe(200);
  });

  it('ignores forged and malformed cookies', async () => {
    for (const cookie of ['bh_session=forged', 'bh_session=' + 'A'.repeat(43), 'bh_session={"$ne":null}']) {
      expect((await ctx.request('GET', '/api/v1/user/profile', { cookie })).status).toBe(401);
    }
  });

  it('a password change needs the current password and ends the other sessions', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const a = await ctx.login(user.email);
    const b = await ctx.login(user.email);
    const wrong = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: a, body: { currentPassword: 'nope-nope', newPassword: 'A-new-passphrase-9' } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    const missing = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: a, body: { newPassword: 'A-new-passphrase-9' } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe(AUTH_MESSAGES.currentPasswordRequired);

    const ok = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: a, body: { currentPassword: user.password, newPassword: 'A-new-passphrase-9' } });
    expect(ok.status).toBe(200);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: a })).status).toBe(200);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: b })).status).toBe(401);
    await ctx.login(user.email, 'A-new-passphrase-9');
  });

  it('updates only the caller’s own name and refuses role changes', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const cookie = await ctx.login(user.email);
    const ok = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie, body: { name: 'Anita Desai' } });
    expect(ok.status, ctx.logLines.join('\n')).toBe(200);
    expect((await bodyOf(ok, loginResponseSchema)).user.name).toBe('Anita Desai');
    const escalate = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie, body: { role: 'admin', isVerified: 'verified' } });
    expect(escalate.status).toBe(400);
    const profile = await bodyOf(await ctx.request('GET', '/api/v1/user/profile', { cookie }), profileResponseSchema);
    expect(profile.user.role).toBe('user');
  });
});

describe('POST /api/v1/user/register', () => {
  const account = () => ({ name: 'New Client', email: `new-${Math.random().toString(36).slice(2)}@test.betterhealth.in`, password: 'Sturdy-pass-77', role: 'user' });

  it('is 401 anonymous, 403 for clients, associates and unverified admins, 201 for a verified admin', async () => {
    expect((await ctx.request('POST', '/api/v1/user/register', { body: account() })).status).toBe(401);
    for (const [role, status] of [['user', undefined], ['doctor', 'verified'], ['doctor', 'pending'], ['admin', 'not_submitted'], ['admin', 'pending']] as const) {
      const { cookie } = await ctx.signedIn(role, status);
      const res = await ctx.request('POST', '/api/v1/user/register', { body: account(), cookie });
      expect(res.status, `${role}/${status}`).toBe(403);
    }
    const admin = await ctx.signedIn('admin', 'verified');
    const body = { ...account(), role: 'doctor' };
    const res = await ctx.request('POST', '/api/v1/user/register', { body, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const json = await bodyOf(res, accountCreatedResponseSchema);
    expect(json.user).toMatchObject({ email: body.email, role: 'doctor', isVerified: 'not_submitted' });
    expect(await ctx.login(body.email, body.password)).toMatch(/^bh_session=/);
  });

  it('refuses a taken email (any case) with 409 and a weak password with 400', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const body = account();
    expect((await ctx.request('POST', '/api/v1/user/register', { body, cookie: admin.cookie })).status).toBe(201);
    const again = await ctx.request('POST', '/api/v1/user/register', { body: { ...body, email: body.email.toUpperCase() }, cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(AUTH_MESSAGES.emailTaken);
    for (const [password, message] of [['short', AUTH_MESSAGES.passwordTooShort], ['password123', AUTH_MESSAGES.passwordTooCommon]]) {
      const weak = await ctx.request('POST', '/api/v1/user/register', { body: { ...account(), password }, cookie: admin.cookie });
      expect(weak.status).toBe(400);
      expect((await errorOf(weak)).message).toBe(message);
    }
  });

  it('records the account creation in the audit log without the password', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const body = account();
    await ctx.request('POST', '/api/v1/user/register', { body, cookie: admin.cookie });
    const entry = await ctx.deps.cols.auditLog.findOne({ action: 'account.create', 'actor.email': admin.email });
    expect(entry).toMatchObject({ action: 'account.create', details: { role: 'user' } });
    expect(JSON.stringify(entry)).not.toContain(body.password);
  });
});

describe('cross-site requests', () => {
  it('refuses a JSON POST with a cross-site Origin even with a valid cookie', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const res = await ctx.request('POST', '/api/v1/user/logout', { cookie: admin.cookie, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: admin.cookie })).status).toBe(200);
    const register = await ctx.request('POST', '/api/v1/user/register', {
      cookie: admin.cookie,
      headers: { origin: 'https://evil.example' },
      body: { name: 'X', email: 'x-cross@test.betterhealth.in', password: 'Sturdy-pass-77', role: 'admin' },
    });
    expect(register.status).toBe(403);
    expect(await ctx.deps.cols.users.findOne({ email: 'x-cross@test.betterhealth.in' })).toBeNull();
  });

  it('refuses Sec-Fetch-Site: cross-site and accepts same-origin', async () => {
    const user = await ctx.signedIn('user');
    const cross = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: user.cookie, headers: { 'sec-fetch-site': 'cross-site' }, body: { name: 'Hijacked' } });
    expect(cross.status).toBe(403);
    const same = await ctx.request('PUT', '/api/v1/user/profile/update', {
      cookie: user.cookie,
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      body: { name: 'Fine' },
    });
    expect(same.status).toBe(200);
  });

  it('refuses form and text bodies on JSON routes with 415', async () => {
    const user = await ctx.signedIn('user');
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: user.cookie, headers: { 'content-type': type }, body: '{"name":"Form"}' });
      expect(res.status, type).toBe(415);
    }
  });

  // The router checks the media type a definition declares before reading the body: a JSON type
  // with a malformed parameter is not JSON either, said in the product's words (it was parsed as
  // JSON before the routes were mounted from their definitions).
  it('refuses a malformed JSON media type with 415 and the product message', async () => {
    const user = await ctx.signedIn('user');
    for (const type of ['application/json; charset', 'application/json;']) {
      const res = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: user.cookie, headers: { 'content-type': type }, body: '{"name":"Typed"}' });
      expect(res.status, type).toBe(415);
      expect((await errorOf(res)).message, type).toBe(GENERAL_MESSAGES.unsupportedMediaType);
    }
    const fine = await ctx.request('PUT', '/api/v1/user/profile/update', { cookie: user.cookie, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"name":"Typed"}' });
    expect(fine.status).toBe(200);
  });
});

describe('GET /api/v1/health', () => {
  it('reports the database state', async () => {
    const res = await ctx.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('per-address login limit', () => {
  it('refuses an address after 50 failures across many accounts, whatever the account', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const proxied = { ...ctx.deps, config: { ...ctx.deps.config, trustProxy: true } };
    const { createApp } = await import('../../app.ts');
    const app = createApp(proxied);
    const post = (body: unknown) =>
      app.request('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json', ...ip }, body: JSON.stringify(body) });
    const victim = await ctx.createUser({ role: 'user' });
    for (let i = 0; i < 50; i += 1) {
      const res = await post({ email: `stuffing-${i}@test.betterhealth.in`, password: 'guess-guess' });
      expect(res.status).toBe(401);
    }
    expect((await post({ email: victim.email, password: victim.password })).status).toBe(429);
    // Another address is unaffected.
    const other = await app.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
      body: JSON.stringify({ email: victim.email, password: victim.password }),
    });
    expect(other.status).toBe(200);
  });
});

describe('rate limit under concurrency', () => {
  it('counts every one of many simultaneous failed logins and never answers 500', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: `wrong-${i}` } }).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const next = await ctx.request('POST', '/api/v1/user/login', { body: { email: user.email, password: user.password } });
    expect(next.status).toBe(429);
  });
});
