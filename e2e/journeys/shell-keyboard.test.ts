import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { signIn } from '../support/portal.ts';
import { cliAdmin, createAccount, scheduleMeeting, startAfter, verifiedAssociate } from '../support/seed.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('shell-keyboard');

const LAPTOP = { width: 1280, height: 720 };

/** Where the focused element lies against the fixed top bar and the window (e2e has no DOM types). */
interface FocusPlace {
  name: string;
  top: number;
  bottom: number;
  barBottom: number;
  viewport: number;
  inMain: boolean;
}

const FOCUS_PLACE = `(() => {
  const el = document.activeElement;
  const bar = document.querySelector('header.MuiAppBar-root, .RaAppBar-root header, header');
  const r = el ? el.getBoundingClientRect() : { top: 0, bottom: 0 };
  const name = el ? (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60) : '';
  return { name, top: r.top, bottom: r.bottom, barBottom: bar ? bar.getBoundingClientRect().bottom : 0,
    viewport: window.innerHeight, inMain: !!(el && el.closest('main')) };
})()`;

/** The next two frames: a focus that scrolled the page has been laid out and painted by then. */
const settle = (page: Page) => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');

/** The accessible name Tab lands on inside the page's navigation landmark, or null once outside it. */
const NAV_STOP = `(() => {
  const el = document.activeElement;
  if (!el || !el.closest('nav[aria-label="Main"]')) return null;
  return (el.getAttribute('aria-label') || el.textContent || '').trim();
})()`;

describe('the portal shell by keyboard at 1280 px (issue 53)', () => {
  it('never hides the focused element under the fixed top bar while Shift+Tab walks the dashboard upwards (WCAG 2.4.11)', { timeout: 180_000 }, async () => {
    const admin = await cliAdmin(baseUrl, dataDir, 'Ira Sen');
    const client = await createAccount(admin, 'Kiran Bose', 'user');
    const associate = await verifiedAssociate(admin, 'Leela Nair');
    // Enough upcoming sessions for the dashboard to be taller than the window.
    for (let day = 2; day <= 7; day++) await scheduleMeeting(admin, client, associate, startAfter(new Date(), day * 24 * 60 + 60));

    // The BH Associate's dashboard: Meetings Lookup and Meeting History above the sessions' rows.
    const { page } = await session.newPage({ viewport: LAPTOP });
    await signIn(page, baseUrl, associate);
    await page.getByRole('table', { name: 'Upcoming Sessions' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate('document.documentElement.scrollHeight > window.innerHeight + 100'), { timeout: 10_000 }).toBe(true);

    // Start from the bottom of the screen: the last control of the main area, scrolled to.
    await page.evaluate(`(() => {
      const all = [...document.querySelectorAll('main a[href], main button:not([disabled]), main [tabindex="0"]')];
      all.at(-1)?.focus();
    })()`);
    await settle(page);
    const hidden: string[] = [];
    const seen: string[] = [];
    for (let i = 0; i < 60; i++) {
      const place = (await page.evaluate(FOCUS_PLACE)) as FocusPlace;
      if (!place.inMain) break;
      seen.push(place.name);
      if (place.top < place.barBottom - 0.5 || place.bottom > place.viewport + 0.5) {
        hidden.push(`${place.name}: ${Math.round(place.top)}–${Math.round(place.bottom)} px, bar to ${Math.round(place.barBottom)} px`);
      }
      await page.keyboard.press('Shift+Tab');
      await settle(page);
    }
    expect(seen.length, 'Shift+Tab walked through the main area').toBeGreaterThan(5);
    expect(seen).toEqual(expect.arrayContaining(['Meetings Lookup', 'Meeting History']));
    expect(hidden, 'focused elements under the top bar or below the window').toEqual([]);
  });

  it("reaches every line of the sidebar by Tab, inside a 'Main' navigation landmark outside <main>", { timeout: 120_000 }, async () => {
    const admin = await cliAdmin(baseUrl, dataDir, 'Jaya Pillai');
    const { page } = await session.newPage({ viewport: LAPTOP });
    await signIn(page, baseUrl, admin);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('menuitem', { name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('main nav, main [role="navigation"]').count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);

    const items = await nav.getByRole('menuitem').evaluateAll((els) =>
      els.map((el) => ((el as unknown as { getAttribute(n: string): string | null }).getAttribute('aria-label') ?? el.textContent ?? '').trim()),
    );
    await nav.getByRole('menuitem', { name: 'Dashboard' }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      const stop = (await page.evaluate(NAV_STOP)) as string | null;
      if (stop === null) break;
      stops.push(stop);
      await page.keyboard.press('Tab');
    }
    expect(stops).toEqual(items);
    expect(stops).toEqual(expect.arrayContaining(['Verification', 'Coupons']));
  });
});
