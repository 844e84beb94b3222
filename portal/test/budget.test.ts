// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { z } from 'zod';
import { api } from '@bh/shared/contract';
import { PORTAL_PAGES } from '@bh/shared/rules/portal-pages';

/**
 * The portal's weight budget, read from the production build (`vite build` writes portal/dist):
 * the sign-in page loads at most 300 KB of gzipped JavaScript, and every admin screen, like every
 * screen behind the login, is a chunk of its own that /login never loads.
 */
const PORTAL = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(PORTAL, 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const LOGIN_JS_BUDGET = 300_000;

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

function newestSource(dir: string): number {
  return readdirSync(dir).reduce((newest, name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return Math.max(newest, stat.isDirectory() ? newestSource(path) : stat.mtimeMs);
  }, 0);
}

let manifest: Manifest;

beforeAll(async () => {
  const stale =
    !existsSync(MANIFEST) ||
    statSync(MANIFEST).mtimeMs < Math.max(newestSource(join(PORTAL, 'src')), statSync(join(PORTAL, 'index.html')).mtimeMs);
  if (stale) {
    // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: PORTAL, configFile: join(PORTAL, 'vite.config.ts'), mode: 'production', logLevel: 'error' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }
  manifest = manifestSchema.parse(JSON.parse(readFileSync(MANIFEST, 'utf8')));
}, 180_000);

/** The first screens behind the login: the shell (layout, privacy notice gate) and the dashboard. */
const SHELL = ['src/layout/Layout.tsx', 'src/privacy/NoticeGate.tsx'];
const DASHBOARD = 'src/dashboard/Dashboard.tsx';

/** The files these sources' chunks and the chunks they import add to /login's, sorted. */
function filesAfterLogin(sources: string[]): string[] {
  const loginFiles = new Set([...loginChunks()].map((key) => manifest[key]?.file ?? ''));
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || loginFiles.has(entry.file) || files.has(entry.file)) return;
    files.add(entry.file);
    for (const next of entry.imports ?? []) visit(next);
  };
  sources.forEach(visit);
  return [...files].sort();
}

/** Every chunk the sign-in page loads: the entry and everything it imports statically. */
function loginChunks(): Set<string> {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit('index.html');
  return keys;
}

/** The sources admin/index.ts loads lazily, as the manifest names them ('src/coupons/...'). */
function adminScreenSources(): string[] {
  const registry = readFileSync(join(PORTAL, 'src', 'admin', 'index.ts'), 'utf8');
  const specifiers = [...registry.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? '');
  return [...new Set(specifiers)].map((s) => relative(PORTAL, join(PORTAL, 'src', 'admin', s)).split('\\').join('/'));
}

type Area = Record<string, { method: string; path: string }>;

/**
 * The operations of an area whose definitions are in `code`: `op('GET /user/profile', …)`,
 * whatever quotes the minifier chose.
 */
function carriedIn(code: string, area: Area): string[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Object.values(area)
    .map((op) => `${op.method.toUpperCase()} ${op.path}`)
    .filter((line) => new RegExp(`[\`"']${escape(line)}[\`"']`).test(code));
}

