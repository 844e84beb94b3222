import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { istDateString, REGISTRATION_MESSAGES, type ApplicationRequest, type UploadField } from '@bh/shared';
import { ApiClient, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { adminCreate } from '../support/server.ts';
import { acceptPrivacyNotice, createMeeting, startMeetingForm } from '../support/portal.ts';
import { api as ops } from '@bh/shared/contract';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('admin-verification');

const PASSWORD = 'Journey-Pass-2026';

/** Small files whose first bytes say what they are, as the API checks them. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 20_000 });
}

/** Signs in; a person's first sign-in accepts the privacy notice shown before the portal (issue 19). */
async function signIn(page: Page, email: string, password: string, first: 'first sign-in' | 'again'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Better Health ID').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/i);
  if (first === 'first sign-in') await acceptPrivacyNotice(page);
}

/** The upload call as the browser's form would send it (multipart); returns the file's `secure_url`. */
async function upload(api: ApiClient, field: UploadField, name: string, bytes: Uint8Array, type: string): Promise<string> {
  const form = new FormData();
  form.append('field', field);
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(api.url(ops.uploads.create), { method: 'POST', headers: { origin: api.baseUrl, cookie: api.cookie }, body: form });
  const json = (await res.json()) as { secure_url?: string; message?: string };
  if (res.status !== 201 || !json.secure_url) throw new Error(`upload ${name} failed: ${res.status} ${json.message ?? ''}`);
  return json.secure_url;
}

/** The associate's application, with real uploaded files; `bankAccount` differs between attempts. */
async function apply(api: ApiClient, who: { name: string; email: string }, accountNumber: string): Promise<void> {
  const [firstName = 'Kavya', lastName = 'Iyer'] = who.name.split(' ');
  const body: ApplicationRequest = {
    personalInfo: {
      firstName,
      middleName: '',
      lastName,
      dob: '1991-07-19',
      gender: 'Female',
      currentAddress: '4 Temple Street',
      permanentAddress: '4 Temple Street',
      city: 'Chennai',
      state: 'Tamil Nadu',
      postalCode: '600004',
      country: 'India',
      email: who.email,
      phone: '9876501234',
      emergencyContact: { name: 'Anand Iyer', relationship: 'Father', phone: '9876505678' },
      resumeUrl: await upload(api, 'resume', 'resume.pdf', PDF, 'application/pdf'),
      linkedin: '',
      Doc: [
        {
          documentType: 'aadhar',
          documentId: '2345 6789 0123',
          frontImage: await upload(api, 'document', 'aadhaar-front.png', PNG, 'image/png'),
          backImage: await upload(api, 'document', 'aadhaar-back.png', PNG, 'image/png'),
        },
        {
          documentType: 'pan',
          documentId: 'BCDEF2345G',
          frontImage: await upload(api, 'document', 'pan-front.png', PNG, 'image/png'),
          backImage: await upload(api, 'document', 'pan-back.pdf', PDF, 'application/pdf'),
        },
      ],
      bloodGroup: 'B+',
    },
    employmentDetails: [
      { organization: 'Calm Minds Clinic', jobTitle: 'Counsellor', startDate: '2019-01-07', endDate: '', employmentType: 'Full-time', isCurrentJob: true },
    ],
    salarySlip: [await upload(api, 'salarySlip', 'slip-1.pdf', PDF, 'application/pdf'), await upload(api, 'salarySlip', 'slip-2.pdf', PDF, 'application/pdf')],
    educationDetails: [{ level: "Master's Degree", degreeName: 'MSc Counselling', institutionName: 'University of Madras', graduationYear: 2018, major: '' }],
    bankAccount: { accountHolder: who.name, bankName: 'Indian Bank', branchName: 'Mylapore', accountNumber, ifsc: 'IDIB0000123', upi: 'kavya@okaxis' },
    verificationConsent: true,
  };
  const res = await api.call(ops.register.submit, { body: body });
  if (res.status !== 201) throw new Error(`application failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/** Opens the pending application of `name` from the list, as the admin does. */
async function openReview(page: Page, name: string): Promise<Locator> {
  await page.goto(`${baseUrl}/admin/verify-documents`);
  await page.getByRole('link', { name: `View Details: ${name}` }).click();
  await page.waitForURL(/\/admin\/verification-pending\/[0-9a-f]{24}$/);
  const review = page.getByRole('region', { name });
  await expectVisible(review.getByRole('heading', { name: 'Bank Account Information' }));
  return review;
}

describe('admin verification journey', () => {
  it('creates accounts, rejects then verifies an application, and schedules a meeting both people see', async () => {
    const adminEmail = uniqueEmail('journey-admin');
    const created = await adminCreate(dataDir, { email: adminEmail, name: 'Journey Admin', password: PASSWORD });
    expect(created.code, created.output).toBe(0);

    const associate = { name: 'Kavya Iyer', email: uniqueEmail('kavya') };
    const client = { name: 'Arjun Menon', email: uniqueEmail('arjun') };
    const { page, consoleErrors } = await session.newPage();
    await signIn(page, adminEmail, PASSWORD, 'first sign-in');

    // The admin creates the associate's and the client's accounts.
    await page.goto(`${baseUrl}/admin/register`);
    for (const [account, role] of [
      [associate, 'doctor'],
      [client, 'user'],
    ] as const) {
      // The direct-password path (spec §2.5); an emailed invitation is the form's default.
      await page.getByLabel(/Set a password now/).check();
      await page.getByLabel(/^Full Name/).fill(account.name);
      await page.getByLabel(/^Email/).fill(account.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel('Role').selectOption(role);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expectVisible(page.getByRole('status').filter({ hasText: 'Account created successfully' }));
    }

    // The associate applies.
    const associateApi = new ApiClient(baseUrl);
    await associateApi.login(associate.email, PASSWORD);
    await apply(associateApi, associate, '501234567890');

    // The admin rejects the application with a reason.
    let review = await openReview(page, associate.name);
    await expectVisible(review.getByText('••••7890'));
    await review.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reject the application of ${associate.name}` });
    await dialog.getByRole('button', { name: 'Reject Application' }).click();
    await expectVisible(dialog.getByText(REGISTRATION_MESSAGES.rejectionReasonRequired));
    const reason = 'The PAN card back side is missing. Please upload both sides.';
    await dialog.getByLabel(/Reason for rejection/).fill(reason);
    await dialog.getByRole('button', { name: 'Reject Application' }).click();
    await expectVisible(page.getByText(REGISTRATION_MESSAGES.rejected));
    await page.waitForURL(/\/admin\/verify-documents$/);
    // The drawer closes onto the refreshed list, without the rejected application. Other journeys
    // on this shared server may leave applications of their own pending, so the list need not be
    // empty ('All Caught Up!' is the screen's own test).
    await expectVisible(page.getByText(REGISTRATION_MESSAGES.noPending).or(page.getByRole('list', { name: 'Pending Verifications' })));
    await page.getByRole('link', { name: `View Details: ${associate.name}` }).waitFor({ state: 'detached', timeout: 20_000 });

    const status = await associateApi.call(ops.register.checkVerified);
    expect(status.json).toMatchObject({ isVerified: 'rejected', rejectionReason: reason });
    const rejected = await session.newPage();
    await signIn(rejected.page, associate.email, PASSWORD, 'first sign-in');
    await expectVisible(rejected.page.getByText(reason).first());
    await rejected.context.close();

    // The associate corrects and resubmits; the admin opens the documents and verifies.
    await apply(associateApi, associate, '509876543210');
    review = await openReview(page, associate.name);
    await expectVisible(review.getByText('••••3210'));
    expect(await review.getByText('509876543210').count()).toBe(0);
    const slip = review.getByRole('link', { name: /Salary Slip 2/ });
    expect(await slip.getAttribute('target')).toBe('_blank');
    const slipHref = await slip.getAttribute('href');
    expect(slipHref).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{24}$/);
    const file = await page.request.get(`${baseUrl}${slipHref}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    await review.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectVisible(page.getByText(REGISTRATION_MESSAGES.verified));
    await page.waitForURL(/\/admin\/verify-documents$/);

    await page.goto(`${baseUrl}/admin/verified-doctors`);
    await page.getByRole('textbox', { name: 'Search by email' }).fill(associate.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectVisible(page.getByRole('link', { name: `View Details: ${associate.name}` }));

    // The admin schedules a meeting between them for tomorrow afternoon, India time.
    const date = istDateString(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await startMeetingForm(page, baseUrl, { client, associate }, date);
    await page.getByLabel(/^Meeting Time/).pressSequentially('0415');
    expect(await page.getByLabel(/^Meeting Time/).inputValue()).toBe('04:15');
    await page.getByRole('button', { name: 'PM', exact: true }).click();
    await createMeeting(page, { meeting: 'https://meet.example.com/kavya-arjun', form: 'https://forms.example.com/kavya-report' });
    expect(await page.getByLabel(/^Client ID/).inputValue()).toBe('');
    expect(consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);

    // Both of them find it on their dashboards.
    for (const [who, other, first] of [
      [client, associate, 'first sign-in'],
      [associate, client, 'again'],
    ] as const) {
      const visitor = await session.newPage();
      await signIn(visitor.page, who.email, PASSWORD, first);
      await expectVisible(visitor.page.getByText(other.name).first());
      await expectVisible(visitor.page.getByText('04:15 PM').first());
    }
  });
});
