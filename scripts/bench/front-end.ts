import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@bh/api/seed/demo';
import { freePort } from '@bh/api/lib/ports';
import { HEALTH_PATH, progress, ROOT, startProcess } from './processes.ts';
import type { PageSummary } from '../../site/scripts/lighthouse.ts';

export type RowFn = (area: string, measure: string, value: string, target?: string, pass?: boolean | null) => void;

const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...htmlFiles(full));
    else if (name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** Gzipped bytes of every script a built page loads: external files and inline blocks. */
export function pageJsBytes(distDir: string, htmlPath: string): number {
  const html = readFileSync(htmlPath, 'utf8');
  let total = 0;
  const seen = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/.exec(attrs)?.[1];
    if (src) {
      if (!seen.has(src) && src.startsWith('/')) {
        seen.add(src);
        total += gz(readFileSync(join(distDir, src)));
      }
    } else if ((m[2] ?? '').trim()) {
      total += gz(m[2]!);
    }
  }
  // Islands load their component and renderer modules through astro-island attributes.
  for (const m of html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) {
    const src = m[1]!;
    if (!seen.has(src)) {
      seen.add(src);
      total += gz(readFileSync(join(distDir, src)));
    }
  }
  return total;
}

export async function measureSiteJs(row: RowFn): Promise<Record<string, number>> {
  const dist = join(ROOT, 'site', 'dist');
  if (!existsSync(dist)) throw new Error('site/dist is missing: run pnpm build first');
  const result: Record<string, number> = {};
  for (const file of htmlFiles(dist).sort()) {
    const page = '/' + relative(dist, file).replace(/index\.html$/, '').replace(/\.html$/, '');
    result[page] = pageJsBytes(dist, file);
    row('Site', `JS on ${page} (gzip)`, kb(result[page]!));
  }
  return result;
}

