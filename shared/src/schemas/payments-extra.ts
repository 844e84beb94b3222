import { z } from 'zod';
import { PLAN_TYPES, SERVICE_KEYS } from '../catalog/services.ts';

/**
 * Payment texts the API answers with that the shared catalogue does not have yet. Kept apart so
 * the owner of messages/payments.ts can fold them in.
 */
export const PAYMENT_EXTRA_MESSAGES = {
  /** An "Existing User" coupon check with an email that belongs to no client account. */
  emailNotRegistered: 'No registered account was found with this email. Check it, or choose New User.',
  tooManyCouponChecks: 'Too many coupon checks. Please try again in a few minutes.',
} as const;

/** One stored default payment link, as the admin list of links shows it. */
export const defaultLinkEntrySchema = z.object({
  service: z.enum(SERVICE_KEYS),
  planType: z.enum(PLAN_TYPES),
  paymentLink: z.string(),
  updatedAt: z.iso.datetime(),
});
export type DefaultLinkEntry = z.infer<typeof defaultLinkEntrySchema>;

/**
 * GET /api/v1/payments/default-links: the contract's list of {service, planType, paymentLink,
 * updatedAt}, one row per plan that has a link.
 */
export const defaultLinksListResponse = z.object({ success: z.literal(true), data: z.array(defaultLinkEntrySchema) });
export type DefaultLinksListResponse = z.infer<typeof defaultLinksListResponse>;

/** Answer of PUT /api/v1/payments/default/{service}/{planType}: the link as now stored. */
export const defaultLinkUpdateResponse = z.object({ success: z.literal(true), message: z.string(), data: defaultLinkEntrySchema });
export type DefaultLinkUpdateResponse = z.infer<typeof defaultLinkUpdateResponse>;
