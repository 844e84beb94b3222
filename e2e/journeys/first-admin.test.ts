import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { acceptPrivacyNotice, expectVisible, signIn, toneOf, unexpectedErrors } from '../support/portal.ts';
import { newPassword } from '../support/seed.ts';
import { adminCreate } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('first-admin');

interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: 'user' | 'doctor';
}

/** Fills the Create Account form on its direct-password path (spec §2.5) and presses 'Sign Up'. */
async function signUp(page: Page, account: NewAccount): Promise<void> {
  await page.getByLabel(/Set a password now/).check();
  await page.getByLabel(/^Full Name/).fill(account.name);
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Role').selectOption(account.role);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

describe('the first admin', () => {
  it('is created with the CLI, signs in, and creates an associate and a client who can both sign in', async () => {
    const admin = { name: 'Meenakshi Pillai', email: uniqueEmail('first-admin'), password: newPassword() };
    const created = await adminCreate(dataDir, admin);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain(`Created verified admin ${admin.name} <${admin.email}>.`);

    // Running the CLI again for the same email changes nothing: the first password still works.
    const again = await adminCreate(dataDir, { ...admin, password: newPassword() });
    expect(again.code).toBe(1);
    expect(again.output).toContain('An account with this email already exists');

    const { page, consoleErrors } = await session.newPage();
    await signIn(page, baseUrl, admin);
    // A first sign-in shows the privacy notice before the portal (issue 19).
    await acceptPrivacyNotice(page);
    await expectVisible(page.getByText('Hello, Meenakshi!'));
    await page.getByRole('menuitem', { name: 'Create Accounts' }).click();
    await page.waitForURL(`${baseUrl}/admin/register`);
    await expectVisible(page.getByText('Sign up to get started with Better Health'));
    const roles = await page.getByLabel('Role').locator('option').allTextContents();
    expect(roles).toEqual(expect.arrayContaining(['BH Associate']));

    const associate: NewAccount = { name: 'Sandeep Varma', email: uniqueEmail('sandeep'), password: newPassword(), role: 'doctor' };
    const client: NewAccount = { name: 'Ritika Sharma', email: uniqueEmail('ritika'), password: newPassword(), role: 'user' };
    for (const account of [associate, client]) {
      await signUp(page, account);
      const success = page.getByRole('status').filter({ hasText: 'Account created successfully' });
      await expectVisible(success);
      expect(await toneOf(success)).toBe('green');
      expect(await page.getByLabel(/^Full Name/).inputValue()).toBe('');
      // Starting on the next account clears the message.
      await page.getByLabel(/^Full Name/).focus();
      await success.waitFor({ state: 'detached' });
    }

    // The same email twice is refused in red, and no second account appears.
    await signUp(page, { ...client, password: newPassword() });
    const refusal = page.getByRole('alert').filter({ hasText: 'An account with this email already exists' });
    await expectVisible(refusal);
    expect(await toneOf(refusal)).toBe('red');
    expect(unexpectedErrors(consoleErrors, /(401|409|Unauthorized|Conflict)/i)).toEqual([]);

    // Both new people sign in with the passwords the admin gave them.
    const associateTab = await session.newPage();
    await signIn(associateTab.page, baseUrl, associate);
    await acceptPrivacyNotice(associateTab.page);
    await expectVisible(associateTab.page.getByText('Hello, Sandeep!'));
    await expectVisible(associateTab.page.getByText('Your dashboard is LOCKED'));

    const clientTab = await session.newPage();
    await signIn(clientTab.page, baseUrl, client);
    await acceptPrivacyNotice(clientTab.page);
    await expectVisible(clientTab.page.getByText('Hello, Ritika!'));
    await expectVisible(clientTab.page.getByText(client.email));

    const profile = new ApiClient(baseUrl);
    await profile.login(associate.email, associate.password);
    const me = await profile.call(ops.user.profile);
    expect(me.json.user).toMatchObject({ role: 'doctor', isVerified: 'not_submitted' });
    for (const tracked of [associateTab, clientTab]) expect(unexpectedErrors(tracked.consoleErrors)).toEqual([]);
  });
});
