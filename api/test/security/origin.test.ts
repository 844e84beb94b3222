import { serve, type ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_MESSAGES } from '@bh/shared';
import { createApp } from '../../src/app.ts';
import { createWebApp } from '../../src/web/web-app.ts';
import { createTestContext, type TestContext } from '../context.ts';

/**
 * DNS rebinding: a page on evil.example whose name is made to resolve to this server sends its
 * requests with `Host: evil.example` and a matching `Origin`, so comparing the two proves nothing.
 * Unsafe requests must be addressed to the product's public origin (PUBLIC_ORIGIN). Requests go
 * over a real socket so the Host header is the one on the wire.
 */

let ctx: TestContext;
let server: ServerType;
let port: number;
let account: { email: string; password: string };

beforeAll(async () => {
  ctx = await createTestContext();
  account = await ctx.createUser({ role: 'user' });
  const web = createWebApp(ctx.deps, { siteDir: '/nonexistent-site', portalDir: '/nonexistent-portal', cacheFiles: false });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: web.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** One request with exactly these headers, Host included. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('requests addressed to another host (DNS rebinding)', () => {
  it('refuses an anonymous login sent to Host: evil.example with a matching Origin, and signs nobody in', async () => {
    const body = JSON.stringify({ email: account.email, password: account.password });
    const res = await raw('POST', '/api/v1/user/login', { host: `evil.example:${port}`, origin: `http://evil.example:${port}`, 'content-type': 'application/json' }, body);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: GENERAL_MESSAGES.crossSite });
    expect(res.headers['set-cookie']).toBeUndefined();
    // Without Origin (an old browser, a form) the Host alone decides.
    const bare = await raw('POST', '/api/v1/payments/verify-coupon/mentalHealthCounselling/single', { host: 'evil.example', 'content-type': 'application/json' }, JSON.stringify({ couponCode: 'X', email: null, isExistingUser: false }));
    expect(bare.status).toBe(403);
  });

  it('serves the same request addressed to the product', async () => {
    const body = JSON.stringify({ email: account.email, password: account.password });
    const res = await raw('POST', '/api/v1/user/login', { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' }, body);
    expect(res.status).toBe(200);
  });

  it('answers safe requests whatever the Host: a rebound page carries none of our cookies, so it reads only public data', async () => {
    const res = await raw('GET', '/api/v1/payments/services', { host: 'evil.example' });
    expect(res.status).toBe(200);
  });

  it('accepts only PUBLIC_ORIGIN (and ALLOWED_ORIGINS) when the public origin is not a loopback address', async () => {
    const app = createApp({ ...ctx.deps, config: { ...ctx.deps.config, publicOrigin: 'https://app.betterhealth.example', allowedOrigins: ['https://admin.betterhealth.example'] } });
    const body = JSON.stringify({ couponCode: 'NOSUCHCODE', email: null, isExistingUser: false });
    const check = (url: string, origin?: string) =>
      app.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) }, body });
    const path = '/api/v1/payments/verify-coupon/mentalHealthCounselling/single';
    expect((await check(`https://app.betterhealth.example${path}`, 'https://app.betterhealth.example')).status).toBe(404);
    expect((await check(`https://app.betterhealth.example${path}`)).status).toBe(404);
    expect((await check(`https://app.betterhealth.example${path}`, 'https://admin.betterhealth.example')).status).toBe(404);
    expect((await check(`https://evil.example${path}`, 'https://evil.example')).status).toBe(403);
    expect((await check(`http://127.0.0.1:8080${path}`, 'http://127.0.0.1:8080')).status).toBe(403);
    expect((await check(`https://app.betterhealth.example${path}`, 'https://evil.example')).status).toBe(403);

    // Behind a trusted proxy the forwarded host and scheme are the ones that count.
    const proxied = createApp({ ...ctx.deps, config: { ...ctx.deps.config, publicOrigin: 'https://app.betterhealth.example', trustProxy: true } });
    const viaProxy = (host: string) =>
      proxied.request(`http://10.0.0.5:8080${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-host': host },
        body,
      });
    expect((await viaProxy('app.betterhealth.example')).status).toBe(404);
    expect((await viaProxy('evil.example')).status).toBe(403);
  });
});

describe('TRACE', () => {
  it('answers 405 with Allow on the API, the portal and the site, echoing nothing', async () => {
    for (const path of ['/api/v1/health', '/api/v1/user/profile', '/login', '/', '/no-such-page']) {
      const res = await raw('TRACE', path, { host: `127.0.0.1:${port}`, cookie: 'bh_session=secret-value' });
      expect(res.status, path).toBe(405);
      expect(String(res.headers.allow)).toContain('GET');
      expect(res.body).not.toContain('secret-value');
    }
  });
});
