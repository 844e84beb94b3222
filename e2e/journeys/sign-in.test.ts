import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { DEMO } from '../support/api.ts';
import { api as ops } from '@bh/shared/contract';
import { ApiClient } from '../support/api.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('sign-in');

describe('sign-in journey', () => {
  it('goes from the home page to the dashboard and back out to the login page', async () => {
    const { page, context, consoleErrors } = await session.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${baseUrl}/login`);

    await expectVisible(page.getByText('Welcome Back'));
    await page.getByLabel('Better Health ID').fill(DEMO.admin);
    await page.getByLabel(/^Password/).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await page.waitForURL(/\/dashboard$/i);
    await expectVisible(page.getByText(/Asha/).first());

    const cookies = await context.cookies();
    const sessionCookie = cookies.find((c) => c.name === 'bh_session');
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(sessionCookie?.sameSite).toBe('Lax');

    await page.getByRole('button', { name: /account|profile|user menu/i }).first().click();
    await page.getByRole('menuitem', { name: /log ?out/i }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expectVisible(page.getByText('Welcome Back'));

    const profile = await page.evaluate(async (url) => (await fetch(url)).status, new ApiClient('').url(ops.user.profile));
    expect(profile).toBe(401);
    expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
  });

  it('shows the name and "Loading…" while a slow network brings the script, then the form in their place', async () => {
    const { page } = await session.newPage({ viewport: { width: 390, height: 844 } });
    // The portal's script is held back until the page has been looked at, as on a slow phone network.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/app-assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A module script holds back DOMContentLoaded, not the first paint: wait for the answer only.
    await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await expectVisible(loading);
    await expectVisible(page.getByText('Better Health', { exact: true }));
    expect(await page.getByLabel('Better Health ID').count()).toBe(0);

    release();
    await expectVisible(page.getByLabel('Better Health ID'));
    await loading.waitFor({ state: 'detached', timeout: 15_000 });
  });
});

async function expectVisible(locator: import('playwright-core').Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
