import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, GENERAL_MESSAGES, PAYMENT_MESSAGES } from '@bh/shared';
import { createApp } from '../../src/app.ts';
import { PasswordQueue } from '../../src/lib/password.ts';
import { limitAddress, LOGIN_LIMITS, RefusalPacer } from '../../src/lib/rate-limit.ts';
import { COUPON_CHECK_LIMITS } from '../../src/domain/payments/payments.service.ts';
import { createTestContext, type TestContext } from '../context.ts';

/**
 * The limits under parallel requests (issue: every limit fell to a burst, because it counted
 * earlier failures, did the work, and recorded the failure afterwards). Requests name their
 * client address in X-Forwarded-For through an app that trusts it, as behind a proxy.
 */

let ctx: TestContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext();
  // A queue with room for every burst here: these tests are about the limits, not the queue.
  app = createApp({ ...ctx.deps, passwords: new PasswordQueue({ maxWaiting: 1_000 }), config: { ...ctx.deps.config, trustProxy: true } });
});

let addresses = 0;
const newAddress = () => `198.18.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

async function post(path: string, body: unknown, ip: string, headers: Record<string, string> = {}): Promise<Response> {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify(body),
  });
}
const login = (email: string, password: string, ip: string) => post('/api/v1/user/login', { email, password }, ip);

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe('sign-in limits under parallel requests', () => {
  it('lets at most 10 of 150 parallel wrong passwords from one address be checked, and refuses the right password sent inside the burst', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const ip = newAddress();
    const burst = Array.from({ length: 149 }, (_, i) => login(user.email, `wrong-${i}`, ip));
    // The right password goes out while the burst is still in flight, once the limit is full.
    const firstRefusal = await Promise.race(burst.map(async (r) => ((await r).status === 429 ? r : new Promise<never>(() => {}))));
    const right = await login(user.email, user.password, ip);
    const statuses = (await Promise.all(burst)).map((r) => r.status);

    const counts = tally(statuses);
    expect(Object.keys(counts).map(Number).sort()).toEqual([401, 429]);
    expect(counts[401]).toBeLessThanOrEqual(LOGIN_LIMITS.pair.limit);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({ success: false, message: AUTH_MESSAGES.tooManyAttempts });
    const retryAfter = Number((await firstRefusal).headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.pair.windowMs / 1000);
    // And it stays refused from that address until the window has passed.
    expect((await login(user.email, user.password, ip)).status).toBe(429);
    ctx.clock.advance(LOGIN_LIMITS.pair.windowMs);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });

  it('lets the owner sign in from another address while an attacker hammers the account', async () => {
    const owner = await ctx.createUser({ role: 'user' });
    const attacker = newAddress();
    const attack = Promise.all(Array.from({ length: 150 }, (_, i) => login(owner.email, `guess-${i}`, attacker)));
    // A new address of the owner's, during the attack: the attacker's wall is only the attacker's.
    const fresh = await login(owner.email, owner.password, newAddress());
    expect(fresh.status).toBe(200);
    expect(tally((await attack).map((r) => r.status))[401]).toBeLessThanOrEqual(LOGIN_LIMITS.pair.limit);
  });

  it('holds back unknown addresses with a growing delay once an account has 20 failures, but never the owner’s usual address', async () => {
    const owner = await ctx.createUser({ role: 'user' });
    const usual = newAddress();
    expect((await login(owner.email, owner.password, usual)).status).toBe(200);

    // A distributed attack: many addresses, a few guesses each, all at once.
    const attack = Promise.all(Array.from({ length: 60 }, (_, i) => login(owner.email, `spray-${i}`, newAddress())));
    expect((await login(owner.email, owner.password, usual)).status).toBe(200);
    const statuses = (await attack).map((r) => r.status);
    expect(tally(statuses)[401]).toBe(LOGIN_LIMITS.account.free);
    expect(tally(statuses)[429]).toBe(60 - LOGIN_LIMITS.account.free);

    // Each further attempt from an unknown address waits twice as long as the one before.
    const first = await login(owner.email, 'spray-next', newAddress());
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    ctx.clock.advance(2_000);
    expect((await login(owner.email, 'spray-next', newAddress())).status).toBe(401);
    const second = await login(owner.email, owner.password, newAddress());
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('4');
    ctx.clock.advance(4_000);
    expect((await login(owner.email, owner.password, newAddress())).status).toBe(200);
    // The usual address was never held back.
    expect((await login(owner.email, owner.password, usual)).status).toBe(200);
  });

  it('refuses an address that tries many accounts (credential stuffing) after 50 failures, counted before the checks', async () => {
    const ip = newAddress();
    const victim = await ctx.createUser({ role: 'user' });
    const statuses = (
      await Promise.all(Array.from({ length: 80 }, (_, i) => login(`stuffing-${i}@test.betterhealth.in`, 'Password-from-a-leak', ip)))
    ).map((r) => r.status);
    expect(tally(statuses)).toEqual({ 401: LOGIN_LIMITS.address.limit, 429: 80 - LOGIN_LIMITS.address.limit });
    expect((await login(victim.email, victim.password, ip)).status).toBe(429);
    expect((await login(victim.email, victim.password, newAddress())).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address, so rotating through its addresses does not escape the limit', async () => {
    const network = '2001:db8:47:1';
    const statuses = (
      await Promise.all(Array.from({ length: 60 }, (_, i) => login(`rotating-${i}@test.betterhealth.in`, 'Password-from-a-leak', `${network}:${(i + 1).toString(16)}::${i + 7}`)))
    ).map((r) => r.status);
    expect(tally(statuses)).toEqual({ 401: LOGIN_LIMITS.address.limit, 429: 60 - LOGIN_LIMITS.address.limit });
    // Another network, and an IPv4 address, are not held back by it.
    const person = await ctx.createUser({ role: 'user' });
    expect((await login(person.email, person.password, '2001:db8:47:2::1')).status).toBe(200);
    expect((await login(person.email, person.password, newAddress())).status).toBe(200);
  });

  it('keys limits by address only: an IPv6 address by its /64, a mapped IPv4 as IPv4, anything else as one "unknown"', () => {
    expect(limitAddress('2001:db8:47:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:47:1::/64');
    expect(limitAddress('2001:DB8:47:1::9')).toBe('2001:db8:47:1::/64');
    expect(limitAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(limitAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(limitAddress('x'.repeat(5_000))).toBe('unknown');
    expect(limitAddress('unknown')).toBe('unknown');
  });

  it('marks an address as familiar on its first sign-in and again at most once a day, not on every sign-in', async () => {
    const ip = newAddress();
    const person = await ctx.createUser({ role: 'user' });
    const familiar = () => ctx.deps.cols.rateLimits.findOne({ _id: `login:familiar:${person.email}|${ip}` });
    expect((await login(person.email, person.password, ip)).status).toBe(200);
    const first = (await familiar())?.at;
    expect(first).toEqual(ctx.clock.now());
    ctx.clock.advance(LOGIN_LIMITS.familiarRenewMs - 60_000);
    expect((await login(person.email, person.password, ip)).status).toBe(200);
    expect((await familiar())?.at).toEqual(first);
    ctx.clock.advance(60_000);
    expect((await login(person.email, person.password, ip)).status).toBe(200);
    expect((await familiar())?.at).toEqual(ctx.clock.now());
  });

  it('does not count correct sign-ins, so people behind one address can all sign in', async () => {
    const ip = newAddress();
    const people = await Promise.all(Array.from({ length: 4 }, () => ctx.createUser({ role: 'user' })));
    for (let round = 0; round < 15; round += 1) {
      const person = people[round % people.length]!;
      expect((await login(person.email, person.password, ip)).status).toBe(200);
    }
  });
});

describe('password hashing queue', () => {
  it('answers 503 with Retry-After at once when the queue is full, and does not count the unchecked attempt', async () => {
    const queue = new PasswordQueue({ concurrency: 1, maxWaiting: 1 });
    const busyApp = createApp({ ...ctx.deps, passwords: queue });
    const user = await ctx.createUser({ role: 'user' });
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const running = queue.run(() => held);
    const waiting = queue.run(() => held);
    expect(queue.load).toEqual({ running: 1, waiting: 1, admitted: 0 });

    const attempts = [];
    for (let i = 0; i < 12; i += 1) {
      const started = performance.now();
      const res = await busyApp.request('/api/v1/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: `wrong-${i}` }),
      });
      attempts.push({ res, ms: performance.now() - started });
    }
    for (const { res, ms } of attempts) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({ success: false, message: GENERAL_MESSAGES.busy });
      expect(ms).toBeLessThan(1_000);
    }
    finish();
    await Promise.all([running, waiting]);
    // Twelve refusals while busy, none of them counted: the right password still signs in.
    const res = await busyApp.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a login that finds every place taken before it does any database work', async () => {
    const queue = new PasswordQueue({ concurrency: 1, maxWaiting: 1 });
    const busyApp = createApp({ ...ctx.deps, passwords: queue, config: { ...ctx.deps.config, trustProxy: true } });
    const user = await ctx.createUser({ role: 'user' });
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const places = [queue.admit(() => held), queue.admit(() => held)];
    const ip = newAddress();
    const res = await busyApp.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: user.email, password: 'wrong-password' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await ctx.deps.cols.rateLimits.countDocuments({ key: `login:pair:${user.email}|${ip}` })).toBe(0);
    finish();
    await Promise.all(places);
  });

  it('lets one address hold at most its share of the places (429), so another address still gets one', async () => {
    const queue = new PasswordQueue({ concurrency: 1, maxWaiting: 7 });
    expect(queue.perCaller).toBe(2);
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const flood = Array.from({ length: 10 }, () => queue.admit(() => held, '203.0.113.5'));
    const refused = await Promise.allSettled(flood.slice(queue.perCaller));
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.status)).toEqual(Array.from({ length: 10 - queue.perCaller }, () => 429));
    expect((refused[0] as PromiseRejectedResult).reason.headers).toEqual({ 'Retry-After': '2' });
    expect(queue.load.admitted).toBe(queue.perCaller);
    // Someone else is admitted beside the flood; only many callers together fill every place (503).
    const other = queue.admit(() => held, '198.51.100.7');
    const others = ['198.51.100.20', '198.51.100.20', '198.51.100.21', '198.51.100.21', '198.51.100.22'].map((ip) => queue.admit(() => held, ip));
    expect(queue.load.admitted).toBe(8);
    await expect(queue.admit(() => held, '198.51.100.99')).rejects.toMatchObject({ status: 503 });
    finish();
    await Promise.all([...flood.slice(0, queue.perCaller), other, ...others]);
    expect(queue.load).toEqual({ running: 0, waiting: 0, admitted: 0 });
    // Places given back are the caller's again.
    expect(await queue.admit(async () => 'in', '203.0.113.5')).toBe('in');
  });

  it('answers an address’s first refusals at once and holds back the rest, so a flood gets them slowly', async () => {
    const pacer = new RefusalPacer({ burst: 3, perMs: 60_000, holdMs: 300 });
    const answered: boolean[] = [];
    const refusals = Array.from({ length: 5 }, (_, i) => pacer.pace('203.0.113.8').then(() => (answered[i] = true)));
    await new Promise((r) => setImmediate(r));
    // The first three go at once; the other two are held back.
    expect(answered).toEqual([true, true, true]);
    expect(pacer.held).toBe(2);
    // Another address's refusals are not held back by this one's.
    await pacer.pace('198.51.100.8');
    expect(pacer.held).toBe(2);
    await Promise.all(refusals);
    expect(answered).toEqual([true, true, true, true, true]);
    expect(pacer.held).toBe(0);
  });

  it('runs at most `concurrency` at once and queues at most `maxWaiting`', async () => {
    const queue = new PasswordQueue({ concurrency: 2, maxWaiting: 3 });
    let active = 0;
    let peak = 0;
    const work = () =>
      queue.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 20));
        active -= 1;
        return 'done';
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, work));
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([503, 503, 503]);
    expect(queue.load).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });
});

describe('coupon check limit under parallel requests', () => {
  it('lets at most 20 of 150 parallel wrong codes be checked; the rest get 429 with Retry-After', async () => {
    const ip = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        post('/api/v1/payments/verify-coupon/mentalHealthCounselling/single', { couponCode: `NOPE${i}`, email: null, isExistingUser: false }, ip),
      ),
    );
    const counts = tally(responses.map((r) => r.status));
    expect(counts).toEqual({ 404: COUPON_CHECK_LIMITS.perIp, 429: 150 - COUPON_CHECK_LIMITS.perIp });
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ success: false, message: PAYMENT_MESSAGES.tooManyCouponChecks });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('PUT /api/v1/user/profile/update', () => {
  it('is 401 for anonymous callers whatever the body, before any validation', async () => {
    for (const body of [{}, { name: '' }, { newPassword: 'short' }, { role: 'admin' }, 'not json']) {
      const res = await ctx.request('PUT', '/api/v1/user/profile/update', { body });
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: AUTH_MESSAGES.notAuthenticated });
    }
  });

  it('limits wrong current passwords per account, also under parallel requests, and then refuses the right one for the window', async () => {
    const me = await ctx.createUser({ role: 'user' });
    const cookie = await ctx.login(me.email);
    const change = (currentPassword: string) =>
      app.request('/api/v1/user/profile/update', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ currentPassword, newPassword: 'Brand-New-Pass-77' }),
      });
    const statuses = (await Promise.all(Array.from({ length: 30 }, (_, i) => change(`not-it-${i}`)))).map((r) => r.status);
    expect(tally(statuses)).toEqual({ 400: 10, 429: 20 });
    const blocked = await change(me.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    ctx.clock.advance(15 * 60 * 1000);
    expect((await change(me.password)).status).toBe(200);
  });
});
