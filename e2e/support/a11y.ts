import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PAGE_PROBE } from './a11y-page.ts';
import { axeSource, type AxeViolation } from './layout.ts';
import { ROOT } from './server.ts';

/**
 * The accessibility suite's checks (issue 53): axe-core's WCAG 2.2 A/AA rules at every impact, and
 * what axe cannot see: where focus lands as Tab moves through a screen, whether Tab reaches every
 * control of a menu, where focus goes after an action, whether form errors are tied to their
 * fields, and whether a narrow window scrolls sideways or cuts labels. Each returns findings as
 * lines of text; an empty list is a pass. accessibility-checks.test.ts proves each can fail.
 */

/** axe-core's rule tags for WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;


/** Every WCAG 2.2 A/AA violation axe finds in the page, whatever its impact, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: String(v.impact), help: v.help, targets: v.nodes.map((n) => String(n.target)) }));
  }, [...WCAG_TAGS]);
  return violations.map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.targets.slice(0, 4).join(' | ')}${v.targets.length > 4 ? ` and ${v.targets.length - 4} more` : ''}`);
}

async function probe(page: Page): Promise<void> {
  await page.evaluate(PAGE_PROBE);
}

interface Stop {
  key: string;
  what: string;
  problems: string[];
  want: string | null;
}

async function currentStop(page: Page): Promise<Stop | null> {
  return (await page.evaluate('window.__a11y.stop()')) as Stop | null;
}

export interface TabWalk {
  /** The elements focus visited, in order. */
  stops: string[];
  /** `stop N <element> <problem>` for each stop where the focused element is hidden, cut by the window or under a bar. */
  problems: string[];
  /** Indexes (from `want`) of the marked elements focus reached. */
  reached: Set<string>;
}

/**
 * Presses Tab (or Shift+Tab from the bottom) up to `maxStops` times from the start of the document,
 * or from where focus is with `fromHere`, and at each stop checks that the focused element is
 * shown, fully inside the window and not under a fixed or sticky bar. Stops when focus leaves the
 * page or comes back to an element it has visited (a dialog's focus trap).
 */
export async function tabWalk(page: Page, options: { backwards?: boolean; maxStops?: number; fromHere?: boolean } = {}): Promise<TabWalk> {
  const { backwards = false, maxStops = 60, fromHere = false } = options;
  await probe(page);
  if (!fromHere) await page.evaluate(`window.__a11y.startAt(${backwards})`);
  const walk: TabWalk = { stops: [], problems: [], reached: new Set() };
  const seen = new Set<string>();
  for (let i = 1; i <= maxStops; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (i === 1) await page.evaluate('window.__a11y.endStart()');
    const stop = await currentStop(page);
    if (!stop || seen.has(stop.key)) break;
    seen.add(stop.key);
    walk.stops.push(stop.what);
    if (stop.want !== null) walk.reached.add(stop.want);
    for (const p of stop.problems) walk.problems.push(`${backwards ? 'Shift+Tab' : 'Tab'} stop ${i} ${stop.what} ${p}`);
  }
  return walk;
}

/**
 * Every shown, enabled interactive element inside `container` (a CSS selector) must be reached by
 * Tab: the elements are marked, Tab walks from the top of the page (or from where focus is, inside
 * a dialog), and each marked element focus never entered is a finding. A container with nothing
 * interactive in it is a finding too (the selector no longer finds the menu).
 */
export async function unreachedByTab(page: Page, container: string, options: { maxStops?: number; fromHere?: boolean } = {}): Promise<string[]> {
  await probe(page);
  const wanted = (await page.evaluate(`window.__a11y.want(${JSON.stringify(container)})`)) as string[];
  if (wanted.length === 0) return [`nothing interactive is shown in ${container}`];
  const walk = await tabWalk(page, { maxStops: options.maxStops ?? 80, fromHere: options.fromHere ?? false });
  return wanted.flatMap((what, i) => (walk.reached.has(String(i)) ? [] : [`${what} is not reached by Tab`]));
}

