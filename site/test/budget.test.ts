// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { builtPages, DIST } from './dist.ts';
import { PAYMENT_PAGES } from '../src/lib/payment.ts';
import { PUBLIC_PAGES } from '../src/lib/pages.ts';

/** The budget for a page with islands: everything it runs, gzipped, at most 75 KB. */
const ISLAND_BUDGET = 75 * 1024;

/** Pages that need interaction: the FAQ carousels and the payment form. Every other page ships none. */
const ISLAND_PAGES = [PUBLIC_PAGES.mentalHealth.path, PUBLIC_PAGES.cosmetology.path, ...PAYMENT_PAGES.map((p) => p.path)].sort();

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Site-absolute script URLs a page loads, however it asks for them. */
function scriptUrls(html: string): string[] {
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1]),
  ];
  return urls.filter((url): url is string => url !== undefined);
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1] ?? '') && !/application\/(ld\+)?json/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');
}

/** A module and every module it imports, statically or on demand, as files under dist. */
function moduleGraph(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((url) => normalize(join(DIST, url)));
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
      const spec = m[1];
      if (spec) queue.push(normalize(join(dirname(file), spec)));
    }
  }
  return seen;
}

function pageScriptBytes(html: string): number {
  const files = moduleGraph(scriptUrls(html).map((url) => posix.normalize(url)));
  const external = [...files].reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0);
  return external + inlineScripts(html).reduce((sum, code) => sum + gzipSize(code), 0);
}

describe('JavaScript budget', () => {
  const pages = builtPages();

  it('builds every page the site is meant to have', () => {
    const paths = pages.map((p) => p.path);
    for (const page of Object.values(PUBLIC_PAGES)) expect(paths).toContain(page.path);
    for (const path of ISLAND_PAGES) expect(paths).toContain(path);
    expect(paths).toContain('/404');
    expect(paths).toContain('/make-payment');
  });

  // Pages without islands load no script files; they carry only small inline scripts: the header's
  // drawer (focus kept inside, closed by its links) on every page, the policy pages' jump buttons and
  // the payment-address spellings on the unknown-plan page. Together at most 1.5 KB gzipped.
  it('ships no script files on pages without islands, only small inline scripts', () => {
    const withFiles = pages.filter((p) => !ISLAND_PAGES.includes(p.path) && (scriptUrls(p.html).length > 0 || /<astro-island\b/.test(p.html)));
    expect(withFiles.map((p) => p.path)).toEqual([]);
    for (const page of pages.filter((p) => !ISLAND_PAGES.includes(p.path))) {
      expect(pageScriptBytes(page.html), page.path).toBeLessThanOrEqual(1536);
    }
  });

  it('keeps each page with islands within 75 KB of gzipped JavaScript, all of it counted', () => {
    const islandPages = pages.filter((p) => /<astro-island\b/.test(p.html)).map((p) => p.path);
    expect(islandPages.sort()).toEqual(ISLAND_PAGES);
    for (const page of pages.filter((p) => ISLAND_PAGES.includes(p.path))) {
      const bytes = pageScriptBytes(page.html);
      // A page that hydrates must load at least the renderer and its component.
      expect(bytes, page.path).toBeGreaterThan(10 * 1024);
      expect(bytes, `${page.path}: ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(ISLAND_BUDGET);
    }
  });
});
