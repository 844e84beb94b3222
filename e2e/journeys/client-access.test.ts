import { describe, expect, inject, it } from 'vitest';
import { istDateAndTime } from '@bh/shared';
import { ApiClient, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { expectVisible, signIn, unexpectedErrors } from '../support/portal.ts';
import {
  cliAdmin,
  createAccount,
  scheduleMeeting,
  startAfter,
  submitApplication,
  uniqueCouponCode,
  verifiedAssociate,
} from '../support/seed.ts';
import { api as ops } from '@bh/shared/contract';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('client-access');

const ADMIN_ONLY = 'Access denied. Admin only.';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The calls of verified admins alone answer with the spec's 'Access denied. Admin only.' */
  adminOnly: boolean;
}

const couponLinks = (code: string) => {
  const link = (plan: string) => `https://payments.example.in/e2e/${code.toLowerCase()}/${plan}`;
  return {
    mentalHealthCounselling: { single: link('mh-single'), bundle: link('mh-bundle') },
    cosmetologistConsultancy: { single: link('cos-single'), bundle: link('cos-bundle') },
  };
};

describe('a client', () => {
  it('reaches no admin screen and no admin call, and changes nothing by trying', async () => {
    // Real records behind every id the client will try: a meeting, a coupon, a pending application.
    const admin = await cliAdmin(baseUrl, dataDir, 'Rohit Bansal');
    const client = await createAccount(admin, 'Neha Kulkarni', 'user');
    const associate = await verifiedAssociate(admin, 'Gayatri Iyer');
    const applicant = await createAccount(admin, 'Karthik Reddy', 'doctor');
    await submitApplication(baseUrl, applicant);
    const start = startAfter(new Date(), 3 * 24 * 60);
    const meeting = await scheduleMeeting(admin, client, associate, start);
    const code = uniqueCouponCode('GUARD');
    const coupon = await admin.api.call(ops.payments.createCoupon, { body: {
      couponCode: code,
      forNewUsers: true,
      isActive: true,
      paymentLinks: couponLinks(code),
    } });
    expect(coupon.status).toBe(201);
    const couponId = coupon.json.data._id;
    expect(couponId).toMatch(/^[0-9a-f]{24}$/);

    const { page, context, consoleErrors } = await session.newPage();
    const adminRequests: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (/^\/api\/v1\/(admin\/|register\/(status|doctor-details|verify|reject)|payments\/(coupon|default-links)|meeting\/(create-meeting|verify-email))/.test(path)) {
        adminRequests.push(`${req.method()} ${path}`);
      }
    });
    await signIn(page, baseUrl, client);
    await expectVisible(page.getByText('Hello, Neha!'));
    expect(await page.getByText('Admin Tools').count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Create Accounts' }).count()).toBe(0);

    // Every admin screen turns the client back to the dashboard with the spec's toast (spec §6).
    const screens = [
      '/admin/register',
      '/admin/create-meeting',
      '/admin/verify-documents',
      `/admin/verification-pending/${applicant._id}`,
      '/admin/verified-doctors',
      `/admin/Verified-doc-details/${associate._id}`,
      '/admin/create-coupons',
      '/admin/all-coupons',
      '/admin/payment-links',
      '/admin/grids/meetings',
      '/admin/grids/users',
      '/admin/grids/audit',
      '/admin/no-such-screen',
    ];
    for (const path of screens) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/dashboard`);
      await expectVisible(page.getByText(ADMIN_ONLY));
      await expectVisible(page.getByText('Hello, Neha!'));
      for (const leak of [applicant.name, applicant.email, code, 'Create New Coupon', 'Schedule New Meeting']) {
        expect(await page.getByText(leak).count(), `${path} shows ${leak}`).toBe(0);
      }
    }
    expect(adminRequests).toEqual([]);

    // The server refuses the same client, cookie and all, on every admin call.
    const when = istDateAndTime(startAfter(start, 24 * 60));
    const sneaky = { name: 'Sneaky Admin', email: uniqueEmail('sneaky'), password: 'Sneaky-Admin-2026', role: 'admin' };
    const calls: Call[] = [
      { method: 'POST', path: '/user/register', body: sneaky, adminOnly: true },
      {
        method: 'POST',
        path: '/meeting/create-meeting',
        body: { clientId: client.email, doctorId: associate.email, ...when, meetingLink: 'https://meet.example.in/x', formLink: 'https://forms.example.in/x' },
        adminOnly: true,
      },
      { method: 'POST', path: '/meeting/verify-email', body: { email: associate.email, userType: 'doctor' }, adminOnly: true },
      { method: 'DELETE', path: `/meeting/${meeting._id}`, adminOnly: true },
      { method: 'POST', path: '/meeting/userMeetings', body: { email: associate.email }, adminOnly: false },
      { method: 'GET', path: '/payments/coupons', adminOnly: true },
      { method: 'POST', path: '/payments/coupon', body: { couponCode: uniqueCouponCode('SNEAK'), forNewUsers: true, isActive: true, paymentLinks: couponLinks('sneak') }, adminOnly: true },
      { method: 'PATCH', path: `/payments/coupon/${couponId}/status`, body: { isActive: false }, adminOnly: true },
      { method: 'DELETE', path: `/payments/coupon/${couponId}`, adminOnly: true },
      { method: 'GET', path: '/payments/default-links', adminOnly: true },
      { method: 'PUT', path: '/payments/default/mental-Health-Counselling/single', body: { paymentLink: 'https://payments.example.in/sneaky' }, adminOnly: true },
      { method: 'GET', path: '/register/status-pending', adminOnly: true },
      { method: 'GET', path: '/register/status-verified?page=1&limit=10', adminOnly: true },
      { method: 'GET', path: `/register/doctor-details/${applicant._id}`, adminOnly: true },
      { method: 'POST', path: `/register/verify-doctor/${applicant._id}`, adminOnly: true },
      { method: 'POST', path: `/register/reject-doctor/${applicant._id}`, body: { reason: 'Sneaky rejection' }, adminOnly: true },
      { method: 'POST', path: '/register/employees', body: {}, adminOnly: false },
      { method: 'GET', path: '/admin/meetings', adminOnly: true },
      { method: 'GET', path: `/admin/meetings/${meeting._id}`, adminOnly: true },
      { method: 'DELETE', path: `/admin/meetings/${meeting._id}`, adminOnly: true },
      { method: 'GET', path: '/admin/users', adminOnly: true },
      { method: 'GET', path: `/admin/users/${applicant._id}`, adminOnly: true },
      { method: 'GET', path: '/admin/coupons', adminOnly: true },
      { method: 'GET', path: '/admin/audit', adminOnly: true },
      { method: 'GET', path: '/admin/applications', adminOnly: true },
    ];
    for (const call of calls) {
      const res = await context.request.fetch(`${baseUrl}/api/v1${call.path}`, {
        method: call.method,
        headers: { origin: baseUrl },
        ...(call.body !== undefined ? { data: call.body } : {}),
      });
      const label = `${call.method} ${call.path}`;
      expect(res.status(), label).toBe(403);
      const json = (await res.json()) as { success: boolean; message: string };
      expect(json.success, label).toBe(false);
      if (call.adminOnly) expect(json.message, label).toBe(ADMIN_ONLY);
    }
    const upload = await context.request.post(new ApiClient(baseUrl).url(ops.uploads.create), {
      headers: { origin: baseUrl },
      multipart: { field: 'resume', file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
    });
    expect(upload.status()).toBe(403);

    // Nothing the client tried took effect.
    const coupons = await admin.api.call(ops.payments.coupons);
    expect(coupons.json.data.find((c) => c.couponCode === code)).toMatchObject({ isActive: true });
    const meetings = await admin.api.call(ops.meeting.list);
    expect(meetings.json.meetings.map((m) => m._id)).toContain(meeting._id);
    const pending = await admin.api.call(ops.register.pending);
    expect(pending.json.user.map((u) => u._id)).toContain(applicant._id);
    expect((await new ApiClient(baseUrl).call(ops.user.login, { body: { email: sneaky.email, password: sneaky.password } })).status).toBe(401);

    // The client's own dashboard still shows the meeting the refused calls tried to delete.
    await page.goto(`${baseUrl}/dashboard`);
    await expectVisible(page.getByRole('region', { name: 'Next Meeting' }).getByText(meeting.meetingTime));
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});
