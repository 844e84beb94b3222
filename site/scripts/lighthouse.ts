/**
 * Lighthouse on the public pages: mobile (Lighthouse's default form factor and throttling),
 * median of 3 runs per page, performance and accessibility.
 *
 *   pnpm --filter @bh/site lighthouse [baseUrl] [--static] [--runs N] [--pages /a,/b] [--json]
 *     [--performance-target N] [--cookie name=value]
 *
 * baseUrl defaults to the product server (`pnpm start`). --static measures site/dist through a
 * small gzip server instead, for when the product server is not running. Chromium comes from
 * CHROME_PATH (default /usr/bin/chromium). Exits 1 when a page misses its target: performance
 * ≥ 98 without islands, ≥ 95 with them, accessibility ≥ 95 everywhere. The 'load' column is the
 * machine's 1-minute load average after the page: on a busy machine even a page without scripts
 * shows blocking time, so read a miss together with it. The 'CPU' column is the benchmark index
 * Lighthouse measured in the median run: the lower it is, the slower the phone that Lighthouse's
 * 4× CPU slowdown stands for (scripts/bench/front-end.ts). `pnpm bench` also measures the portal's
 * pages with it: `--performance-target` sets the bar for every page and `--cookie` signs the
 * browser in.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { PAYMENT_PAGES } from '../src/lib/payment.ts';
import { PUBLIC_PAGES } from '../src/lib/pages.ts';
import { startStaticServer } from './static-server.ts';

const TARGETS = { performanceStatic: 98, performanceIslands: 95, accessibility: 95 };

interface Options {
  baseUrl: string;
  useStatic: boolean;
  runs: number;
  pages: string[];
  /** Also print one JSON line of the medians at the end, for `pnpm bench`. */
  json: boolean;
  /** One performance target for every page, instead of the one by islands. */
  performanceTarget: number | null;
  /** A Cookie header sent with every request (a signed-in page). */
  cookie: string | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    baseUrl: 'http://127.0.0.1:8080',
    useStatic: false,
    runs: 3,
    pages: [...Object.values(PUBLIC_PAGES).map((p) => p.path), ...PAYMENT_PAGES.map((p) => p.path)],
    json: false,
    performanceTarget: null,
    cookie: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--static') options.useStatic = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]));
    else if (arg === '--performance-target') options.performanceTarget = Number(argv[++i]);
    else if (arg === '--cookie') options.cookie = argv[++i] ?? null;
    else if (arg === '--pages') options.pages = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (/^https?:\/\//.test(arg)) options.baseUrl = arg.replace(/\/+$/, '');
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return options;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bh-lighthouse-'));
  const chromium = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // Chromium is still starting.
    }
    if (chromium.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    // Chromium may still be writing its profile as it exits: remove it once it has, and retry.
    stop: async () => {
      const exited = chromium.exitCode !== null ? Promise.resolve() : new Promise((r) => chromium.once('exit', r));
      chromium.kill();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

interface Run {
  performance: number;
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** Lighthouse's rating of this machine's CPU, measured in the run (`environment.benchmarkIndex`). */
  benchmarkIndex: number;
  failedA11y: string[];
}

/** Attempts per run: Lighthouse sometimes loses the first trace of a fresh browser (NO_NAVSTART) and asks to be run again. */
const ATTEMPTS = 3;

async function measure(url: string, port: number, cookie: string | null): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return summarise(lhr);
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`    ${url}: ${lhr.runtimeError.code}, measuring again`);
  }
}

function summarise(lhr: Result): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const a11yAudits = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failedA11y: a11yAudits.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
  };
}

/**
 * A page's line in the `--json` summary: the median run's scores, every run's score, the median
 * run's metrics (ms) and the benchmark index Lighthouse measured in it. `pnpm bench` reads it
 * (scripts/bench/front-end.ts).
 */
export interface PageSummary {
  performance: number;
  accessibility: number;
  islands: boolean;
  target: number;
  ok: boolean;
  runs: number[];
  median: Run['metrics'];
  benchmarkIndex: number;
}

/** The run with the median performance score. */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no runs');
  return median;
}

async function hasIslands(url: string): Promise<boolean> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return /<astro-island\b/.test(await res.text());
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const staticServer = options.useStatic ? await startStaticServer(join(import.meta.dirname, '..', 'dist')) : null;
  const baseUrl = staticServer?.baseUrl ?? options.baseUrl;
  const chromium = await launchChromium();
  let failed = false;
  const summary: Record<string, PageSummary> = {};
  try {
    console.log(`Lighthouse, mobile, median of ${options.runs} runs per page, on ${baseUrl}${staticServer ? ' (static dist)' : ''}\n`);
    console.log(['page'.padEnd(48), 'islands', 'perf', 'runs'.padEnd(12), 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'CPU', 'load', 'result'].join('  '));
    for (const path of options.pages) {
      const url = `${baseUrl}${path}`;
      const islands = await hasIslands(url);
      const runs: Run[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await measure(url, chromium.port, options.cookie));
      const median = medianRun(runs);
      const perfTarget = options.performanceTarget ?? (islands ? TARGETS.performanceIslands : TARGETS.performanceStatic);
      const ok = median.performance >= perfTarget && median.accessibility >= TARGETS.accessibility;
      failed ||= !ok;
      const { fcp, lcp, tbt, cls } = median.metrics;
      summary[path] = {
        performance: median.performance,
        accessibility: median.accessibility,
        islands,
        target: perfTarget,
        ok,
        runs: runs.map((r) => r.performance),
        median: { fcp: Math.round(fcp), lcp: Math.round(lcp), tbt: Math.round(tbt), cls: Number(cls.toFixed(3)) },
        benchmarkIndex: Math.round(median.benchmarkIndex),
      };
      console.log(
        [
          path.padEnd(48),
          (islands ? 'yes' : 'no').padEnd(7),
          String(median.performance).padStart(4),
          runs.map((r) => r.performance).join(',').padEnd(12),
          String(median.accessibility).padStart(4),
          fcp.toFixed(0).padStart(6),
          lcp.toFixed(0).padStart(6),
          tbt.toFixed(0).padStart(6),
          cls.toFixed(3).padStart(5),
          median.benchmarkIndex.toFixed(0).padStart(4),
          (loadavg()[0] ?? 0).toFixed(1).padStart(4),
          ok ? 'ok' : `MISSED (perf ≥ ${perfTarget}, a11y ≥ ${TARGETS.accessibility})`,
        ].join('  '),
      );
      if (median.failedA11y.length > 0) console.log(`    accessibility audits failing: ${median.failedA11y.join(', ')}`);
    }
  } finally {
    await chromium.stop();
    staticServer?.server.close();
  }
  if (options.json) console.log(JSON.stringify(summary));
  if (failed) process.exitCode = 1;
}

await main();
