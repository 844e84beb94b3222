import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The viewports every public page and portal screen must work at (issue: phones first). */
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 768, height: 1024 };
export const LAPTOP = { width: 1280, height: 800 };
/** WCAG 1.4.10 reflow: content fits 320 CSS px without scrolling sideways. */
export const NARROWEST = { width: 320, height: 640 };

export interface LayoutReport {
  documentWidth: number;
  windowWidth: number;
  /** Buttons, button-like links, headings and table headers whose text spills out of them or off the window. */
  clipped: string[];
}

/**
 * Measures a page in the browser: how wide the document is against the window, and which visible
 * buttons, headings and table headers clip their text (text wider or taller than their box, or the
 * box cut by the window's edge). Visually hidden helper text (1 px boxes) does not count.
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate<LayoutReport>(MEASURE_LAYOUT);
}

// Runs in the page (the e2e package has no DOM types, so the browser code is a string).
const MEASURE_LAYOUT = `(() => {
  const selector = 'button, [role="button"], a.button, input[type="submit"], h1, h2, h3, h4, h5, h6, th, [role="columnheader"]';
  const clipped = [];
  const describe = (el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
      clipped.push(describe(el) + ' is cut by the window (' + Math.round(box.left) + '–' + Math.round(box.right) + ' of ' + window.innerWidth + ')');
      continue;
    }
    const style = getComputedStyle(el);
    if ((style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) || (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1)) {
      clipped.push(describe(el) + ' hides part of its content (' + el.scrollWidth + '×' + el.scrollHeight + ' in ' + el.clientWidth + '×' + el.clientHeight + ')');
      continue;
    }
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
      clipped.push(describe(el) + ' is cut with an ellipsis');
      continue;
    }
    // Text that spills out of its box (overflow visible) overlaps what is next to it.
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent || '').trim() || !shown(parent)) continue;
      const parentBox = parent.getBoundingClientRect();
      if (parentBox.width <= 1 && parentBox.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.left < box.left - 1 || text.right > box.right + 1 || text.top < box.top - 1 || text.bottom > box.bottom + 1) {
        clipped.push(describe(el) + ' has text outside its box');
        break;
      }
    }
  }
  return { documentWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth, clipped };
})()`;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core (injected through the DevTools protocol, so the page's CSP does not block it); returns serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate<AxeFinding[]>(`window.axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) })))`);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** WCAG relative luminance contrast of two CSS colours given as rgb()/rgba(). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Waits until smooth scrolling has stopped and returns where the page came to rest. */
export async function scrollSettled(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    const y = await page.evaluate<number>('window.scrollY');
    if (y === last) return y;
    last = y;
    await page.waitForTimeout(100);
  }
}
