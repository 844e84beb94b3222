import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { seriousAxeViolations } from '../support/layout.ts';
import { signIn } from '../support/portal.ts';
import { cliAdmin, createAccount, type Account } from '../support/seed.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('phone-menu');

const PHONE = { width: 390, height: 844 };

/**
 * The sheet closed and gone: MUI marks a closing sheet aria-hidden at once, so its items leave the
 * accessibility tree while it still slides out; ☰ is pressed, and a tap made, only once the
 * sheet has left the page, never while it is still leaving.
 */
async function sheetGone(page: Page) {
  await page.getByRole('menuitem', { name: 'Logout' }).waitFor({ state: 'hidden', timeout: 10_000 });
  await page.locator('.MuiDrawer-modal').waitFor({ state: 'detached', timeout: 10_000 });
}

async function openSheet(page: Page) {
  await sheetGone(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await logout.waitFor({ state: 'visible' });
  // The sheet used to close itself about 200 ms after opening: it must still be there well after.
  await page.waitForTimeout(800);
  expect(await logout.isVisible(), 'the side sheet stays open').toBe(true);
  return page.locator('.MuiDrawer-paper');
}

/** Opens every group of the sheet, so each of its screens can be tapped. */
async function expandGroups(page: Page) {
  for (const group of ['Verification', 'Coupons']) {
    const toggle = page.getByRole('menuitem', { name: group, exact: true });
    if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') {
      await toggle.click();
      // The group slides open; its lines (and every line below it) move until it has.
      await page.locator(`.MuiDrawer-paper .MuiCollapse-entered [role="group"][aria-label="${group}"]`).waitFor({ timeout: 10_000 });
    }
  }
}

/** The sheet's menu items, in order, with whether each can be used. */
async function sheetItems(page: Page): Promise<{ name: string; href: string | null; disabled: boolean }[]> {
  await expandGroups(page);
  const items = page.locator('.MuiDrawer-paper [role="menuitem"]');
  const out: { name: string; href: string | null; disabled: boolean }[] = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    const name = ((await item.getAttribute('aria-label')) ?? (await item.textContent()) ?? '').trim();
    out.push({ name, href: await item.getAttribute('href'), disabled: (await item.getAttribute('aria-disabled')) === 'true' });
  }
  return out;
}

/**
 * A phone user of each role opens the side sheet, goes to every screen it offers (the sheet
 * closing on each navigation, focus landing on the new screen's heading), and finally logs out
 * from it (spec §2.4, §6).
 */
async function walkTheSheet(page: Page, account: { email: string; password: string }, expectations: { disabled: string[]; deniedAdminTools?: boolean }) {
  // Every path the page has been at, pushState included: a denied admin tool passes through its own
  // path on the way back, and that passage (not a toast a previous denial may still show) says the
  // return has happened.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname.toLowerCase());
  });
  await signIn(page, baseUrl, account);
  await openSheet(page);
  const items = await sheetItems(page);
  const names = items.map((i) => i.name);
  expect(names[0]).toBe('Dashboard');
  expect(names.at(-1)).toBe('Logout');
  expect(items.filter((i) => i.disabled).map((i) => i.name)).toEqual(expectations.disabled);

  const axeFindings = (await seriousAxeViolations(page)).map((v) => `${v.id} at ${v.targets.join(' | ')}`);
  expect(axeFindings, 'axe on the open side sheet').toEqual([]);
  await page.keyboard.press('Escape');

  for (const item of items.filter((i) => i.href && !i.disabled)) {
    await openSheet(page);
    await expandGroups(page);
    const link = page.locator('.MuiDrawer-paper [role="menuitem"]').filter({ hasText: item.name }).first();
    const from = new URL(page.url()).pathname.toLowerCase();
    const mark = visited.length;
    await link.click();
    const target = new URL(item.href ?? '', baseUrl).pathname;
    // An admin who is not verified yet sees the admin links (spec §6) but is sent back to the dashboard.
    const landing = expectations.deniedAdminTools && target.startsWith('/admin/') ? '/dashboard' : target;
    if (landing !== target) {
      await expect.poll(() => visited.slice(mark).includes(target.toLowerCase()), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => visited.at(-1), { timeout: 20_000 }).toBe(landing);
      await page.getByText('Access denied. Admin only.').last().waitFor({ timeout: 20_000 });
    }
    await page.waitForURL((url) => url.pathname.toLowerCase() === landing.toLowerCase(), { timeout: 20_000 });
    await sheetGone(page);
    const heading = page.locator('#main-content h1').first();
    await heading.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.title()).toMatch(/ · Better Health$/);
    // Focus moves to the new screen's heading; tapping the screen one is on only closes the sheet.
    if (landing === target && landing.toLowerCase() !== from) {
      await expect.poll(() => page.evaluate('document.activeElement?.matches?.("#main-content h1") === true'), { timeout: 5_000 }).toBe(true);
    }
  }

  await openSheet(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/, { timeout: 20_000 });
  await page.getByText('User logged out').waitFor({ timeout: 10_000 });
  // The session is really gone: the dashboard sends the visitor back to the sign-in page.
  await page.goto(`${baseUrl}/dashboard`);
  await page.waitForURL(/\/login$/, { timeout: 20_000 });
}

