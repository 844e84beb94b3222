import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ROOT } from './server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');

export interface BrowserSession {
  browser: Browser;
  /**
   * A fresh context (own cookies and storage) with a page that records console errors, and as one
   * each thing the page's Content-Security-Policy refused.
   */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<TrackedPage>;
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
}

/** Runs in every page before its own scripts: each refusal becomes a console error. */
const REPORT_CSP_REFUSALS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('Content-Security-Policy refused ' + event.violatedDirective + ' (' + event.blockedURI + ') in ' + event.sourceFile + ':' + event.lineNumber);
});`;

/**
 * One Chromium per journey file. Every page's console errors are collected, and when a test fails
 * a screenshot of each of its pages, as they were at the end, is written to e2e/artifacts/ (git-ignored).
 */
export function useBrowser(journey: string): BrowserSession {
  let browser: Browser | undefined;
  const open: TrackedPage[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  });
  afterEach(async ({ task }) => {
    const failed = task.result?.state === 'fail';
    for (const [i, t] of open.splice(0).entries()) {
      if (failed) {
        mkdirSync(ARTIFACTS, { recursive: true });
        const name = `${journey}-${task.name}-${i}`.replace(/[^a-z0-9-]+/gi, '_').slice(0, 120);
        await t.page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => {});
      }
      await t.context.close().catch(() => {});
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    async newPage(options = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
      // A refusal is an event, not a console message, when the page's own script caught the error
      // (a library probing whether it may run eval, say): reported here, so no journey misses one.
      await context.addInitScript(REPORT_CSP_REFUSALS);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(`${msg.text()} [${msg.location().url}]`);
      });
      page.on('pageerror', (err) => consoleErrors.push(err.message));
      const tracked = { page, context, consoleErrors };
      open.push(tracked);
      return tracked;
    },
  };
}
