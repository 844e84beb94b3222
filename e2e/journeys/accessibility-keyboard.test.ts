import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { activeElement, ANSWERS, errorTieProblems, focusAfterErrorProblems, focusReturnProblems, keepFindings, settle, tabWalk, unreachedByTab } from '../support/a11y.ts';
import {
  a11yWorld,
  becomeWho,
  closeSheet,
  dialogOf,
  distinctScreens,
  emptySubmit,
  EMPTY_SUBMIT_FORMS,
  menuOf,
  openers,
  openPath,
  openSheet,
  sheetOpener,
  SIDEBAR,
  submitButton,
  type A11yWorld,
  type Who,
} from '../support/a11y-states.ts';
import { uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('accessibility-keyboard');

let world: A11yWorld;
beforeAll(async () => {
  world = await a11yWorld(baseUrl);
});

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Opens the menu groups (Verification, Coupons) that are closed, so their screens show too. */
async function expandGroups(page: Page, within = page.locator('body')): Promise<void> {
  for (const group of ['Verification', 'Coupons']) {
    const toggle = within.locator('[aria-expanded="false"]').filter({ hasText: new RegExp(`^${group}$`) });
    if ((await toggle.count()) > 0) await toggle.first().click();
  }
  await settle(page);
}

/**
 * Focus stays visible (WCAG 2.4.7, 2.4.11): Tab from the top and Shift+Tab from the bottom of every
 * distinct screen (up to 60 stops each way), and at each stop the focused element is shown, fully
 * inside the window and not under the fixed app bar or any other fixed or sticky bar.
 */
describe('focus is never hidden while Tab moves through a screen', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`at ${viewport.width}px, Tab and Shift+Tab`, { timeout: 900_000 }, async () => {
      const { page, context } = await session.newPage({ viewport });
      const findings: string[] = [];
      let current: Who | undefined;
      for (const { who, path } of distinctScreens(world)) {
        if (who !== current) await becomeWho(context, baseUrl, world, who);
        await openPath(page, baseUrl, who, path, who !== 'visitor' && who === current);
        current = who;
        for (const backwards of [false, true]) {
          const walk = await tabWalk(page, { backwards, maxStops: 60 });
          if (walk.stops.length === 0) findings.push(`${who} ${path} ${viewport.width}px: ${backwards ? 'Shift+Tab' : 'Tab'} reaches nothing`);
          for (const p of walk.problems) findings.push(`${who} ${path} ${viewport.width}px: ${p}`);
        }
      }
      keepFindings(`focus-visible-${viewport.width}`, findings);
      expect(findings, findings.join('\n')).toEqual([]);
    });
  }
});

/**
 * Every interactive element of the sidebar (laptop) and of the phone's side sheet is reached by
 * Tab, its groups opened: a menu reachable only with the arrow keys leaves items out for those who
 * do not know to use them (issue 53, finding 6).
 */