const ADMIN_SCREENS = [
  '/admin/register',
  '/admin/create-meeting',
  '/admin/verify-documents',
  '/admin/verified-doctors',
  '/admin/create-coupons',
  '/admin/all-coupons',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const demoClient = () => DEMO_ACCOUNTS.find((a) => a.role === 'user')!;

/** `pnpm start` on a fresh embedded database with its demo data, for the portal's measures. */
export async function startProduct(): Promise<{ base: string; stop: () => Promise<void> }> {
  for (const dist of [join(ROOT, 'portal', 'dist', 'index.html'), join(ROOT, 'site', 'dist')]) {
    if (!existsSync(dist)) throw new Error(`${relative(ROOT, dist)} is missing: run pnpm build first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-bench-product-'));
  const port = await freePort();
  progress('starting the product (pnpm start) on a fresh embedded database with demo data');
  const server = await startProcess('scripts/start.ts', port, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', MONGODB_URI: '' }, HEALTH_PATH);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ScriptRequest {
  url: string;
  initiator: string | undefined;
}

/** Where a request came from: the script or document whose code asked for it. */
function initiatorUrl(initiator: { url?: string; stack?: { callFrames: { url: string }[]; parent?: unknown } } | undefined): string | undefined {
  return initiator?.url ?? initiator?.stack?.callFrames.find((f) => f.url)?.url;
}

/**
 * After the Login click, the JavaScript files the browser fetches until the client's dashboard
 * shows its content, and the longest chain among them (a file asked for by a file that was itself
 * fetched after the click): 1 when everything was asked for at once.
 */
export function waterfallDepth(requests: ScriptRequest[]): number {
  const depth = new Map<string, number>();
  let deepest = 0;
  for (const r of requests) {
    const d = (r.initiator && depth.get(r.initiator)) ? depth.get(r.initiator)! + 1 : 1;
    depth.set(r.url, d);
    deepest = Math.max(deepest, d);
  }
  return deepest;
}

async function loginToDashboard(base: string, row: RowFn): Promise<{ requests: number; depth: number; ms: number; whileFilling: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let phase: 'load' | 'fill' | 'clicked' = 'load';
    const scripts: ScriptRequest[] = [];
    let whileFilling = 0;
    const pending = new Set<string>();
    cdp.on('Network.loadingFinished', (e) => pending.delete(e.requestId));
    cdp.on('Network.loadingFailed', (e) => pending.delete(e.requestId));
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type !== 'Script') return;
      pending.add(e.requestId);
      if (phase === 'fill') whileFilling += 1;
      if (phase === 'clicked') scripts.push({ url: e.request.url, initiator: initiatorUrl(e.initiator) });
    });
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    phase = 'fill';
    const account = demoClient();
    await page.getByLabel('Better Health ID').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    // What the form asked for while it was filled (the shell and the dashboard, preloaded) has
    // arrived before the click, as it would for a person typing (at most 15 s).
    for (const until = Date.now() + 15_000; pending.size > 0 && Date.now() < until; ) await page.waitForTimeout(100);
    phase = 'clicked';
    const t = performance.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard$/i);
    // The dashboard's content: the sessions it lists (or its empty state) has arrived.
    await page.getByRole('region', { name: 'Upcoming Sessions' }).or(page.getByText('All Caught Up!')).first().waitFor({ state: 'visible', timeout: 30_000 });
    const ms = performance.now() - t;
    const depth = waterfallDepth(scripts);
    row('Portal', 'JS requests after the Login click until the dashboard shows', String(scripts.length), '≤ 6', scripts.length <= 6);
    row('Portal', 'deepest JS request chain after the Login click', String(depth), '≤ 2', depth <= 2);
    row('Portal', 'JS requests while the sign-in form is filled (preloaded for the dashboard)', String(whileFilling));
    row('Portal', 'Login click to the dashboard at rest, 390 px (ms)', (ms).toFixed(0));
    return { requests: scripts.length, depth, ms, whileFilling };
  } finally {
    await browser.close();
  }
}

/** JavaScript the browser really loads for /login and for each admin screen opened directly. */
export async function measurePortal(base: string, row: RowFn): Promise<Record<string, unknown>> {
  progress('portal: JavaScript per screen, then the requests after the Login click');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const result: Record<string, unknown> = {};
  try {
    const context = await browser.newContext();
    const load = async (path: string) => {
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(base + path);
      // The screen itself, not the first quiet moment: on a busy machine the app can still be
      // starting (no request for half a second) when the network first falls idle, and the bytes
      // counted would be the sign-in bundle alone.
      await page.getByRole(path === '/login' ? 'button' : 'heading', path === '/login' ? { name: 'Login' } : { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      if (new URL(page.url()).pathname !== path) throw new Error(`${path} showed ${page.url()} instead`);
      await page.close();
      return [...scripts].reduce((n, p) => n + gz(readFileSync(join(ROOT, 'portal', 'dist', p))), 0);
    };
    const loginBytes = await load('/login');
    result['/login'] = loginBytes;
    row('Portal', 'JS loaded by /login (gzip)', kb(loginBytes), '≤ 300 KB', loginBytes <= 300 * 1024);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    const res = await context.request.post(`${base}/api/v1/user/login`, { data: { email: admin.email, password: DEMO_PASSWORD } });
    if (res.status() !== 200) throw new Error(`admin login failed: ${res.status()}`);
    for (const path of ADMIN_SCREENS) {
      const bytes = await load(path);
      result[path] = bytes;
      row('Portal', `JS loaded by ${path} (gzip)`, kb(bytes));
    }
  } finally {
    await browser.close();
  }
  result.afterLogin = await loginToDashboard(base, row);
  return result;
}

/**
 * Lighthouse's 4× CPU slowdown stands for a mid-tier phone when the machine measuring is a high-end
 * desktop, whose benchmark index Lighthouse puts at 1,500–2,000 (its docs, "CPU Throttling"); on a
 * slower machine the same 4× stands for a slower phone, and the blocking time grows with it.
 */
export const LIGHTHOUSE_HOST_INDEX = { from: 1500, to: 2000 } as const;

/**
 * What a score was made of: every run's score, the median run's paints and blocking time, and the
 * machine's CPU as Lighthouse rated it in that run.
 */
export function lighthouseDetail(s: PageSummary): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `${s.runs.join(', ')}; ${seconds(s.median.fcp)} / ${seconds(s.median.lcp)} / ${s.median.tbt} ms; ${s.benchmarkIndex}`;
}

export function lighthouse(args: string[]): Record<string, PageSummary> {
  const res = spawnSync(process.execPath, ['site/scripts/lighthouse.ts', ...args, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
  });
  for (const line of res.stdout.trim().split('\n').slice(0, -1)) progress(`  ${line}`);
  const lastLine = res.stdout.trim().split('\n').pop() ?? '';
  if (!lastLine.startsWith('{')) throw new Error(`Lighthouse gave no result (exit ${res.status})`);
  return JSON.parse(lastLine) as Record<string, PageSummary>;
}

/** Lighthouse (mobile, median of 3) per public page on the real server (`pnpm bench lighthouse-site`). */
export async function runSiteLighthouse(row: RowFn): Promise<unknown> {
  const product = await startProduct();
  try {
    progress('Lighthouse (mobile, median of 3) on every public page');
    const pages = lighthouse([product.base]);
    for (const [page, s] of Object.entries(pages)) {
      row('Lighthouse', `${page} performance / accessibility`, `${s.performance} / ${s.accessibility}`, `≥ ${s.target} / ≥ 95`, s.ok);
    }
    return pages;
  } finally {
    await product.stop();
  }
}
