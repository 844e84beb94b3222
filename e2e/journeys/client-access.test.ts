import { describe, expect, inject, it } from 'vitest';
import { istDateAndTime } from '@bh/shared';
import { ApiClient, operationOf, uniqueEmail } from '../support/api.ts';
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
import { api as ops, type CallInput, type OperationConfig } from '@bh/shared/contract';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const session = useBrowser('client-access');

const ADMIN_ONLY = 'Access denied. Admin only.';

/** A call the client must be refused: its operation (the method and path come from the contract) and what is sent. */
interface Refusal {
  op: OperationConfig;
  url: string;
  body?: unknown;
  /** The calls of verified admins alone answer with the spec's 'Access denied. Admin only.' */
  adminOnly: boolean;
}

const contract = new ApiClient(baseUrl);

/** A refused call typed by its operation: a wrong path parameter or body is a type error. */
function refusal<O extends OperationConfig>(op: O, input: CallInput<O>, adminOnly = true): Refusal {
  const { body } = input as { body?: unknown };
  return { op, url: contract.url(op, input as Pick<CallInput<O>, 'params' | 'query'>), body, adminOnly };
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
      const op = operationOf(req.method(), req.url());
      if (op?.access === 'verifiedAdmin') adminRequests.push(`${req.method()} ${new URL(req.url()).pathname}`);
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
    const sneaky = { name: 'Sneaky Admin', email: uniqueEmail('sneaky'), password: 'Sneaky-Admin-2026', role: 'admin' as const };
    const calls: Refusal[] = [
      refusal(ops.user.register, { body: sneaky }),
      refusal(ops.meeting.create, {
        body: { clientId: client.email, doctorId: associate.email, ...when, meetingLink: 'https://meet.example.in/x', formLink: 'https://forms.example.in/x' },
      }),
      refusal(ops.meeting.verifyEmail, { body: { email: associate.email, userType: 'doctor' } }),
      refusal(ops.meeting.delete, { params: { meetingId: meeting._id } }),
      refusal(ops.meeting.lookup, { body: { email: associate.email } }, false),
      refusal(ops.payments.coupons, {}),
      refusal(ops.payments.createCoupon, { body: { couponCode: uniqueCouponCode('SNEAK'), forNewUsers: true, isActive: true, paymentLinks: couponLinks('sneak') } }),
      refusal(ops.payments.setCouponStatus, { params: { id: couponId }, body: { isActive: false } }),
      refusal(ops.payments.deleteCoupon, { params: { id: couponId } }),
      refusal(ops.payments.defaultLinks, {}),
      refusal(ops.payments.setDefaultLink, { params: { service: 'mental-Health-Counselling', planType: 'single' }, body: { paymentLink: 'https://payments.example.in/sneaky' } }),
      refusal(ops.register.pending, {}),
      refusal(ops.register.verified, { query: { page: 1, limit: 10 } }),
      refusal(ops.register.doctorDetails, { params: { userId: applicant._id } }),
      refusal(ops.register.verifyDoctor, { params: { userId: applicant._id } }),
      refusal(ops.register.rejectDoctor, { params: { userId: applicant._id }, body: { reason: 'Sneaky rejection' } }),
      // Not an application at all: the guard refuses before any validator reads the body.
      { op: ops.register.submit, url: contract.url(ops.register.submit), body: {}, adminOnly: false },
      refusal(ops.admin.meetings, {}),
      refusal(ops.admin.meeting, { params: { id: meeting._id } }),
      refusal(ops.admin.deleteMeeting, { params: { id: meeting._id } }),
      refusal(ops.admin.users, {}),
      refusal(ops.admin.user, { params: { id: applicant._id } }),
      refusal(ops.admin.coupons, {}),
      refusal(ops.admin.audit, {}),
      refusal(ops.admin.applications, {}),
    ];
    for (const call of calls) {
      const res = await context.request.fetch(call.url, {
        method: call.op.method.toUpperCase(),
        headers: { origin: baseUrl },
        ...(call.body !== undefined ? { data: call.body } : {}),
      });
      const label = `${call.op.method.toUpperCase()} ${call.url}`;
      expect(res.status(), label).toBe(403);
      const json = (await res.json()) as { success: boolean; message: string };
      expect(json.success, label).toBe(false);
      if (call.adminOnly) expect(json.message, label).toBe(ADMIN_ONLY);
    }
    const upload = await context.request.post(contract.url(ops.uploads.create), {
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
