import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { linkTo, useMailedServer } from '../support/mail.ts';
import { acceptPrivacyNotice, expectVisible, signIn, unexpectedErrors } from '../support/portal.ts';
import { newPassword } from '../support/seed.ts';

/**
 * Invitations and password resets as people live them: the product sends real email over SMTP to
 * a mailbox this journey runs, and the person follows the link in Chromium.
 */
const session = useBrowser('account-links');
const live = useMailedServer('Kiran Menon');

describe('emailed one-time links', () => {
  it('an invitation: the admin invites, the email arrives, the link sets a password and lands on the dashboard', async () => {
    const { page, consoleErrors } = await session.newPage();
    await signIn(page, live.server.baseUrl, live.admin);
    await page.goto(`${live.server.baseUrl}/admin/register`);
    const invitee = { name: 'Farah Qureshi', email: uniqueEmail('farah') };
    // Invitation is the default: there is no password to type.
    expect(await page.getByLabel(/^Password/).count()).toBe(0);
    await page.getByLabel(/^Full Name/).fill(invitee.name);
    await page.getByLabel(/^Email/).fill(invitee.email);
    await page.getByLabel('Role').selectOption('doctor');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'Invitation sent' }));
    await expectVisible(page.getByRole('region', { name: 'Pending invitations' }).getByText(invitee.email));

    const email = await live.mailbox.waitFor((m) => m.to.includes(invitee.email), 30_000);
    expect(email.subject).toBe('You are invited to Better Health');
    const link = linkTo(email, '/login/welcome');
    expect(link.startsWith(`${live.server.baseUrl}/login/welcome#token=`)).toBe(true);

    const { page: invited, consoleErrors: invitedErrors } = await session.newPage({ viewport: { width: 390, height: 844 } });
    await invited.goto(link);
    await expectVisible(invited.getByRole('heading', { name: 'Welcome to Better Health' }));
    const password = newPassword();
    await invited.getByLabel(/^New password/).fill(password);
    await invited.getByLabel(/^Repeat the new password/).fill(password);
    await invited.getByRole('button', { name: 'Set password and continue' }).click();
    await invited.waitForURL(/\/dashboard$/);
    // Their first sign-in: the privacy notice comes first.
    await acceptPrivacyNotice(invited);
    await expectVisible(invited.getByText('Hello, Farah!'));

    // The link worked once.
    await invited.goto(link);
    await invited.getByLabel(/^New password/).fill(password);
    await invited.getByLabel(/^Repeat the new password/).fill(password);
    await invited.getByRole('button', { name: 'Set password and continue' }).click();
    await expectVisible(invited.getByRole('alert').filter({ hasText: 'This link is invalid, has already been used or has expired.' }));
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    expect(unexpectedErrors(invitedErrors).filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('a password reset: "Forgot password?" on /login, the email, a new password, then sign in with it', async () => {
    const { page, consoleErrors } = await session.newPage();
    await page.goto(`${live.server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/login\/forgot$/);
    await page.getByLabel('Better Health ID').fill(live.admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(page.getByRole('status').filter({ hasText: 'If an account exists for this email' }));

    const email = await live.mailbox.waitFor((m) => m.to.includes(live.admin.email) && m.subject === 'Reset your Better Health password', 30_000);
    await page.goto(linkTo(email, '/login/reset'));
    const password = newPassword();
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel(/^Repeat the new password/).fill(password);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, live.server.baseUrl, { email: live.admin.email, password });
    await expectVisible(page.getByText('Hello, Kiran!'));
    const notice = await live.mailbox.waitFor((m) => m.to.includes(live.admin.email) && m.subject === 'Your Better Health password was changed', 30_000);
    expect(notice.text).toContain('signed out');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});
