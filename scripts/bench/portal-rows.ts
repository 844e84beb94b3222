/**
 * The portal's rows in `pnpm bench` (issue 52): how soon the dashboard follows the Login click,
 * against the sign-in form's own load in the same browser and run, and Lighthouse on `/login` and a
 * signed-in `/dashboard`. Each function adds its rows through the bench's `row` and returns what
 * goes into the JSON line.
 */
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@bh/api/seed/demo';
import { api, API_BASE } from '@bh/shared/contract';
import { median } from './load.ts';
import { progress } from './processes.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, lighthouse, lighthouseDetail, LIGHTHOUSE_HOST_INDEX } from './front-end.ts';
import type { RowFn } from './table.ts';

/** Runs per figure; the figure is their median. */
export const PORTAL_RUNS = 5;
/** The dashboard after the Login click, at most this many times the sign-in form's own load. */
export const AFTER_CLICK_TARGET = 1.5;
/** Lighthouse mobile performance, median of PORTAL_RUNS. */
export const LIGHTHOUSE_TARGETS = { '/login': 98, '/dashboard': 95 } as const;

const demoClient = () => DEMO_ACCOUNTS.find((a) => a.role === 'user')!;

/**
 * Runs in the page before its own scripts, and keeps running across the portal's own navigations:
 * each animation frame it looks for the states timed, and keeps the frame's time (the frame that
 * paints them) the first time each is on the page. `form`: the sign-in form on the page (its Login
 * button shows; the build draws the form into the page), from the start of the navigation;
 * `formUsable`: the same button enabled, the app having taken over the drawn page. `click`: the
 * Login click's event. `heading`: the dashboard's heading on `/dashboard`; `dashboard`: that heading
 * and the dashboard's first data (the upcoming sessions' table, or its empty state, 'All Caught Up!').
 */
