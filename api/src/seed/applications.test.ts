import { beforeAll, describe, expect, it } from 'vitest';
import { checkVerifiedResponse, doctorDetailsResponse, statusListResponse } from '@bh/shared';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';
import { DEMO_APPLICATION_NUMBERS } from './applications.ts';
import { revealNumbers } from '../domain/applications/register.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemoData(ctx.deps)).not.toBeNull();
});

describe('demo applications', () => {
  it('gives Dr. Meera a complete verified application whose documents the admin can open', async () => {
    const admin = await ctx.login('admin@demo.betterhealth.in', DEMO_PASSWORD);
    const meera = await ctx.deps.cols.users.findOne({ email: 'meera@demo.betterhealth.in' });
    const res = await ctx.request('GET', `/api/v1/register/doctor-details/${meera!._id.toHexString()}`, { cookie: admin });
    expect(res.status).toBe(200);
    const text = await res.text();
    const details = doctorDetailsResponse.parse(JSON.parse(text));
    expect(details.user).toMatchObject({ name: 'Dr. Meera Rao', isVerified: 'verified' });
    expect(details.employee.bankAccount.accountNumber).toBe('••••7812');
    expect(details.employee.personalInfo.Doc.map((d) => d.documentId)).toEqual(['••••5012', '••••821M']);
    expect(details.employee.salarySlip).toHaveLength(3);
    for (const secret of [DEMO_APPLICATION_NUMBERS.accountNumber, '739148265012', DEMO_APPLICATION_NUMBERS.pan]) expect(text).not.toContain(secret);

    const p = details.employee.personalInfo;
    const files: [string, string][] = [
      [p.resumeUrl, 'application/pdf'],
      ...p.Doc.flatMap((d): [string, string][] => [[d.frontImage, 'image/png'], [d.backImage, 'image/png']]),
      ...(details.employee.salarySlip as string[]).map((url): [string, string] => [url, 'application/pdf']),
    ];
    for (const [url, type] of files) {
      const file = await ctx.request('GET', url, { cookie: admin });
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }

    const meeraCookie = await ctx.login('meera@demo.betterhealth.in', DEMO_PASSWORD);
    const resume = await ctx.request('GET', p.resumeUrl, { cookie: meeraCookie });
    expect(resume.status).toBe(200);

    const verified = statusListResponse.parse(await (await ctx.request('GET', '/api/v1/register/status-verified', { cookie: admin })).json());
    expect(verified.user.map((u) => u.email)).toContain('meera@demo.betterhealth.in');
  });

  it('stores the demo numbers encrypted, and they decrypt with the key', async () => {
    const meera = await ctx.deps.cols.users.findOne({ email: 'meera@demo.betterhealth.in' });
    const app = await ctx.deps.cols.applications.findOne({ userId: meera!._id });
    expect(JSON.stringify(app)).not.toContain(DEMO_APPLICATION_NUMBERS.accountNumber);
    expect(revealNumbers(ctx.deps, app!)).toEqual({
      accountNumber: DEMO_APPLICATION_NUMBERS.accountNumber,
      documentIds: ['739148265012', DEMO_APPLICATION_NUMBERS.pan],
    });
  });

  it('leaves Vikram without an application, so his dashboard stays locked', async () => {
    const admin = await ctx.login('admin@demo.betterhealth.in', DEMO_PASSWORD);
    const pending = statusListResponse.parse(await (await ctx.request('GET', '/api/v1/register/status-pending', { cookie: admin })).json());
    expect(pending.user).toEqual([]);
    const vikram = await ctx.login('vikram@demo.betterhealth.in', DEMO_PASSWORD);
    const check = checkVerifiedResponse.parse(await (await ctx.request('GET', '/api/v1/register/check-verified', { cookie: vikram })).json());
    expect(check.isVerified).toBe('not_submitted');
    expect(await ctx.deps.cols.applications.countDocuments()).toBe(1);
  });
});
