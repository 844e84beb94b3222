import { z } from 'zod';
import {
  PLAN_TYPES,
  type PlanType,
  resolvePlanType,
  resolveServiceKey,
  SERVICE_KEYS,
  SERVICES,
  type ServiceKey,
} from '../catalog/services.ts';
import { PAYMENT_MESSAGES as M } from '../messages/payments.ts';
import { cleanEmail } from '../rules/text.ts';
import { lineString, objectIdString, successResponse } from './common.ts';
import { httpUrlField, whenFieldsValid } from './fields.ts';

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 30;
const COUPON_CODE_CHARACTERS = /^[A-Za-z0-9_-]*$/;

/** Payment links are checkout pages: https only, so card details never travel in the clear. */
const paymentLinkField = () => httpUrlField(M.paymentLinkRequired, M.invalidUrl, { message: M.httpsRequired });

// ---- Services and default links --------------------------------------------------------------

const planSummary = z.object({
  type: z.enum(PLAN_TYPES),
  name: z.string(),
  price: z.number(),
  originalPrice: z.number().optional(),
});

const serviceSummary = z.object({ displayName: z.string(), plans: z.array(planSummary) });

/** GET /api/v1/payments/services: every service with its plans and prices in rupees. */
export const servicesResponse = successResponse({
  data: z.record(z.enum(SERVICE_KEYS), serviceSummary),
});
export type ServicesResponse = z.infer<typeof servicesResponse>;

/** The `data` of the services call, built from the one catalogue. */
export function servicesCatalogue(): ServicesResponse['data'] {
  const entry = (key: ServiceKey) => ({
    displayName: SERVICES[key].displayName,
    plans: SERVICES[key].plans.map((plan) => ({
      type: plan.type,
      name: plan.name,
      price: plan.price,
      ...(plan.originalPrice === undefined ? {} : { originalPrice: plan.originalPrice }),
    })),
  });
  return { mentalHealthCounselling: entry('mentalHealthCounselling'), cosmetologistConsultancy: entry('cosmetologistConsultancy') };
}

/**
 * The {service}/{planType} path parameters of the default-link, verify-coupon and link-update
 * calls, in any spelling the spec uses; resolved to the catalogue's keys.
 */
export const servicePlanParams = z
  .strictObject({ service: z.string(), planType: z.string() })
  .transform((v, ctx): { service: ServiceKey; planType: PlanType } => {
    const service = resolveServiceKey(v.service);
    const planType = resolvePlanType(v.planType);
    if (service === null || planType === null) {
      ctx.addIssue({ code: 'custom', message: M.unknownServiceOrPlan });
      return z.NEVER;
    }
    return { service, planType };
  });

/** GET /api/v1/payments/default/{service}/{planType} and a successful verify-coupon. */
export const paymentLinkResponse = successResponse({
  message: z.string().optional(),
  data: z.object({ paymentLink: z.string() }),
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponse>;
export const defaultLinkResponse = paymentLinkResponse;
/**
 * A successful verify-coupon: the coupon's link itself (new users; a signed-in client), or, for
 * anyone else who says they are an existing user, the same answer for every email (DPDP, DESIGN
 * §8: a stranger must not learn who is a client) while the link goes by email to a client's address.
 */
export const verifyCouponResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.union([z.object({ paymentLink: z.string() }), z.object({ emailed: z.literal(true) })]),
});
export type VerifyCouponResponse = z.infer<typeof verifyCouponResponse>;

/** One link per plan of each service: the shape of coupon links and of the default links. */
const paymentLinksShape = z.strictObject({
  mentalHealthCounselling: z.strictObject({ single: paymentLinkField(), bundle: paymentLinkField() }),
  cosmetologistConsultancy: z.strictObject({ single: paymentLinkField(), bundle: paymentLinkField() }),
});
export type PaymentLinks = z.output<typeof paymentLinksShape>;

/** The admin call that replaces one of the four default links (the plan comes from servicePlanParams). */
export const defaultLinkUpdateRequest = z.strictObject({ paymentLink: paymentLinkField() });
export type DefaultLinkUpdateRequest = z.input<typeof defaultLinkUpdateRequest>;