const MARKS_SCRIPT = `(() => {
  const marks = (window.__bhMarks = {});
  addEventListener('click', (event) => {
    if (marks.click === undefined && event.target instanceof Element && event.target.closest('button[type=submit]')) marks.click = event.timeStamp;
  }, true);
  const sessionsShown = () =>
    [...document.querySelectorAll('section[aria-labelledby]')].some((s) => document.getElementById(s.getAttribute('aria-labelledby'))?.textContent === 'Upcoming Sessions') ||
    [...document.querySelectorAll('h2')].some((h) => h.textContent === 'All Caught Up!');
  const frame = (time) => {
    if (location.pathname === '/login') {
      const button = document.querySelector('button[type=submit]');
      if (marks.form === undefined && button) marks.form = time;
      if (marks.formUsable === undefined && button && !button.disabled) marks.formUsable = time;
    }
    if (marks.click !== undefined && location.pathname === '/dashboard' && [...document.querySelectorAll('#main-content h1')].some((h) => h.textContent.startsWith('Hello, '))) {
      if (marks.heading === undefined) marks.heading = time;
      if (sessionsShown()) marks.dashboard = time;
    }
    if (marks.dashboard === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

interface Marks {
  form?: number;
  formUsable?: number;
  heading?: number;
  click?: number;
  dashboard?: number;
}

/** When each call and file after the click started and had its answer, from the click (ms): what the time went to. */
async function afterClickTimeline(page: Page, click: number): Promise<string> {
  const entries = await page.evaluate((from) => performance.getEntriesByType('resource').filter((e) => e.startTime >= from).map((e) => [e.name, e.startTime - from, (e as unknown as { responseEnd: number }).responseEnd - from] as const), click);
  return entries
    .map(([url, start, end]) => {
      const path = new URL(url).pathname;
      const name = path.startsWith(API_BASE) ? path.slice(API_BASE.length + 1) : path.split('/').pop()!;
      return `${name} ${start.toFixed(0)}→${end.toFixed(0)}`;
    })
    .join(', ');
}

interface AfterClickRun {
  formMs: number;
  formUsableMs: number;
  headingMs: number;
  dashboardMs: number;
  timeline: string;
}

/** One run in a fresh context (nothing cached): the form's load, filling it in, the click, the dashboard. */
async function oneRun(browser: import('playwright-core').Browser, base: string): Promise<AfterClickRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await context.addInitScript(MARKS_SCRIPT);
    const page = await context.newPage();
    const marks = () => page.evaluate(() => (globalThis as unknown as { __bhMarks: Marks }).__bhMarks);
    await page.goto(`${base}/login`);
    await page.waitForFunction(() => (globalThis as unknown as { __bhMarks: Marks }).__bhMarks.formUsable !== undefined, null, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const account = demoClient();
    await page.getByLabel('Better Health ID').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    // What the form asked for as it was filled (the first screens' files) arrives before the
    // click, as it would for a person typing.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForFunction(() => (globalThis as unknown as { __bhMarks: Marks }).__bhMarks.dashboard !== undefined, null, { timeout: 30_000 });
    const m = await marks();
    const formMs = m.form!;
    const dashboardMs = m.dashboard! - m.click!;
    const timeline = await afterClickTimeline(page, m.click!);
    return { formMs, formUsableMs: m.formUsable!, headingMs: m.heading! - m.click!, dashboardMs, timeline };
  } finally {
    await context.close();
  }
}

/**
 * The dashboard visible after the Login click ÷ the sign-in form's own load, Chromium at 390 px,
 * PORTAL_RUNS runs after one that warms the server and the browser up, each in a fresh context:
 * the median of the one over the median of the other (a single run's form can paint in 75 ms or
 * 500 ms on a busy machine, and a ratio per run would carry that whole). Both are read in the page,
 * by its clock, at the frame that paints them: the form from the start of its navigation until it
 * shows (the build draws it into the page; when the app has taken it over is in the runs' lines);
 * the dashboard from the click's event until its heading and its sessions (or its empty state) show.
 */
export async function afterClickRows(base: string, row: RowFn): Promise<Record<string, unknown>> {
  progress(`portal: the dashboard after the Login click against the sign-in form's load (${PORTAL_RUNS} runs)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const runs: AfterClickRun[] = [];
  try {
    await oneRun(browser, base);
    for (let i = 0; i < PORTAL_RUNS; i += 1) {
      const run = await oneRun(browser, base);
      progress(`  run ${i + 1}: form ${run.formMs.toFixed(0)} ms (usable ${run.formUsableMs.toFixed(0)}), dashboard's heading ${run.headingMs.toFixed(0)} and data ${run.dashboardMs.toFixed(0)} ms after the click; after the click (start→answer, ms): ${run.timeline}`);
      runs.push(run);
    }
  } finally {
    await browser.close();
  }
  const formMs = median(runs.map((r) => r.formMs));
  const dashboardMs = median(runs.map((r) => r.dashboardMs));
  const ratio = dashboardMs / formMs;
  row('Portal', `the sign-in form shown, from the navigation's start, 390 px (ms, median of ${PORTAL_RUNS}; runs)`, `${formMs.toFixed(0)}; ${runs.map((r) => r.formMs.toFixed(0)).join(', ')}`);
  row('Portal', `the dashboard visible after the Login click (ms, median of ${PORTAL_RUNS}; runs)`, `${dashboardMs.toFixed(0)}; ${runs.map((r) => r.dashboardMs.toFixed(0)).join(', ')}`);
  row('Portal', `the dashboard after the Login click ÷ the sign-in form's own load (medians of ${PORTAL_RUNS})`, ratio.toFixed(2), `≤ ${AFTER_CLICK_TARGET}`, ratio <= AFTER_CLICK_TARGET, 'dashboardAfterLogin');
  return { ratio, formMs, dashboardMs, runs };
}

/** Lighthouse (mobile, median of PORTAL_RUNS) on /login and on the demo client's /dashboard, signed in. */
export async function lighthouseRows(base: string, row: RowFn): Promise<unknown> {
  progress(`Lighthouse (mobile, median of ${PORTAL_RUNS}) on /login and on a signed-in client's /dashboard`);
  const account = demoClient();
  const res = await fetch(`${base}${API_BASE}${api.user.login.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }) });
  if (res.status !== 200) throw new Error(`client login failed: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const runs = ['--runs', String(PORTAL_RUNS)];
  const pages = {
    ...lighthouse([base, '--pages', '/login', '--performance-target', String(LIGHTHOUSE_TARGETS['/login']), ...runs]),
    ...lighthouse([base, '--pages', '/dashboard', '--performance-target', String(LIGHTHOUSE_TARGETS['/dashboard']), ...runs, '--cookie', cookie]),
  };
  for (const [page, s] of Object.entries(pages)) {
    row('Lighthouse', `portal ${page} performance / accessibility (median of ${PORTAL_RUNS})`, `${s.performance} / ${s.accessibility}`, `≥ ${s.target} / ≥ 95`, s.ok, 'lighthousePortal');
    row(
      'Lighthouse',
      `portal ${page}: runs; FCP / LCP / TBT of the median run; its CPU benchmark index (4× is meant for ${LIGHTHOUSE_HOST_INDEX.from.toLocaleString('en-US')}–${LIGHTHOUSE_HOST_INDEX.to.toLocaleString('en-US')})`,
      lighthouseDetail(s),
    );
  }
  return pages;
}
