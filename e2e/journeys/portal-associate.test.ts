import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { samplePdf, samplePng } from '@bh/api/seed/sample-files';
import { ApiClient, DEMO, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { api as ops } from '@bh/shared/contract';
import { APPLICATION_CONSENT_VERSION } from '@bh/shared';
import { acceptPrivacyNotice } from '../support/portal.ts';

const baseUrl = inject('baseUrl');
const session = useBrowser('portal-associate');

const region = (page: Page, name: string) => page.getByRole('region', { name });
const input = (scope: Locator, label: RegExp) => scope.getByLabel(label).first();

async function chooseFile(scope: Locator, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  // The visible control is a button; the file input behind it takes the file.
  await scope.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles(file);
  await scope.getByRole('link', { name: file.name.length > 25 ? `${file.name.slice(0, 25)}…` : file.name }).waitFor({ timeout: 30_000 });
}

describe('an associate applying for verification', () => {
  it('is locked out, applies with real files, and waits for review', async () => {
    const admin = new ApiClient(baseUrl);
    await admin.login(DEMO.admin, DEMO.password);
    const associate = { name: 'Rohan Kulkarni', email: uniqueEmail('rohan'), password: 'Rohan-Health-2026' };
    expect((await admin.call(ops.user.register, { body: { ...associate, role: 'doctor' } })).status).toBe(201);

    const { page, consoleErrors } = await session.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Better Health ID').fill(associate.email);
    await page.getByLabel('Password', { exact: false }).first().fill(associate.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    // A first sign-in: the privacy notice comes first.
    await acceptPrivacyNotice(page);
    await page.getByText('Your dashboard is LOCKED').waitFor();
    expect(await page.getByRole('button', { name: 'Meeting History' }).isDisabled()).toBe(true);

    await page.getByRole('main').getByRole('link', { name: 'Submit Documents' }).first().click();
    await page.waitForURL(`${baseUrl}/details`);
    await page.getByRole('button', { name: 'Submit Application' }).waitFor();

    const personal = region(page, 'Personal Information');
    await input(personal, /^First Name/).fill('Rohan');
    await input(personal, /^Last Name/).fill('Kulkarni');
    await input(personal, /^Date of Birth/).fill('1988-11-23');
    await input(personal, /^Gender/).selectOption('Male');
    await input(personal, /^Blood Group/).selectOption('O+');
    await input(personal, /^Current Address/).fill('7 Koregaon Park Road');
    await personal.getByLabel('Same as current address').check();
    await input(personal, /^City/).fill('Pune');
    await input(personal, /^State/).fill('Maharashtra');
    await input(personal, /^Postal Code/).fill('411001');
    await input(personal, /^Email/).fill(associate.email);
    await input(personal, /^Phone Number/).fill('+91 98220 11223');
    await input(personal, /^Contact Name/).fill('Sneha Kulkarni');
    await input(personal, /^Relationship/).fill('Spouse');
    await input(personal, /^Contact Phone/).fill('9822044556');
    await chooseFile(personal, 'Resume (PDF)', {
      name: 'Rohan Kulkarni resume 2026.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf(['Rohan Kulkarni', 'Counselling psychologist']),
    });

    const documents: [string, string, string, [number, number, number]][] = [
      ['Legal Document 1', 'aadhar', '4829 1573 6204', [30, 110, 200]],
      ['Legal Document 2', 'pan', 'BQRPK7391M', [200, 120, 30]],
    ];
    for (const [name, type, id, colour] of documents) {
      const doc = region(page, name);
      await input(doc, /^Document Type/).selectOption(type);
      await input(doc, /^Document ID/).fill(id);
      await chooseFile(doc, 'Front Image', { name: `${type}-front.png`, mimeType: 'image/png', buffer: samplePng(320, 200, colour) });
      await chooseFile(doc, 'Back Image', { name: `${type}-back.png`, mimeType: 'image/png', buffer: samplePng(320, 200, colour) });
    }

    const work = region(page, 'Employment Details');
    await input(work, /^Organization/).fill('Sahyadri Hospitals');
    await input(work, /^Job Title/).fill('Clinical Psychologist');
    await input(work, /^Start Date/).fill('2016-07-01');
    await input(work, /^Employment Type/).selectOption('Full-time');
    await work.getByLabel('This is my current job').check();
    expect(await input(work, /^End Date/).isDisabled()).toBe(true);

    await chooseFile(region(page, 'Salary Documentation'), 'Salary Slip', {
      name: 'salary-slip-october.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf(['Salary slip', 'October']),
    });

    const education = region(page, 'Educational Background');
    await input(education, /^Education Level/).selectOption("Master's Degree");
    await input(education, /^Degree Name/).fill('MA Clinical Psychology');
    await input(education, /^Institution Name/).fill('Savitribai Phule Pune University');
    await input(education, /^Graduation Year/).fill('2014');

    const bank = region(page, 'Bank Account Information');
    await input(bank, /^Account Holder Name/).fill('Rohan Kulkarni');
    await input(bank, /^Bank Name/).fill('HDFC Bank');
    await input(bank, /^Branch Name/).fill('Koregaon Park');
    await input(bank, /^Account Number/).fill('918273645501');
    await input(bank, /^IFSC Code/).fill('HDFC0001234');
    await input(bank, /^UPI ID/).fill('rohan@okhdfcbank');

    // The consent to verify the documents is never ticked in advance, and the form needs it.
    const consent = page.getByRole('checkbox', { name: /^I consent to Better Health verifying/ });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Form submitted successfully!').waitFor({ timeout: 30_000 });
    await page.getByText('Your verification request is submitted. Please give us some time to verify.').waitFor();

    await page.getByRole('link', { name: 'Better Health Dashboard' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByText('Your documents are under review. Please give us some time for verification.').waitFor();

    // The admin sees the application waiting, with the uploaded files stored privately.
    const pending = await admin.call(ops.register.pending);
    const mine = pending.json.user.find((u) => u.email === associate.email);
    expect(mine).toBeDefined();
    const details = await admin.call(ops.register.doctorDetails, { params: { userId: mine?._id ?? '' } });
    expect(details.json.employee.personalInfo.permanentAddress).toBe('7 Koregaon Park Road');
    expect(details.json.employee.personalInfo.resumeUrl).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{24}$/);
    expect(details.json.employee.bankAccount.accountNumber).not.toContain('918273645501');
    expect(details.json.employee.verificationConsent).toMatchObject({ version: APPLICATION_CONSENT_VERSION, withdrawnAt: null });
    const resume = await fetch(`${baseUrl}${details.json.employee.personalInfo.resumeUrl}`, { headers: { cookie: admin.cookie } });
    expect(resume.status).toBe(200);
    expect(Buffer.from(await resume.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
  });
});
