import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@bh/api/seed/demo';
import { freePort } from '@bh/api/db/embedded';
import { ROOT, startProcess } from './processes.ts';

type RowFn = (area: string, measure: string, value: string, target?: string, pass?: boolean | null) => void;

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

/** JavaScript the browser really loads for /login and for each admin screen opened directly. */
export async function measurePortal(row: RowFn): Promise<Record<string, number>> {
  if (!existsSync(join(ROOT, 'portal', 'dist', 'index.html'))) throw new Error('portal/dist is missing: run pnpm build first');
  const port = await freePort();
  const server = await startProcess('scripts/start.ts', port, { DATA_DIR: join(ROOT, '.data', 'bench-portal'), LOG_LEVEL: 'silent', MONGODB_URI: '' }, '/api/v1/health');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const result: Record<string, number> = {};
  try {
    const base = `http://127.0.0.1:${port}`;
    const context = await browser.newContext();
    const load = async (path: string) => {
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.close();
      return [...scripts].reduce((n, p) => n + gz(readFileSync(join(ROOT, 'portal', 'dist', p))), 0);
    };
    result['/login'] = await load('/login');
    row('Portal', 'JS loaded by /login (gzip)', kb(result['/login']!), '≤ 300 KB', result['/login']! <= 300 * 1024);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    const res = await context.request.post(`${base}/api/v1/user/login`, { data: { email: admin.email, password: DEMO_PASSWORD } });
    if (res.status() !== 200) throw new Error(`admin login failed: ${res.status()}`);
    for (const path of ADMIN_SCREENS) {
      result[path] = await load(path);
      row('Portal', `JS loaded by ${path} (gzip)`, kb(result[path]!));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return result;
}

/** Lighthouse (mobile, median of 3) per public page on the real server, through the site's own script. */
export async function runLighthouse(row: RowFn): Promise<unknown> {
  const port = await freePort();
  const server = await startProcess('scripts/start.ts', port, { DATA_DIR: join(ROOT, '.data', 'bench-lighthouse'), LOG_LEVEL: 'silent', MONGODB_URI: '' }, '/api/v1/health');
  try {
    const res = spawnSync(process.execPath, ['site/scripts/lighthouse.ts', `http://127.0.0.1:${port}`, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    });
    const lastLine = res.stdout.trim().split('\n').pop() ?? '{}';
    const pages = JSON.parse(lastLine) as Record<string, { performance: number; accessibility: number; islands: boolean; target: number; ok: boolean }>;
    for (const [page, s] of Object.entries(pages)) {
      row('Lighthouse', `${page} performance / accessibility`, `${s.performance} / ${s.accessibility}`, `≥ ${s.target} / ≥ 95`, s.ok);
    }
    return pages;
  } finally {
    await server.stop();
  }
}
