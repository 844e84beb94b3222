import { createHash } from 'node:crypto';
import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { precompressFolder } from '../../../scripts/precompress.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { served, type Served } from '../../test/served.ts';
import { createWebApp } from './web-app.ts';

const INLINE = "document.documentElement.dataset.ready='1'";
const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

let ctx: TestContext;
let web: ReturnType<typeof createWebApp>;
let httpsWeb: ReturnType<typeof createWebApp>;
/** The same two apps through the server, which adds the headers every response carries (connections.ts). */
let servedWeb: Served;
let servedHttps: Served;

beforeAll(async () => {
  ctx = await createTestContext();
  const root = mkdtempSync(join(tmpdir(), 'bh-web-'));
  const site = join(root, 'site');
  const portal = join(root, 'portal');
  mkdirSync(join(site, '_astro'), { recursive: true });
  mkdirSync(join(site, 'services'), { recursive: true });
  mkdirSync(join(site, 'make-payment'), { recursive: true });
  mkdirSync(join(portal, 'app-assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>Home</title><script>${INLINE}</script><p>${'Because you deserve Better Health. '.repeat(40)}</p>`);
  writeFileSync(join(site, 'services', 'index.html'), '<!doctype html><title>Services</title>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title><h1>Page not found</h1>');
  writeFileSync(join(site, 'make-payment', 'index.html'), '<!doctype html><title>Unknown plan</title><h1>Unknown service or plan</h1>');
  writeFileSync(join(site, '_astro', 'app.abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  writeFileSync(join(portal, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div><script type="module" src="/app-assets/index-1.js"></script>');
  writeFileSync(join(portal, 'app-assets', 'index-1.js'), 'export {};');
  // The build's pages for the routes behind the login: index.html naming their first files too.
  const preloads = (files: string[]) => files.map((f) => `<link rel="modulepreload" crossorigin href="/app-assets/${f}">`).join('');
  writeFileSync(join(portal, 'signed-in.html'), `<!doctype html><title>Portal</title>${preloads(['Layout-1.js', 'NoticeGate-1.js'])}<div id="root"></div>`);
  // /login's page, with the sign-in form drawn in at build time.
  writeFileSync(join(portal, 'login.html'), '<!doctype html><title>Portal</title><div id="root"><form data-prerendered-login></form></div><script type="module" src="/app-assets/index-1.js"></script>');
  writeFileSync(join(portal, 'dashboard.html'), `<!doctype html><title>Portal</title>${preloads(['Layout-1.js', 'NoticeGate-1.js', 'Dashboard-1.js'])}<div id="root"></div>`);
  // As `pnpm build` does: brotli and gzip copies beside the text files.
  await precompressFolder(site);
  await precompressFolder(portal);
  web = createWebApp(ctx.deps, { siteDir: site, portalDir: portal });
  httpsWeb = createWebApp({ ...ctx.deps, config: { ...ctx.deps.config, trustProxy: true } }, { siteDir: site, portalDir: portal });
  servedWeb = await served(web);
  servedHttps = await served(httpsWeb, { trustProxy: true });
});

afterAll(async () => {
  await Promise.all([servedWeb.close(), servedHttps.close()]);
});

describe('one origin', () => {
  it('serves the site for public paths and the portal for its routes', async () => {
    const home = await web.request('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Home</title>');
    expect((await (await web.request('/services')).text())).toContain('Services');
    for (const path of ['/login', '/dashboard', '/Dashboard', '/details', '/meetinghistory', '/meetings', '/privacy', '/availability', '/admin/register', '/admin/Verified-doc-details/abc']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>Portal</title>');
    }
    expect((await web.request('/api/v1/health')).status).toBe(200);
  });

  it('sends a page behind the login with its first screens’ files named, and the sign-in pages without', async () => {
    const preloaded = async (path: string) => {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      return [...(await res.text()).matchAll(/modulepreload" crossorigin href="\/app-assets\/([A-Za-z]+)-/g)].map((m) => m[1]);
    };
    for (const path of ['/login', '/login/forgot', '/login/reset', '/login/welcome']) expect(await preloaded(path), path).toEqual([]);
    for (const path of ['/dashboard', '/Dashboard', '/dashboard/']) expect(await preloaded(path), path).toEqual(['Layout', 'NoticeGate', 'Dashboard']);
    for (const path of ['/meetinghistory', '/details', '/privacy', '/admin/register', '/dashboard/x']) {
      expect(await preloaded(path), path).toEqual(['Layout', 'NoticeGate']);
    }
  });

  it('sends /login the page with the sign-in form drawn in, and the other sign-in pages the plain one', async () => {
    for (const path of ['/login', '/login/', '/Login']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<form data-prerendered-login>');
    }
    for (const path of ['/login/forgot', '/login/reset', '/login/welcome', '/dashboard']) expect(await (await web.request(path)).text(), path).not.toContain('data-prerendered-login');
  });

  it('sends someone signed in who opens /login to the dashboard, and only them', async () => {
    const client = await ctx.signedIn('user');
    for (const path of ['/login', '/login/']) {
      const res = await web.request(path, { headers: { cookie: client.cookie } });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/dashboard');
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    // The other sign-in pages (a reset link opened while signed in) are still sent.
    expect((await web.request('/login/reset', { headers: { cookie: client.cookie } })).status).toBe(200);
    // No session, or one that has ended: the sign-in page.
    expect((await web.request('/login')).status).toBe(200);
    expect((await web.request('/login', { headers: { cookie: 'bh_session=not-a-session' } })).status).toBe(200);
  });

  it('names the first screen’s calls for the person signed in (preload), and sends such a page to no one else', async () => {
    const preloads = (res: Response) => [...(res.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel=preload; as=fetch; crossorigin=anonymous/g)].map((m) => m[1]);
    const client = await ctx.signedIn('user');
    const dashboard = await web.request('/dashboard', { headers: { cookie: client.cookie } });
    expect(preloads(dashboard)).toEqual(['/api/v1/user/profile', '/api/v1/privacy/notice', '/api/v1/meeting/get-meetings', '/api/v1/payments/services']);
    expect(dashboard.headers.get('cache-control')).toBe('private, no-cache');
    expect(dashboard.headers.get('etag')).toBeNull();
    expect(await dashboard.text()).toContain('<title>Portal</title>');
    // The etag of the page as anyone gets it does not bring back a 304 without this person's links.
    const etag = (await web.request('/dashboard')).headers.get('etag')!;
    expect((await web.request('/dashboard', { headers: { cookie: client.cookie, 'if-none-match': etag } })).status).toBe(200);
    // Another page behind the login reads no meetings or services first.
    expect(preloads(await web.request('/privacy', { headers: { cookie: client.cookie } }))).toEqual(['/api/v1/user/profile', '/api/v1/privacy/notice']);
    // Each role gets only what its dashboard reads (DESIGN §5 via firstCallsFor): an associate books no services, one not yet verified reads no meetings.
    const associate = await ctx.signedIn('doctor', 'verified');
    expect(preloads(await web.request('/dashboard', { headers: { cookie: associate.cookie } }))).toEqual(['/api/v1/user/profile', '/api/v1/privacy/notice', '/api/v1/meeting/get-meetings']);
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    expect(preloads(await web.request('/dashboard', { headers: { cookie: applicant.cookie } }))).toEqual(['/api/v1/user/profile', '/api/v1/privacy/notice']);
    // No session, an unknown one, or a sign-in page (/login itself sends them to the dashboard, above): the shared page, no links, cacheable as before.
    for (const [path, cookie] of [['/dashboard', ''], ['/dashboard', 'bh_session=' + 'x'.repeat(43)], ['/login/reset', client.cookie]] as const) {
      const res = await web.request(path, cookie ? { headers: { cookie } } : {});
      expect(res.headers.get('link'), `${path} ${cookie}`).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('etag')).not.toBeNull();
    }
  });

  it('sends such a page without links, at once, when the database cannot say whose session it is', async () => {
    const client = await ctx.signedIn('user');
    const root = mkdtempSync(join(tmpdir(), 'bh-web-hung-'));
    writeFileSync(join(root, 'dashboard.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    for (const resolve of [() => new Promise<never>(() => {}), () => Promise.reject(new Error('connection closed'))]) {
      const hung = createWebApp({ ...ctx.deps, sessions: Object.assign(Object.create(ctx.deps.sessions), { resolve }) }, { siteDir: root, portalDir: root });
      // A lookup that never answers would hold the page until the test times out.
      const res = await hung.request('/dashboard', { headers: { cookie: client.cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).toBeNull();
      expect(await res.text()).toContain('<title>Portal</title>');
    }
  });

  it('answers unknown paths with the site’s 404 page and unknown payment plans with their own page', async () => {
    const missing = await web.request('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    const plan = await web.request('/make-payment/ayurveda/single');
    expect(plan.status).toBe(404);
    expect(await plan.text()).toContain('Unknown service or plan');
    const api = await web.request('/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
  });

  it('refuses to serve files outside the built folders', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/_astro/..%2f..%2f..%2fREADME.md']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('compresses text and caches hashed assets for a year, pages never', async () => {
    const asset = await web.request('/_astro/app.abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await asset.arrayBuffer())).toString()).toContain('console.log');
    const portalAsset = await web.request('/app-assets/index-1.js');
    expect(portalAsset.headers.get('cache-control')).toContain('immutable');
    const page = await web.request('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag')!;
    expect((await web.request('/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const json = await web.request('/api/v1/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(json.status).toBe(200);
  });
});

describe('precompressed files', () => {
  it('the build step writes brotli and gzip copies beside text files only', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bh-precompress-'));
    const text = `export const words = ${JSON.stringify('Because you deserve Better Health. '.repeat(100))};`;
    writeFileSync(join(root, 'chunk.js'), text);
    writeFileSync(join(root, 'tiny.css'), 'a{}');
    writeFileSync(join(root, 'logo.png'), Buffer.alloc(4096, 1));
    expect(await precompressFolder(root)).toBe(1);
    expect(brotliDecompressSync(readFileSync(join(root, 'chunk.js.br'))).toString()).toBe(text);
    expect(gunzipSync(readFileSync(join(root, 'chunk.js.gz'))).toString()).toBe(text);
    for (const absent of ['tiny.css.br', 'tiny.css.gz', 'logo.png.br', 'logo.png.gz']) expect(existsSync(join(root, absent)), absent).toBe(false);
  });

  it('answers the first request for a big chunk at once with the build’s brotli bytes, and blocks nothing meanwhile', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bh-big-chunk-'));
    const portal = join(root, 'portal');
    const site = join(root, 'site');
    mkdirSync(join(portal, 'app-assets'), { recursive: true });
    mkdirSync(site, { recursive: true });
    writeFileSync(join(portal, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Home</title>');
    // About 3 MB of varied script: brotli at quality 11 takes seconds for it on one core.
    const lines = Array.from({ length: 40_000 }, (_, i) => `export const v${i} = ${JSON.stringify(createHash('sha1').update(String(i)).digest('hex'))}; // ${i * 7919}`);
    const chunk = Buffer.from(lines.join('\n'));
    writeFileSync(join(portal, 'app-assets', 'index-big.js'), chunk);
    // A fast copy stands for the build's: the answer must be exactly these bytes, not a new compression.
    const built = brotliCompressSync(chunk, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
    writeFileSync(join(portal, 'app-assets', 'index-big.js.br'), built);
    writeFileSync(join(portal, 'app-assets', 'plain-big.js'), chunk);

    const app = createWebApp(ctx.deps, { siteDir: site, portalDir: portal });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // node:http hands over the bytes as sent (fetch would decompress them).
      const timed = (path: string, encoding: string) =>
        new Promise<{ status: number; encoding: string | undefined; body: Buffer; ms: number }>((resolve, reject) => {
          const start = performance.now();
          httpGet(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (d: Buffer) => parts.push(d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(parts), ms: performance.now() - start }));
          }).on('error', reject);
        });
      const [big, page] = await Promise.all([
        timed('/app-assets/index-big.js', 'br'),
        (async () => {
          await new Promise((r) => setTimeout(r, 20));
          return timed('/', 'identity');
        })(),
      ]);
      expect(big.encoding).toBe('br');
      expect(big.body.equals(built)).toBe(true);
      expect(big.ms).toBeLessThan(1_500);
      expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(1_000);
      // A file the build left uncompressed goes out as it is, never compressed on the request.
      const plain = await timed('/app-assets/plain-big.js', 'br, gzip');
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.equals(chunk)).toBe(true);
      // The copies are not files of their own.
      expect((await fetch(`${base}/app-assets/index-big.js.br`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('security headers', () => {
  it('gives pages a strict CSP: no inline scripts but the hashed ones, no framing', async () => {
    const res = await web.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${sha(INLINE)}`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const portal = await web.request('/login');
    expect(portal.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
  });

  it('sends nosniff, a referrer policy and no-framing on site, portal and API responses', async () => {
    for (const path of ['/', '/login', '/api/v1/health', '/no-such-page']) {
      const res = await servedWeb.request(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('adds a one-year HSTS header only when served over https', async () => {
    const res = await servedHttps.request('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const api = await servedHttps.request('/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('marks the session cookie Secure over https', async () => {
    const user = await ctx.createUser({ role: 'user' });
    const res = await httpsWeb.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('Secure');
  });
});

describe('pnpm dev behind the one origin', () => {
  it('pages from the dev servers get the security headers and a development policy, API calls stay on the API', async () => {
    const devServer = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>dev</title><p>${req.url}</p>`);
    });
    await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
    const port = (devServer.address() as AddressInfo).port;
    try {
      const root = mkdtempSync(join(tmpdir(), 'bh-web-dev-'));
      const dev = await served(createWebApp(ctx.deps, { siteDir: join(root, 'site'), portalDir: join(root, 'portal'), cacheFiles: false, devProxy: { portalPort: port, sitePort: port } }));
      onTestFinished(() => dev.close());
      const page = await dev.request('/services');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<p>/services</p>');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      const api = await dev.request('/api/v1/payments/services');
      expect(api.status).toBe(200);
      expect(api.headers.get('content-type')).toMatch(/application\/json/);
    } finally {
      await new Promise((resolve) => devServer.close(resolve));
    }
  });
});