describe('the portal bundle budget', () => {
  it('is a production build', () => {
    const entry = readFileSync(join(DIST, manifest['index.html']?.file ?? ''), 'utf8');
    expect(entry).not.toContain('jsxDEV');
  });

  it('loads at most 300 KB of gzipped JavaScript on /login', () => {
    const files = [...loginChunks()].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  });

  it('carries in /login’s file the operations it calls as it starts (the user’s and the privacy notice’s), and no other area’s', () => {
    const login = [...loginChunks()]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(DIST, file), 'utf8'))
      .join('\n');
    const carried = (area: Area) => carriedIn(login, area);
    const { user, privacy, ...others } = api;
    expect(carried(user)).toHaveLength(Object.keys(user).length);
    expect(carried(privacy)).toHaveLength(Object.keys(privacy).length);
    for (const [name, area] of Object.entries(others)) expect(carried(area), name).toEqual([]);
  });

  it('carries in the first screens’ files only the areas of the contract they call, not the application’s, the uploads’ or the admin tools’', () => {
    const firstScreens = filesAfterLogin([...SHELL, DASHBOARD])
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(DIST, file), 'utf8'))
      .join('\n');
    const carried = (area: Area) => carriedIn(firstScreens, area);
    // What the dashboard, its rows and the shell call: meetings, bookings, calendar files, services and payment links.
    for (const name of ['meeting', 'booking', 'calendar', 'payments'] as const) {
      expect(carried(api[name]), name).toHaveLength(Object.keys(api[name]).length);
    }
    // Loaded with the full data provider when a screen first calls one of them.
    for (const name of ['register', 'uploads', 'admin', 'accountLinks', 'reference'] as const) expect(carried(api[name]), name).toEqual([]);
    // The report-link dialog and its form library come when the button is reached for.
    const dialog = manifest['src/meetings/SaveReportDialog.tsx'];
    expect(dialog?.isDynamicEntry).toBe(true);
    expect(filesAfterLogin([...SHELL, DASHBOARD])).not.toContain(dialog?.file);
  });

  it('serves the page with no inline script, for the strict CSP', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/app-assets\//);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('puts every admin screen in a chunk of its own, outside the sign-in page', () => {
    const screens = adminScreenSources();
    expect(screens.length).toBeGreaterThan(0);
    const login = loginChunks();
    const files = new Map<string, string>();
    for (const src of screens) {
      const entry = manifest[src];
      expect(entry, `${src} is not a chunk of its own`).toBeDefined();
      expect(entry?.isDynamicEntry, src).toBe(true);
      expect(login.has(src), `${src} is loaded by /login`).toBe(false);
      const owner = files.get(entry?.file ?? '');
      expect(owner, `${src} shares its chunk with ${owner ?? ''}`).toBeUndefined();
      files.set(entry?.file ?? '', src);
    }
  });

  it('loads the shell and the screens behind the login only when needed', () => {
    const login = loginChunks();
    for (const src of [
      'src/layout/Layout.tsx',
      'src/dashboard/Dashboard.tsx',
      'src/meetings/MeetingHistory.tsx',
      'src/meetings/MeetingsLookup.tsx',
      'src/applications/ApplicationPage.tsx',
    ]) {
      expect(manifest[src]?.isDynamicEntry, src).toBe(true);
      expect(login.has(src), src).toBe(false);
    }
  });

  it('gives /login one file of JavaScript, and what the first screens behind it add at most 6 more (issue 20)', () => {
    const loginFiles = new Set([...loginChunks()].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js')));
    expect(loginFiles.size).toBe(1);
    for (const src of [...SHELL, DASHBOARD]) expect(manifest[src], src).toBeDefined();
    const after = filesAfterLogin([...SHELL, DASHBOARD]);
    expect(after.length, after.join(', ')).toBeLessThanOrEqual(6);
  });

  it('writes the pages behind the login naming, at low priority, exactly the files their first screens add to /login’s', () => {
    const { signIn, signedIn, dashboard } = PORTAL_PAGES;
    const preloaded = (page: string) =>
      [...readFileSync(join(DIST, page), 'utf8').matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]).sort();
    expect(preloaded(signedIn)).toEqual(filesAfterLogin(SHELL));
    expect(preloaded(dashboard)).toEqual(filesAfterLogin([...SHELL, DASHBOARD]));
    expect(preloaded(dashboard).length).toBeGreaterThan(preloaded(signedIn).length);
    expect(preloaded(signIn)).toEqual([]);
    // The same page otherwise: the entry script, the loading screen.
    const strip = (page: string) => readFileSync(join(DIST, page), 'utf8').replace(/<link rel="modulepreload"[^>]*>/g, '');
    expect(strip(dashboard)).toBe(readFileSync(join(DIST, signIn), 'utf8'));
    expect(strip(signedIn)).toBe(readFileSync(join(DIST, signIn), 'utf8'));
  });

  it('keeps the mock service worker out of the production build', () => {
    expect(existsSync(join(DIST, 'mockServiceWorker.js'))).toBe(false);
    const all = readdirSync(join(DIST, 'app-assets')).filter((f) => f.endsWith('.js'));
    for (const file of all) expect(readFileSync(join(DIST, 'app-assets', file), 'utf8')).not.toContain('mockServiceWorker');
  });
});
