import { describe, expect, it } from 'vitest';
import { SERVICES } from '../catalog/services.ts';
import { PAYMENT_MESSAGES as M } from '../messages/payments.ts';
import {
  couponCreateRequest,
  couponIdParam,
  couponSchema,
  couponsResponse,
  couponStatusRequest,
  defaultLinkResponse,
  defaultLinksListResponse,
  defaultLinkUpdateRequest,
  defaultLinkUpdateResponse,
  servicePlanParams,
  servicesCatalogue,
  servicesResponse,
  verifyCouponRequest,
} from './payments.ts';
import { errorsOf } from '../../test/zod-errors.ts';

function links(prefix = 'https://pay.example.in') {
  return {
    mentalHealthCounselling: { single: `${prefix}/mhc-1`, bundle: `${prefix}/mhc-3` },
    cosmetologistConsultancy: { single: `${prefix}/cos-1`, bundle: `${prefix}/cos-3` },
  };
}

describe('services', () => {
  it('builds the services answer from the catalogue', () => {
    const data = servicesCatalogue();
    expect(servicesResponse.parse({ success: true, data })).toEqual({ success: true, data });
    expect(data.mentalHealthCounselling.displayName).toBe(SERVICES.mentalHealthCounselling.displayName);
    expect(data.mentalHealthCounselling.plans).toEqual([
      { type: 'single', name: 'Single Session', price: 1250 },
      { type: 'bundle', name: '3-Session Pack', price: 3000, originalPrice: 3750 },
    ]);
    expect(data.cosmetologistConsultancy.plans.map((p) => p.price)).toEqual([250, 500]);
  });

  it('resolves service and plan in every spelling of the spec', () => {
    expect(servicePlanParams.parse({ service: 'mental-Health-Counselling', planType: 'single' })).toEqual({
      service: 'mentalHealthCounselling',
      planType: 'single',
    });
    expect(servicePlanParams.parse({ service: 'cosmetologist-Consultancy', planType: 'Bundle' })).toEqual({
      service: 'cosmetologistConsultancy',
      planType: 'bundle',
    });
    expect(errorsOf(servicePlanParams, { service: 'ayurveda', planType: 'single' })).toEqual({ '': M.unknownServiceOrPlan });
    expect(errorsOf(servicePlanParams, { service: 'cosmetologistConsultancy', planType: 'triple' })).toEqual({
      '': M.unknownServiceOrPlan,
    });
  });

  it('describes the default link answer', () => {
    expect(defaultLinkResponse.safeParse({ success: true, data: { paymentLink: 'https://pay.example.in/x' } }).success).toBe(true);
    expect(defaultLinkResponse.safeParse({ success: true, data: {} }).success).toBe(false);
  });
});

describe('verifyCouponRequest', () => {
  it('trims and upper-cases the code; keeps an existing user’s email', () => {
    expect(verifyCouponRequest.parse({ couponCode: ' save10 ', email: ' Asha@Example.in ', isExistingUser: true })).toEqual({
      couponCode: 'SAVE10',
      email: 'asha@example.in',
      isExistingUser: true,
    });
  });

  it('sends null as a new user’s email', () => {
    expect(verifyCouponRequest.parse({ couponCode: 'WELCOME', email: null, isExistingUser: false }).email).toBeNull();
    expect(verifyCouponRequest.parse({ couponCode: 'WELCOME', email: 'typed@x.in', isExistingUser: false }).email).toBeNull();
    expect(verifyCouponRequest.parse({ couponCode: 'WELCOME', isExistingUser: false }).email).toBeNull();
  });

  it('gives the spec messages', () => {
    expect(errorsOf(verifyCouponRequest, { couponCode: '  ', email: null, isExistingUser: false })).toEqual({
      couponCode: 'Please enter a coupon code',
    });
    expect(errorsOf(verifyCouponRequest, { couponCode: 'SAVE10', email: ' ', isExistingUser: true })).toEqual({
      email: 'Please enter your email address',
    });
    expect(errorsOf(verifyCouponRequest, { couponCode: 'SAVE10', email: null, isExistingUser: true })).toEqual({
      email: M.emailMissing,
    });
    expect(errorsOf(verifyCouponRequest, { couponCode: '', email: 'asha@', isExistingUser: true })).toEqual({
      couponCode: M.couponCodeMissing,
      email: M.emailInvalid,
    });
    expect(errorsOf(verifyCouponRequest, { couponCode: 'SAVE10', email: null })).toEqual({
      isExistingUser: M.userTypeRequired,
    });
  });

  it('rejects operators, arrays and unknown keys', () => {
    expect(verifyCouponRequest.safeParse({ couponCode: { $ne: null }, email: null, isExistingUser: false }).success).toBe(false);
    expect(verifyCouponRequest.safeParse({ couponCode: 'A', email: { $gt: '' }, isExistingUser: true }).success).toBe(false);
    expect(verifyCouponRequest.safeParse({ couponCode: ['A'], email: null, isExistingUser: false }).success).toBe(false);
    expect(verifyCouponRequest.safeParse({ couponCode: 'A', email: null, isExistingUser: 'true' }).success).toBe(false);
    expect(verifyCouponRequest.safeParse({ couponCode: 'A', email: null, isExistingUser: false, isActive: true }).success).toBe(false);
    for (const body of [null, 'x', [], 1]) {
      expect(() => verifyCouponRequest.safeParse(body)).not.toThrow();
      expect(verifyCouponRequest.safeParse(body).success).toBe(false);
    }
  });
});