describe('every item of the menu is reached by Tab', () => {
  const people = ['admin', 'client', 'associate', 'unverifiedAssociate'] as const;
  it('in the sidebar at 1280 px', { timeout: 300_000 }, async () => {
    const { page, context } = await session.newPage({ viewport: LAPTOP });
    const findings: string[] = [];
    for (const who of people) {
      await becomeWho(context, baseUrl, world, who);
      await openPath(page, baseUrl, who, '/dashboard');
      await expandGroups(page, page.locator(SIDEBAR));
      for (const p of await unreachedByTab(page, SIDEBAR, { maxStops: 80 })) findings.push(`${who} sidebar: ${p}`);
    }
    keepFindings('sidebar-tab', findings);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('in the phone sheet at 390 px', { timeout: 300_000 }, async () => {
    const { page, context } = await session.newPage({ viewport: PHONE });
    const findings: string[] = [];
    for (const who of people) {
      await becomeWho(context, baseUrl, world, who);
      await openPath(page, baseUrl, who, '/dashboard');
      await openSheet(page);
      await expandGroups(page, page.locator(SIDEBAR));
      for (const p of await unreachedByTab(page, SIDEBAR, { maxStops: 80, fromHere: true })) findings.push(`${who} sheet: ${p}`);
      await closeSheet(page);
    }
    keepFindings('sheet-tab', findings);
    expect(findings, findings.join('\n')).toEqual([]);
  });
});

/**
 * Focus goes somewhere sensible after an action: a closed dialog or menu gives it back to the
 * control that opened it; Activate/Deactivate keep it on a control; a refused sign-in, reset
 * request or lookup moves it to the error or the field, not to the page and not left on the button.
 */
describe('focus after actions', () => {
  it('returns to the opener when a dialog, menu or sheet closes', { timeout: 300_000 }, async () => {
    const { page, context } = await session.newPage({ viewport: LAPTOP });
    const findings: string[] = [];
    const cases: { who: Who; path: string; name: string; run: () => Promise<string[]> }[] = [
      { who: 'client', path: '/dashboard', name: 'profile menu', run: () => focusReturnProblems(page, openers.profile(page), menuOf(page)) },
      { who: 'client', path: '/dashboard', name: '"Book More Sessions" menu', run: () => focusReturnProblems(page, openers.bookMore(page), menuOf(page)) },
      { who: 'client', path: '/dashboard', name: 'reschedule dialog', run: () => focusReturnProblems(page, openers.reschedule(page), dialogOf(page)) },
      {
        who: 'client',
        path: '/dashboard',
        name: 'cancel confirmation closed with "Keep session"',
        run: () => focusReturnProblems(page, openers.cancelSession(page), dialogOf(page), (p) => dialogOf(p).getByRole('button', { name: 'Keep session' }).click()),
      },
      { who: 'client', path: '/privacy', name: 'withdraw-consent confirmation', run: () => focusReturnProblems(page, openers.withdrawConsent(page), dialogOf(page)) },
      { who: 'admin', path: '/admin/all-coupons', name: 'delete-coupon confirmation', run: () => focusReturnProblems(page, openers.deleteCoupon(page, world.couponCode), dialogOf(page)) },
      { who: 'admin', path: world.applicantPath, name: 'reject dialog', run: () => focusReturnProblems(page, openers.reject(page), dialogOf(page).filter({ hasText: 'Reject the application' })) },
      { who: 'admin', path: '/dashboard', name: 'delete-meeting confirmation', run: () => focusReturnProblems(page, openers.deleteMeeting(page), dialogOf(page)) },
    ];
    for (const c of cases) {
      await becomeWho(context, baseUrl, world, c.who);
      await openPath(page, baseUrl, c.who, c.path);
      const problems = await c.run().catch((error: unknown) => [`could not be checked (${String(error).split('\n')[0]})`]);
      for (const p of problems) findings.push(`${c.who} ${c.path}, ${c.name}: ${p}`);
    }
    // The phone's sheet closed with Escape gives focus back to ☰.
    const phone = await session.newPage({ viewport: PHONE });
    await becomeWho(phone.context, baseUrl, world, 'admin');
    await openPath(phone.page, baseUrl, 'admin', '/dashboard');
    const sheet = await focusReturnProblems(phone.page, sheetOpener(phone.page), phone.page.locator(SIDEBAR)).catch((error: unknown) => [`could not be checked (${String(error).split('\n')[0]})`]);
    for (const p of sheet) findings.push(`admin /dashboard 390px, phone sheet: ${p}`);
    keepFindings('focus-return', findings);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('stays on a control when a coupon is deactivated and activated again', { timeout: 120_000 }, async () => {
    const { page, context } = await session.newPage({ viewport: LAPTOP });
    const findings: string[] = [];
    await becomeWho(context, baseUrl, world, 'admin');
    await openPath(page, baseUrl, 'admin', '/admin/all-coupons');
    const card = page.getByRole('listitem', { name: world.couponCode });
    for (const [action, after] of [
      ['Deactivate', 'Inactive'],
      ['Activate', 'Active'],
    ] as const) {
      await card.getByRole('button', { name: action }).focus();
      await page.keyboard.press('Enter');
      await card.getByText(after, { exact: true }).waitFor({ state: 'visible', timeout: 20_000 });
      await settle(page);
      const active = await activeElement(page);
      if (active.isBody || !active.interactive || !active.shown) findings.push(`${action}: focus is on ${active.what}, not on a shown control`);
    }
    keepFindings('coupon-toggle', findings);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  it('moves to the error or the field after a refused sign-in, reset request or lookup', { timeout: 180_000 }, async () => {
    const { page, context } = await session.newPage({ viewport: LAPTOP });
    const findings: string[] = [];
    const refusals: { who: Who; path: string; name: string; fill: () => Promise<void> }[] = [
      {
        who: 'visitor',
        path: '/login',
        name: 'unknown account',
        fill: async () => {
          await page.getByLabel('Better Health ID').fill(uniqueEmail('nobody'));
          await page.getByLabel(/^Password/).fill('Not-the-password-1');
        },
      },
      { who: 'visitor', path: '/login/forgot', name: 'malformed email', fill: () => page.getByLabel('Better Health ID').fill('not-an-email') },
      { who: 'admin', path: '/meetings', name: 'no email', fill: async () => {} },
      { who: 'admin', path: '/meetings', name: 'malformed email', fill: () => page.getByPlaceholder('Enter user email').fill('not-an-email') },
    ];
    for (const r of refusals) {
      const where = `${r.who} ${r.path}, ${r.name}`;
      await becomeWho(context, baseUrl, world, r.who);
      await openPath(page, baseUrl, r.who, r.path);
      try {
        await r.fill();
        // /login's button is enabled once the app has taken over the page drawn at build time.
        await expect.poll(() => submitButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
        await submitButton(page).focus();
        await page.keyboard.press('Enter');
        await page.locator(ANSWERS).first().waitFor({ state: 'visible', timeout: 20_000 });
        await settle(page);
        for (const p of await focusAfterErrorProblems(page, submitButton(page))) findings.push(`${where}: ${p}`);
      } catch (error) {
        findings.push(`${where}: could not be checked (${String(error).split('\n')[0]})`);
      }
    }
    keepFindings('focus-after-error', findings);
    expect(findings, findings.join('\n')).toEqual([]);
  });
});

/**
 * Form errors are tied to their fields (WCAG 1.3.1, 3.3.1): after an empty submit some field is
 * marked aria-invalid, each such field is described (aria-describedby) by visible text, and each
 * visible error message describes an invalid field.
 */
describe('form errors are tied to their fields', () => {
  it('after an empty submit of every form', { timeout: 300_000 }, async () => {
    const { page, context } = await session.newPage({ viewport: LAPTOP });
    const findings: string[] = [];
    for (const { who, path } of EMPTY_SUBMIT_FORMS) {
      await becomeWho(context, baseUrl, world, who);
      await openPath(page, baseUrl, who, path);
      await emptySubmit(page);
      const tie = await errorTieProblems(page);
      if (tie.invalid === 0) findings.push(`${who} ${path}: no field is marked aria-invalid after an empty submit`);
      for (const p of tie.problems) findings.push(`${who} ${path}: ${p}`);
    }
    keepFindings('error-ties', findings);
    expect(findings, findings.join('\n')).toEqual([]);
  });
});