describe('the side sheet on a phone', () => {
  it('reaches every line of the sheet by Tab, in order: the disabled one, the group toggles and Logout too (issue 53)', { timeout: 180_000 }, async () => {
    const admin = await cliAdmin(baseUrl, dataDir, 'Uma Das');
    const newAdmin: Account = await createAccount(admin, 'Vivek Jain', 'admin');
    const { page } = await session.newPage({ viewport: PHONE });
    await signIn(page, baseUrl, newAdmin);
    await openSheet(page);
    const nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
    const items = (await sheetItems(page)).map((i) => i.name);
    await nav.getByRole('menuitem', { name: 'Dashboard' }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      const stop = (await page.evaluate(`(() => {
        const el = document.activeElement;
        if (!el || !el.closest('[role="dialog"] nav[aria-label="Main"]')) return null;
        return (el.getAttribute('aria-label') || el.textContent || '').trim();
      })()`)) as string | null;
      if (stop === null) break;
      stops.push(stop);
      await page.keyboard.press('Tab');
    }
    expect(stops).toEqual(items);
    expect(stops).toEqual(expect.arrayContaining(['Meeting History', 'Verification', 'Coupons']));
    expect(stops.at(-1)).toBe('Logout');
    // Logout works from the keyboard as well.
    await nav.getByRole('menuitem', { name: 'Logout' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/login$/, { timeout: 20_000 });
  });

  it('lets a client reach every screen and log out', async () => {
    const { page } = await session.newPage({ viewport: PHONE });
    await walkTheSheet(page, { email: DEMO.client, password: DEMO.password }, { disabled: [] });
  });

  it('lets a verified BH Associate reach every screen and log out', async () => {
    const { page } = await session.newPage({ viewport: PHONE });
    await walkTheSheet(page, { email: DEMO.associate, password: DEMO.password }, { disabled: [] });
  });

  it('shows an unverified BH Associate Meeting History disabled, and lets them log out', async () => {
    const { page } = await session.newPage({ viewport: PHONE });
    await walkTheSheet(page, { email: DEMO.unverifiedAssociate, password: DEMO.password }, { disabled: ['Meeting History'] });
  });

  it('lets a verified admin reach every admin tool and log out', { timeout: 180_000 }, async () => {
    const admin = await cliAdmin(baseUrl, dataDir, 'Farah Qureshi');
    const { page } = await session.newPage({ viewport: PHONE });
    await walkTheSheet(page, admin, { disabled: [] });
  });

  it('shows an unverified admin the admin links, turns them away from the tools, and lets them log out', { timeout: 180_000 }, async () => {
    const admin = await cliAdmin(baseUrl, dataDir, 'Gita Rao');
    const newAdmin: Account = await createAccount(admin, 'Hari Menon', 'admin');
    const { page } = await session.newPage({ viewport: PHONE });
    await walkTheSheet(page, newAdmin, { disabled: ['Meeting History'], deniedAdminTools: true });
  });
});
