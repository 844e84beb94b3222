import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The three widths every screen must work at (DESIGN §9). */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

export interface LayoutReport {
  documentWidth: number;
  windowWidth: number;
  /** Buttons, headings, table headers and menu items whose text is cut, described for the failure message. */
  clipped: string[];
}

/** The parts of the DOM the checks read (the e2e project compiles without the DOM library). */
interface DomElement {
  tagName: string;
  textContent: string | null;
  parentElement: DomElement | null;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  getBoundingClientRect(): { left: number; right: number; width: number; height: number };
  hasAttribute(name: string): boolean;
  closest(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}
interface DomWindow {
  document: { documentElement: DomElement; querySelectorAll(selector: string): ArrayLike<DomElement> };
  innerWidth: number;
  getComputedStyle(el: DomElement): { overflowX: string; overflowY: string; textOverflow: string; visibility: string };
}
interface AxeNode {
  target: unknown;
}
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Measures a screen as a person sees it: whether the page is wider than the window, and which
 * buttons, headings, table headers and menu items cut their text. Text counts as cut when an
 * element that hides its overflow (overflow hidden/clip, or an ellipsis) holds more than it shows,
 * unless that element or one around it inside the control carries the full text as a title, an
 * accessible name or a tooltip; and when a control sticks out of the window.
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const w = globalThis as unknown as DomWindow;
    const doc = w.document;
    const SELECTOR = 'button, [role="button"], a.MuiButton-root, h1, h2, h3, h4, h5, h6, th, [role="columnheader"], [role="menuitem"], [role="tab"]';
    const describe = (el: DomElement) => {
      const text = String(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `<${String(el.tagName).toLowerCase()}> "${text}"`;
    };
    const shown = (el: DomElement) => {
      const rect = el.getBoundingClientRect();
      const style = w.getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"]');
    };
    const revealed = (el: DomElement, root: DomElement) => {
      for (let node: DomElement | null = el; node; node = node.parentElement) {
        if (node.hasAttribute('title') || node.hasAttribute('aria-label') || node.hasAttribute('data-mui-internal-clone-element')) return true;
        if (node === root) break;
      }
      return false;
    };
    const clipped = new Set<string>();
    for (const root of Array.from(doc.querySelectorAll(SELECTOR))) {
      if (!shown(root) || !String(root.textContent ?? '').trim()) continue;
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (!String(el.textContent ?? '').trim()) continue;
        const style = w.getComputedStyle(el);
        const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        const cut = (hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1);
        if (cut && !revealed(el, root)) clipped.add(`${describe(root)} cuts its text`);
      }
      const rect = root.getBoundingClientRect();
      if (rect.right > w.innerWidth + 1 || rect.left < -1) clipped.add(`${describe(root)} sticks out of the window (${Math.round(rect.left)}..${Math.round(rect.right)})`);
    }
    return { documentWidth: doc.documentElement.scrollWidth, windowWidth: w.innerWidth, clipped: [...clipped] };
  });
}

export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and returns its serious and critical
 * violations. The engine is evaluated through the debugging protocol, so the portal's Content
 * Security Policy stays on while it runs.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: String(v.impact), help: v.help, targets: v.nodes.slice(0, 5).map((n) => String(n.target)) }));
  });
}
