import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../src/web/web-app.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { served, type Served } from '../served.ts';
import { uploadFile } from '../uploads.ts';

/**
 * Security headers on everything the one-origin server answers: site pages, portal pages, static
 * assets, API JSON (success and error), the API reference and uploaded files. Served from small
 * built folders made here, with inline scripts like the ones Astro emits.
 */

const THEME = "document.documentElement.dataset.theme=localStorage.getItem('theme')||'light'";
const MODULE = "import('/_astro/island.js').then((m)=>m.hydrate())";
const sha = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

let ctx: TestContext;
/** The web app as the server sends it (the headers every response carries are added there), and the same behind a trusted proxy. */
let http: Served;
let proxied: Served;
let fileUrl: string;
let doctorCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const root = mkdtempSync(join(tmpdir(), 'bh-security-web-'));
  const site = join(root, 'site');
  const portal = join(root, 'portal');
  mkdirSync(join(site, '_astro'), { recursive: true });
  mkdirSync(join(site, 'services'), { recursive: true });
  mkdirSync(join(portal, 'app-assets'), { recursive: true });
  writeFileSync(
    join(site, 'index.html'),
    `<!doctype html><title>Home</title><script>${THEME}</script><script type="module">${MODULE}</script>` +
      '<script type="application/ld+json">{"@type":"Organization"}</script><script type="module" src="/_astro/island.js"></script><h1>Better Health</h1>',
  );
  writeFileSync(join(site, 'services', 'index.html'), '<!doctype html><title>Services</title><h1>Services</h1>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(site, '_astro', 'island.js'), 'export function hydrate() {}');
  writeFileSync(join(portal, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div><script type="module" src="/app-assets/index-1.js"></script>');
  writeFileSync(join(portal, 'app-assets', 'index-1.js'), 'export {};');
  http = await served(createWebApp(ctx.deps, { siteDir: site, portalDir: portal }));
  proxied = await served(createWebApp({ ...ctx.deps, config: { ...ctx.deps.config, trustProxy: true } }, { siteDir: site, portalDir: portal }), { trustProxy: true });

  const doctor = await ctx.signedIn('doctor', 'verified');
  doctorCookie = doctor.cookie;
  fileUrl = await uploadFile(ctx, doctor.cookie, 'resume');
});

afterAll(async () => {
  await Promise.all([http.close(), proxied.close()]);
});

/** One of each kind of response the server gives. */
function paths(): { label: string; path: string; cookie?: string; html: boolean }[] {
  return [
    { label: 'site page', path: '/', html: true },
    { label: 'site page without scripts', path: '/services', html: true },
    { label: 'site 404 page', path: '/no-such-page', html: true },
    { label: 'portal page', path: '/login', html: true },
    { label: 'portal admin route', path: '/admin/all-coupons', html: true },
    { label: 'static asset', path: '/_astro/island.js', html: false },
    { label: 'portal asset', path: '/app-assets/index-1.js', html: false },
    { label: 'API JSON', path: '/api/v1/payments/services', html: false },
    { label: 'API 401', path: '/api/v1/user/profile', html: false },
    { label: 'API 404', path: '/api/v1/no-such-call', html: false },
    { label: 'OpenAPI document', path: '/api/v1/openapi.json', html: false },
    { label: 'API reference page', path: '/api/docs', html: true },
    { label: 'uploaded file', path: fileUrl, cookie: doctorCookie, html: false },
  ];
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('headers on site, portal and API responses', () => {
  it('every response has nosniff, a Referrer-Policy, no framing and a CSP that allows no inline or foreign script', async () => {
    for (const { label, path, cookie } of paths()) {
      const res = await http.request(path, cookie ? { headers: { cookie } } : {});
      expect(res.status, label).toBeLessThan(500);
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), label).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp.size, `${label} has a CSP`).toBeGreaterThan(0);
      const sandboxed = csp.has('sandbox') && !(csp.get('sandbox') ?? []).includes('allow-scripts');
      if (!sandboxed) expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts.length, `${label} limits scripts`).toBeGreaterThan(0);
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:', 'blob:']) {
        expect(scripts, `${label} script-src ${bad}`).not.toContain(bad);
      }
      expect(csp.get('object-src') ?? csp.get('default-src'), `${label} object-src`).toEqual(["'none'"]);
    }
  });

  it('pages also isolate their browsing context and switch off camera, microphone, location and payment APIs', async () => {
    for (const { label, path, cookie, html } of paths()) {
      const res = await http.request(path, cookie ? { headers: { cookie } } : {});
      if (!html) continue;
      expect(res.headers.get('content-type'), label).toMatch(/^text\/html/);
      expect(res.headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
      expect(res.headers.get('permissions-policy'), label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/);
    }
  });

  it('API JSON says it varies by Accept-Encoding and is compressed for clients that accept gzip', async () => {
    const plain = await http.request('/api/v1/openapi.json');
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const gzip = await http.request('/api/v1/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await new Response(gzip.body!.pipeThrough(new DecompressionStream('gzip'))).json()).toEqual(await plain.json());
  });

  it('lists exactly the page’s inline scripts by hash (JSON data blocks and external scripts need none)', async () => {
    const home = await http.request('/');
    const scripts = directives(home.headers.get('content-security-policy') ?? '').get('script-src') ?? [];
    expect(scripts).toEqual(["'self'", sha(THEME), sha(MODULE)]);
    const plain = await http.request('/services');
    expect(directives(plain.headers.get('content-security-policy') ?? '').get('script-src')).toEqual(["'self'"]);
  });

  it('sends a one-year HSTS header over https only', async () => {
    for (const { label, path, cookie } of paths()) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const plain = await http.request(path, { headers });
      expect(plain.headers.get('strict-transport-security'), `${label} over http`).toBeNull();
      // Behind a proxy the server trusts, the proxy's word decides.
      const viaProxy = await proxied.request(path, { headers: { ...headers, 'x-forwarded-proto': 'https' } });
      const hsts = viaProxy.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${label} over https`).toBeGreaterThanOrEqual(31_536_000);
      // A client cannot talk a server that trusts no proxy into https-only behaviour.
      const spoofed = await http.request(path, { headers: { ...headers, 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers.get('strict-transport-security'), `${label} spoofed`).toBeNull();
    }
  });

  it('marks the session cookie Secure over https', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const res = await proxied.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});
