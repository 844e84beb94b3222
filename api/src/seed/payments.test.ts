import { beforeAll, describe, expect, it } from 'vitest';
import { couponsResponse, paymentLinkResponse, verifyCouponResponse } from '@bh/shared';
import { bodyOf, createTestContext, type TestContext } from '../../test/context.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('demo payments', () => {
  it('sets all four default links and two active coupons, WELCOME10 for new users and CARE20 for existing ones', async () => {
    expect(await seedDemoData(ctx.deps)).not.toBeNull();
    for (const path of ['mental-Health-Counselling/single', 'mental-Health-Counselling/bundle', 'cosmetologist-consultancy/single', 'cosmetologist-consultancy/bundle']) {
      const res = await ctx.request('GET', `/api/v1/payments/default/${path}`);
      expect(res.status, path).toBe(200);
      expect(paymentLinkResponse.parse(await res.json()).data.paymentLink).toMatch(/^https:\/\//);
    }

    const admin = await ctx.login('admin@demo.betterhealth.in', DEMO_PASSWORD);
    const coupons = couponsResponse.parse(await (await ctx.request('GET', '/api/v1/payments/coupons', { cookie: admin })).json()).data;
    expect(coupons.map((c) => [c.couponCode, c.forNewUsers, c.isActive]).sort()).toEqual([
      ['CARE20', false, true],
      ['WELCOME10', true, true],
    ]);

    const welcome = await ctx.request('POST', '/api/v1/payments/verify-coupon/mentalHealthCounselling/single', {
      body: { couponCode: 'welcome10', email: null, isExistingUser: false },
    });
    expect(welcome.status).toBe(200);
    // An existing client gets the link at once only when signed in; otherwise it is emailed (issue 19, item 7).
    const priya = await ctx.login('priya@demo.betterhealth.in', DEMO_PASSWORD);
    const care = await ctx.request('POST', '/api/v1/payments/verify-coupon/cosmetologist-consultancy/bundle', {
      cookie: priya,
      body: { couponCode: 'CARE20', email: 'priya@demo.betterhealth.in', isExistingUser: true },
    });
    expect(care.status).toBe(200);
    expect(await bodyOf(care, verifyCouponResponse)).toMatchObject({ data: { paymentLink: expect.stringContaining('care20/') } });
  });
});