describe('couponCreateRequest', () => {
  it('stores the code upper case with the form defaults', () => {
    expect(couponCreateRequest.parse({ couponCode: ' diwali25 ', paymentLinks: links() })).toEqual({
      couponCode: 'DIWALI25',
      forNewUsers: false,
      isActive: true,
      paymentLinks: links(),
    });
  });

  it('gives the spec messages for the code', () => {
    expect(errorsOf(couponCreateRequest, { couponCode: '', paymentLinks: links() })).toEqual({
      couponCode: 'Coupon code is required',
    });
    expect(errorsOf(couponCreateRequest, { couponCode: 'ab', paymentLinks: links() })).toEqual({
      couponCode: 'Coupon code must be at least 3 characters',
    });
    expect(couponCreateRequest.safeParse({ couponCode: 'abc', paymentLinks: links() }).success).toBe(true);
    expect(errorsOf(couponCreateRequest, { couponCode: 'A'.repeat(31), paymentLinks: links() })).toEqual({
      couponCode: M.couponCodeTooLong,
    });
    expect(errorsOf(couponCreateRequest, { couponCode: 'SAVE 10', paymentLinks: links() })).toEqual({
      couponCode: M.couponCodeCharacters,
    });
  });

  it('needs all four links, each a valid https URL', () => {
    const blank = {
      mentalHealthCounselling: { single: '', bundle: 'not a url' },
      cosmetologistConsultancy: { single: 'http://pay.example.in/x', bundle: 'javascript:alert(1)' },
    };
    expect(errorsOf(couponCreateRequest, { couponCode: 'SAVE10', paymentLinks: blank })).toEqual({
      'paymentLinks.mentalHealthCounselling.single': 'Payment link is required',
      'paymentLinks.mentalHealthCounselling.bundle': 'Please enter a valid URL',
      'paymentLinks.cosmetologistConsultancy.single': M.httpsRequired,
      'paymentLinks.cosmetologistConsultancy.bundle': M.invalidUrl,
    });
    const missing = errorsOf(couponCreateRequest, { couponCode: 'SAVE10', paymentLinks: { mentalHealthCounselling: {}, cosmetologistConsultancy: {} } });
    expect(Object.values(missing)).toEqual(Array(4).fill(M.paymentLinkRequired));
  });

  it('rejects unknown keys and operators', () => {
    expect(couponCreateRequest.safeParse({ couponCode: 'SAVE10', paymentLinks: links(), discount: 90 }).success).toBe(false);
    expect(
      couponCreateRequest.safeParse({ couponCode: 'SAVE10', paymentLinks: { ...links(), ayurveda: links().mentalHealthCounselling } }).success,
    ).toBe(false);
    expect(couponCreateRequest.safeParse({ couponCode: { $ne: null }, paymentLinks: links() }).success).toBe(false);
    expect(couponCreateRequest.safeParse({ couponCode: 'SAVE10', forNewUsers: 'yes', paymentLinks: links() }).success).toBe(false);
  });
});

describe('coupon status, default link and coupon shapes', () => {
  it('couponStatusRequest needs a boolean', () => {
    expect(couponStatusRequest.parse({ isActive: false })).toEqual({ isActive: false });
    expect(errorsOf(couponStatusRequest, {})).toEqual({ isActive: M.isActiveRequired });
    expect(couponStatusRequest.safeParse({ isActive: 'false' }).success).toBe(false);
    expect(couponIdParam.safeParse({ id: '65f1a2b3c4d5e6f708192a3b' }).success).toBe(true);
    expect(couponIdParam.safeParse({ id: 'abc' }).success).toBe(false);
  });

  it('defaultLinkUpdateRequest takes one https link', () => {
    expect(defaultLinkUpdateRequest.parse({ paymentLink: ' https://pay.example.in/x ' })).toEqual({
      paymentLink: 'https://pay.example.in/x',
    });
    expect(errorsOf(defaultLinkUpdateRequest, { paymentLink: '' })).toEqual({ paymentLink: M.paymentLinkRequired });
    expect(errorsOf(defaultLinkUpdateRequest, { paymentLink: 'http://pay.example.in/x' })).toEqual({
      paymentLink: M.httpsRequired,
    });
  });

  it('describes the admin list of default links', () => {
    const entry = {
      service: 'cosmetologistConsultancy',
      planType: 'bundle',
      paymentLink: 'https://pay.example.in/cos-3',
      updatedAt: '2026-03-10T08:30:00.000Z',
    };
    expect(defaultLinksListResponse.parse({ success: true, data: [entry] }).data).toEqual([entry]);
    expect(defaultLinkUpdateResponse.safeParse({ success: true, message: M.paymentLinkUpdated, data: entry }).success).toBe(true);
    expect(defaultLinksListResponse.safeParse({ success: true, data: [{ ...entry, service: 'ayurveda' }] }).success).toBe(false);
  });

  it('describes coupons in list answers', () => {
    const coupon = {
      _id: '65f1a2b3c4d5e6f708192a3b',
      couponCode: 'SAVE10',
      forNewUsers: false,
      isActive: true,
      paymentLinks: links(),
      createdAt: '2026-03-10T08:30:00.000Z',
      updatedAt: '2026-03-10T08:30:00.000Z',
    };
    expect(couponsResponse.parse({ success: true, data: [coupon] }).data[0]).toEqual(coupon);
    expect(couponSchema.safeParse({ ...coupon, isActive: 'yes' }).success).toBe(false);
  });

  it('message texts are the spec’s', () => {
    expect(M.fixErrorsBelow).toBe('Please fix the errors below');
    expect(M.couponApplied).toBe('Coupon applied successfully!');
    expect(M.couponCreated).toBe('Coupon created successfully!');
    expect(M.networkError).toBe('Network error. Please check your connection.');
  });
});