export interface ActiveElement {
  what: string;
  isBody: boolean;
  interactive: boolean;
  shown: boolean;
  invalid: boolean;
  text: string;
  marked: string | null;
}

/** The focused element, described. */
export async function activeElement(page: Page): Promise<ActiveElement> {
  await probe(page);
  return (await page.evaluate('window.__a11y.active()')) as ActiveElement;
}

/**
 * Opens something (a dialog, a menu) from `opener` by keyboard, closes it with `close` and checks
 * that focus is back on the opener. Returns the findings.
 */
export async function focusReturnProblems(
  page: Page,
  opener: Locator,
  opened: Locator,
  close: (page: Page) => Promise<void> = (p) => p.keyboard.press('Escape'),
): Promise<string[]> {
  await probe(page);
  await opener.first().evaluate((el, name) => (globalThis as unknown as { __a11y: { mark(e: unknown, n: string): void } }).__a11y.mark(el, name), 'opener');
  await opener.first().focus();
  await page.keyboard.press('Enter');
  await opened.first().waitFor({ state: 'visible', timeout: 20_000 });
  await settle(page);
  await close(page);
  await opened.first().waitFor({ state: 'hidden', timeout: 20_000 });
  await settle(page);
  const active = await activeElement(page);
  return active.marked === 'opener' ? [] : [`after closing, focus is on ${active.what}, not on its opener`];
}

/**
 * After an action (a failed sign-in, a refused lookup), focus must be on the error or on a field
 * marked invalid: not on the page's body, and not left on the button that was pressed.
 */
export async function focusAfterErrorProblems(page: Page, submit: Locator): Promise<string[]> {
  await probe(page);
  await submit.first().evaluate((el, name) => (globalThis as unknown as { __a11y: { mark(e: unknown, n: string): void } }).__a11y.mark(el, name), 'submit');
  const active = await activeElement(page);
  if (active.isBody) return ['focus is lost to the page (<body>)'];
  if (active.marked === 'submit') return [`focus stays on the submit button ${active.what}`];
  const alerts = await page.locator(ANSWERS).allTextContents();
  const onError = active.text !== '' && alerts.some((t) => t.trim() !== '' && (t.includes(active.text) || active.text.includes(t.trim())));
  if (!active.invalid && !onError) return [`focus is on ${active.what}, neither an invalid field nor the error`];
  return [];
}

/** What shows that a form has answered: an alert, an invalid field, an error text, or a toast. */
export const ANSWERS = '[role="alert"], [aria-invalid="true"], .Mui-error, [data-sonner-toast]';

/** Fields marked aria-invalid and visible error texts: each invalid field described by visible text, each error tied to a field. */
export async function errorTieProblems(page: Page): Promise<{ invalid: number; errors: number; problems: string[] }> {
  await probe(page);
  return (await page.evaluate('window.__a11y.errors()')) as { invalid: number; errors: number; problems: string[] };
}

/** Sideways scroll of the whole page and labels that cut their text. */
export async function reflowProblems(page: Page): Promise<string[]> {
  await probe(page);
  return (await page.evaluate('window.__a11y.reflow()')) as string[];
}

/** Waits until no finite animation or transition is still running (a menu or dialog has come to rest). */
export async function settle(page: Page): Promise<void> {
  const done = 'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming?.().endTime === Infinity)';
  for (let i = 0; i < 100 && (await page.evaluate(done)) !== true; i++) await page.waitForTimeout(50);
}

/**
 * Writes a suite's findings to e2e/artifacts/ (git-ignored) as well, one line each, so a run that
 * fails leaves the whole list to read (docs/accessibility.md's "Before" list came from them).
 */
export function keepFindings(name: string, findings: readonly string[]): void {
  const dir = join(ROOT, 'e2e', 'artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `accessibility-${name}.txt`), findings.length ? `${findings.join('\n')}\n` : '');
}