/** One stored default payment link, as the admin's list of links shows it. */
export const defaultLinkEntrySchema = z.object({
  service: z.enum(SERVICE_KEYS),
  planType: z.enum(PLAN_TYPES),
  paymentLink: z.string(),
  updatedAt: z.iso.datetime(),
});
export type DefaultLinkEntry = z.infer<typeof defaultLinkEntrySchema>;

/** The admin's list of default links: one row per plan that has a link. */
export const defaultLinksListResponse = successResponse({ data: z.array(defaultLinkEntrySchema) });

/** Answer of the default-link update: the link as now stored. */
export const defaultLinkUpdateResponse = successResponse({
  message: z.string(),
  data: defaultLinkEntrySchema,
});

// ---- Coupons ---------------------------------------------------------------------------------

/**
 * POST /api/v1/payments/verify-coupon/{service}/{planType}. The code is matched upper case; an
 * existing user must give their email, a new user's email is dropped (sent as null).
 */
export const verifyCouponRequest = z
  .strictObject({
    couponCode: lineString(M.couponCodeMissing)
      .trim()
      .min(1, M.couponCodeMissing)
      .max(64, M.couponInvalid)
      .transform((v) => v.toUpperCase()),
    email: z.string({ error: M.emailInvalid }).overwrite(cleanEmail).trim().max(254, M.emailInvalid).nullish(),
    isExistingUser: z.boolean({ error: M.userTypeRequired }),
  })
  .refine((v) => !v.isExistingUser || (v.email ?? '') !== '', {
    message: M.emailMissing,
    path: ['email'],
    when: whenFieldsValid('email', 'isExistingUser'),
  })
  .refine((v) => !v.isExistingUser || z.email().safeParse(v.email).success, {
    message: M.emailInvalid,
    path: ['email'],
    when: whenFieldsValid('email', 'isExistingUser'),
  })
  .transform((v) => ({
    couponCode: v.couponCode,
    isExistingUser: v.isExistingUser,
    email: v.isExistingUser && v.email ? v.email : null,
  }));
export type VerifyCouponRequest = z.input<typeof verifyCouponRequest>;

const couponCodeField = z
  .string({ error: M.couponCodeRequired })
  .trim()
  .min(1, M.couponCodeRequired)
  .refine((v) => v === '' || v.length >= COUPON_CODE_MIN, M.couponCodeTooShort)
  .refine((v) => v.length <= COUPON_CODE_MAX, M.couponCodeTooLong)
  .refine((v) => COUPON_CODE_CHARACTERS.test(v), M.couponCodeCharacters)
  .transform((v) => v.toUpperCase());

/**
 * POST /api/v1/payments/coupon (the Create Coupon form too): stored upper case, new coupons
 * active and for existing users unless chosen otherwise (spec §9).
 */
export const couponCreateRequest = z.strictObject({
  couponCode: couponCodeField,
  forNewUsers: z.boolean().default(false),
  isActive: z.boolean().default(true),
  paymentLinks: paymentLinksShape,
});
export type CouponCreateRequest = z.input<typeof couponCreateRequest>;
export type CouponCreateData = z.output<typeof couponCreateRequest>;

/** PATCH /api/v1/payments/coupon/{id}/status. */
export const couponStatusRequest = z.strictObject({
  isActive: z.boolean({ error: M.isActiveRequired }),
});
export type CouponStatusRequest = z.input<typeof couponStatusRequest>;

/** Path parameter of the coupon status and delete calls. */
export const couponIdParam = z.strictObject({ id: objectIdString });

const paymentLinksView = z.object({
  mentalHealthCounselling: z.object({ single: z.string(), bundle: z.string() }),
  cosmetologistConsultancy: z.object({ single: z.string(), bundle: z.string() }),
});

/** A coupon as the coupon calls return it. */
export const couponSchema = z.object({
  _id: z.string(),
  couponCode: z.string(),
  forNewUsers: z.boolean(),
  isActive: z.boolean(),
  paymentLinks: paymentLinksView,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** GET /api/v1/payments/coupons, newest first. */
export const couponsResponse = successResponse({ data: z.array(couponSchema) });

/** Answer of coupon create and status calls: the coupon as it now stands. */
export const couponResponse = successResponse({ message: z.string(), data: couponSchema });
