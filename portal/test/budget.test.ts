// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '@bh/shared/contract';
import { PORTAL_PAGES } from '@bh/shared/rules/portal-pages';

/**
 * The portal's weight budget, read from the production build (`vite build` writes portal/dist):
 * the sign-in page loads at most 300 KB of gzipped JavaScript in its start-up steps, the first
 * screens behind the login come in files of their own, and every admin screen is a chunk of its
 * own; /login loads none of them.
 */
const PORTAL = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(PORTAL, 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const LOGIN_JS_BUDGET = 300_000;
/** The first screens' styles in the pages behind the login (src/firstScreenStyles.tsx). */
const FIRST_SCREEN_STYLES = /<style data-emotion="css [^"]*">[^<]*<\/style>/g;

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

beforeAll(() => {
  const stale =
    !existsSync(MANIFEST) ||
    statSync(MANIFEST).mtimeMs < Math.max(newestSource(join(PORTAL, 'src')), statSync(join(PORTAL, 'index.html')).mtimeMs);
  if (stale) {
    // The portal's own build, in a process of its own as `pnpm start` and the browser journeys run
    // it: the build renders the sign-in page with React's server renderer (login.html), which in
    // this process would meet the React the test runner has already loaded in development mode.
    const res = spawnSync('pnpm', ['--filter', '@bh/portal', 'build'], { cwd: PORTAL, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    if (res.status !== 0) throw new Error(`the portal's build failed:\n${res.stdout}\n${res.stderr}`);
  }
  manifest = manifestSchema.parse(JSON.parse(readFileSync(MANIFEST, 'utf8')));
}, 180_000);

/**
 * The first screens behind the login (the shell's layout, the privacy notice gate, the dashboard),
 * each with a message key only its own code uses: the build puts them in a file they share, so the
 * manifest names no file of theirs, and a test finds their code by the key.
 */
const FIRST_SCREENS = {
  'src/layout/Layout.tsx': 'bh.menu.sheet',
  'src/privacy/NoticeGate.tsx': 'bh.privacy.noticeTitle',
  'src/dashboard/Dashboard.tsx': 'bh.dashboard.allCaughtUp',
} as const;

const read = (file: string) => readFileSync(join(DIST, file), 'utf8');
const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** A built file's static imports, read from the manifest. */
function importsOf(file: string): string[] {
  const entry = Object.values(manifest).find((e) => e.file === file);
  return (entry?.imports ?? []).map((key) => manifest[key]?.file ?? key);
}

/** The scripts a page names (its script and modulepreload links), in order. */
function named(page: string): string[] {
  return [...read(page).matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\/([^"]+)"/g)].map((m) => m[1] ?? '');
}

/** Every script a page loads as it starts: the ones it names and what they import statically. */
function loadedBy(page: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    importsOf(file).forEach(visit);
  };
  named(page).forEach(visit);
  return files;
}

/** The sign-in page's scripts. */
const loginFiles = () => loadedBy(PORTAL_PAGES.signIn);

/** The scripts a page behind the login loads beyond the sign-in page's, sorted. */
function filesAfterLogin(page: string): string[] {
  const login = loginFiles();
  return [...loadedBy(page)].filter((file) => !login.has(file)).sort();
}

/** The built file holding a first screen's code, found by its message key. */
function fileOf(source: keyof typeof FIRST_SCREENS): string {
  const key = FIRST_SCREENS[source];
  expect(readFileSync(join(PORTAL, source), 'utf8'), `${source} no longer says ${key}`).toContain(`'${key}'`);
  const holders = readdirSync(join(DIST, 'app-assets'))
    .map((file) => `app-assets/${file}`)
    .filter((file) => file.endsWith('.js') && read(file).includes(key));
  expect(holders, key).toHaveLength(1);
  return holders[0] ?? '';
}

/** The sources the registry's admin screens load lazily, as the manifest names them ('src/coupons/...'). */
function adminScreenSources(): string[] {
  const registry = readFileSync(join(PORTAL, 'src', 'screens.ts'), 'utf8');
  const adminLines = registry.split('\n').filter((line) => line.includes("access: 'admin'"));
  const specifiers = adminLines.flatMap((line) => [...line.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? ''));
  return [...new Set(specifiers)].map((s) => relative(PORTAL, join(PORTAL, 'src', s)).split('\\').join('/'));
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
    const entry = read(manifest['index.html']?.file ?? '');
    expect(entry).not.toContain('jsxDEV');
  });

  it('loads at most 300 KB of gzipped JavaScript on /login', () => {
    const files = [...loginFiles()].filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const total = files.reduce((sum, file) => sum + gzipped(file), 0);
    expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  });

  it('carries in /login’s files the operations it calls as it starts (the user’s and the privacy notice’s), and no other area’s', () => {
    const login = [...loginFiles()]
      .filter((file) => file.endsWith('.js'))
      .map(read)
      .join('\n');
    const carried = (area: Area) => carriedIn(login, area);
    const { user, privacy, ...others } = api;
    expect(carried(user)).toHaveLength(Object.keys(user).length);
    expect(carried(privacy)).toHaveLength(Object.keys(privacy).length);
    for (const [name, area] of Object.entries(others)) expect(carried(area), name).toEqual([]);
  });

  it('carries in the first screens’ files only the areas of the contract they call, not the application’s, the uploads’ or the admin tools’', () => {
    const firstScreens = filesAfterLogin(PORTAL_PAGES.dashboard)
      .filter((file) => file.endsWith('.js'))
      .map(read)
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
    expect(filesAfterLogin(PORTAL_PAGES.dashboard)).not.toContain(dialog?.file);
  });

  it('serves the page with no inline script, for the strict CSP', () => {
    const html = read('index.html');
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
    const login = loginFiles();
    const files = new Map<string, string>();
    for (const src of screens) {
      const entry = manifest[src];
      expect(entry, `${src} is not a chunk of its own`).toBeDefined();
      expect(entry?.isDynamicEntry, src).toBe(true);
      expect(login.has(entry?.file ?? ''), `${src} is loaded by /login`).toBe(false);
      const owner = files.get(entry?.file ?? '');
      expect(owner, `${src} shares its chunk with ${owner ?? ''}`).toBeUndefined();
      files.set(entry?.file ?? '', src);
    }
  });

  it('loads the shell and the screens behind the login only when needed', () => {
    const login = loginFiles();
    for (const source of Object.keys(FIRST_SCREENS) as (keyof typeof FIRST_SCREENS)[]) {
      expect(login.has(fileOf(source)), source).toBe(false);
    }
    for (const src of ['src/meetings/MeetingHistory.tsx', 'src/meetings/MeetingsLookup.tsx', 'src/applications/ApplicationPage.tsx']) {
      expect(manifest[src]?.isDynamicEntry, src).toBe(true);
      expect(login.has(manifest[src]?.file ?? ''), src).toBe(false);
    }
  });

  it('starts /login in steps: each file the entry loads imports only the ones loaded before it (issue 20)', () => {
    // The entry imports the first step; main.tsx imports the others one task after another, in the
    // order the manifest lists them (their order in the code).
    const index = manifest['index.html'];
    const steps = [...(index?.imports ?? []), ...(index?.dynamicImports ?? [])].map((key) => manifest[key]?.file ?? key);
    expect(steps.map((file) => file.replace(/^app-assets\/|-[\w-]{8}\.js$/g, ''))).toEqual(['boot-react', 'boot-mui', 'boot-schemas', 'boot-app']);
    const runtime = [...loginFiles()].filter((file) => /rolldown-runtime/.test(file));
    steps.forEach((file, i) => {
      const before = [...steps.slice(0, i), ...runtime];
      expect(importsOf(file).filter((imported) => !before.includes(imported)), file).toEqual([]);
    });
    // Nothing else runs as /login starts.
    expect([...loginFiles()].sort()).toEqual([index?.file ?? '', ...steps, ...runtime].sort());
  });

  it('asks V8 to compile, as they arrive, every function of the files the pages run as they start, and of no other file (issue 20)', () => {
    const hint = '//# allFunctionsCalledOnLoad';
    const eager = new Set([...loginFiles(), ...filesAfterLogin(PORTAL_PAGES.dashboard), ...filesAfterLogin(PORTAL_PAGES.signedIn)]);
    expect(eager).toContain(fileOf('src/dashboard/Dashboard.tsx'));
    // The hint counts only on a file's first line.
    for (const file of eager) expect(read(file).split('\n', 1)[0], file).toBe(hint);
    const others = readdirSync(join(DIST, 'app-assets'))
      .map((file) => `app-assets/${file}`)
      .filter((file) => file.endsWith('.js') && !eager.has(file));
    expect(others.length).toBeGreaterThan(10);
    for (const file of others) expect(read(file), file).not.toContain(hint);
  });

  it('leaves out of /login the polyfill of Object.entries that react-admin’s translations ask for, with the helper packages under it', () => {
    // get-intrinsic, the largest of them, names every built-in it knows in strings the minifier keeps.
    for (const file of loginFiles()) expect(read(file), file).not.toContain('%AggregateError%');
  });

  it('keeps the toasts and their library out of the start-up and the first screens: they load when first wanted', () => {
    expect(manifest['src/components/Toasts.tsx']?.isDynamicEntry).toBe(true);
    // sonner's toaster carries this attribute; the first screens' file is among those after the login.
    for (const file of [...loginFiles(), ...filesAfterLogin(PORTAL_PAGES.dashboard)]) expect(read(file), file).not.toContain('data-sonner-toaster');
    expect(read(manifest['src/components/Toasts.tsx']?.file ?? '')).toContain('data-sonner-toaster');
  });

  it('adds at most 6 files for the first screens behind the login, all named by the pages behind it (issue 20)', () => {
    const after = filesAfterLogin(PORTAL_PAGES.dashboard);
    expect(after.length, after.join(', ')).toBeGreaterThan(0);
    expect(after.length, after.join(', ')).toBeLessThanOrEqual(6);
    for (const source of Object.keys(FIRST_SCREENS) as (keyof typeof FIRST_SCREENS)[]) expect(after, source).toContain(fileOf(source));
  });

  it('writes the pages naming, at low priority, the start-up’s files, and behind the login the files their first screens add', () => {
    const { signIn, signedIn, dashboard } = PORTAL_PAGES;
    const lowPriority = (page: string) =>
      [...read(page).matchAll(/<(?:script type="module" fetchpriority="low"[^>]* src|link rel="modulepreload" fetchpriority="low"[^>]* href)="\/([^"]+)"/g)].map((m) => m[1]);
    for (const page of [signIn, signedIn, dashboard]) expect(lowPriority(page), page).toEqual(named(page));
    // The sign-in page names every file it loads as it starts, so none waits for another to run.
    expect(new Set(named(signIn))).toEqual(loginFiles());
    expect(named(dashboard).filter((file) => !loginFiles().has(file)).sort()).toEqual(filesAfterLogin(dashboard));
    expect(named(signedIn).filter((file) => !loginFiles().has(file)).sort()).toEqual(filesAfterLogin(signedIn));
    expect(filesAfterLogin(signedIn)).toContain(fileOf('src/layout/Layout.tsx'));
    // The same page otherwise: the entry script, the loading screen (and behind the login the first screens' styles, below).
    const strip = (page: string) => read(page).replace(/<link rel="modulepreload"[^>]*>/g, '').replace(FIRST_SCREEN_STYLES, '');
    expect(strip(dashboard)).toBe(strip(signIn));
    expect(strip(signedIn)).toBe(strip(signIn));
  });

  it('writes the first screens\' styles into the pages behind the login, as one element of production style names (issue 20)', () => {
    const { signIn, signedIn, dashboard } = PORTAL_PAGES;
    for (const page of [signedIn, dashboard]) {
      const styles = read(page).match(FIRST_SCREEN_STYLES) ?? [];
      expect(styles, page).toHaveLength(1);
      // Bare hashes, as the app's production build names the same rules (a development build adds labels).
      const names = /data-emotion="css ([^"]+)"/.exec(styles[0]!)![1]!.split(' ');
      expect(names.length, page).toBeGreaterThan(30);
      for (const name of names) expect(name).toMatch(/^[0-9a-z]+$/);
      // Each name's rules are in the element (the app looks for none of them again).
      for (const name of names) expect(styles[0], name).toContain(`.css-${name}`);
      // A few kilobytes on the wire in the page that brings them.
      expect(brotliCompressSync(styles[0]!).length, page).toBeLessThan(8 * 1024);
    }
    expect(read(signIn)).not.toMatch(FIRST_SCREEN_STYLES);
  });

  it('writes /login’s page with the app’s first render in it, its Login button disabled, and asks for the sign-in page’s files once it has painted (issue 20)', () => {
    const page = read(PORTAL_PAGES.login);
    expect(page).toContain('<title>Login · Better Health</title>');
    expect(page).toContain('<div id="root" data-prerendered="">');
    expect(page).not.toContain('Loading…');
    for (const text of ['Welcome Back', 'Sign in to continue to Better Health', 'Better Health ID', 'Password', 'Remember me', 'Forgot password?']) expect(page, text).toContain(text);
    const buttons = page.match(/<button[^>]*>/g) ?? [];
    expect(buttons.filter((b) => b.includes('type="submit"'))).toEqual([expect.stringContaining(' disabled=""')]);
    // No script of its own in the page: one small loader, which names what index.html names.
    expect(named(PORTAL_PAGES.login)).toEqual([]);
    const loaders = [...page.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1] ?? '');
    expect(loaders).toHaveLength(1);
    const loader = /^ defer src="\/(app-assets\/login-start-[\w-]+\.js)"$/.exec(loaders[0] ?? '')?.[1] ?? '';
    expect(loader, loaders[0]).not.toBe('');
    const asked = [...read(loader).matchAll(/"\/(app-assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(new Set(asked)).toEqual(loginFiles());
    expect(asked.sort()).toEqual(named(PORTAL_PAGES.signIn).sort());
  });

  it('keeps the mock service worker out of the production build', () => {
    expect(existsSync(join(DIST, 'mockServiceWorker.js'))).toBe(false);
    const all = readdirSync(join(DIST, 'app-assets')).filter((f) => f.endsWith('.js'));
    for (const file of all) expect(readFileSync(join(DIST, 'app-assets', file), 'utf8')).not.toContain('mockServiceWorker');
  });
});
