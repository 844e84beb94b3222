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
});

async function expectVisible(locator: import('playwright-core').Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
