import {
  couponCreateRequest,
  couponIdParam,
  couponResponse,
  couponsResponse,
  couponStatusRequest,
  defaultLinksListResponse,
  defaultLinkUpdateRequest,
  defaultLinkUpdateResponse,
  messageResponseSchema,
  paymentLinkResponse,
  servicePlanParams,
  servicesResponse,
  verifyCouponRequest,
  verifyCouponResponse,
} from '../schemas/index.ts';
import { errorReply, jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('Payments');

const UNKNOWN_PLAN = 'Unknown service or plan (a path that names neither is a missing resource, not a malformed request).';

export const payments = {
  services: op('GET /payments/services', 'paymentServices', { access: 'public', summary: 'Services, plans and prices',
    responses: { 200: jsonReply('The catalogue.', servicesResponse) } }),

  defaultLink: op('GET /payments/default/{service}/{planType}', 'paymentDefaultLink', { access: 'public', summary: 'The default payment link of a plan', params: servicePlanParams,
    description: 'Service slugs match in either spelling the spec uses (`mental-Health-Counselling`, `mentalHealthCounselling`, ...), in any case.',
    responses: { 200: jsonReply('The link.', paymentLinkResponse), 404: 'Unknown service or plan, or no link set.' } }),

  setDefaultLink: op('PUT /payments/default/{service}/{planType}', 'paymentSetDefaultLink', { access: 'verifiedAdmin', summary: 'Set the default payment link of a plan', params: servicePlanParams, body: defaultLinkUpdateRequest,
    responses: { 200: jsonReply('Saved.', defaultLinkUpdateResponse), 400: refusals(RULES.url), 404: UNKNOWN_PLAN } }),

  defaultLinks: op('GET /payments/default-links', 'paymentDefaultLinks', { access: 'verifiedAdmin', summary: 'All default payment links',
    responses: { 200: jsonReply('One row per plan with a link.', defaultLinksListResponse) } }),

  verifyCoupon: op('POST /payments/verify-coupon/{service}/{planType}', 'paymentVerifyCoupon', { access: 'public', summary: 'Apply a coupon', params: servicePlanParams, body: verifyCouponRequest,
    description: 'An active coupon for the right audience. New users, and a signed-in client, get its link. For anyone else who says they are an existing user the answer is the same for every email, and the link is emailed if the address belongs to a client account (nobody learns who is a client). Rate-limited.',
    responses: {
      200: jsonReply("The coupon's link for this plan, or `data.emailed` when it was sent by email (to a client's address only).", verifyCouponResponse),
      400: refusals(RULES.coupon),
      404: 'Unknown service, plan or coupon.',
      429: errorReply('Too many checks from this address.', { 'Retry-After': 'Seconds until the next check may start.' }),
    },
  }),

  createCoupon: op('POST /payments/coupon', 'paymentCreateCoupon', { access: 'verifiedAdmin', summary: 'Create a coupon', body: couponCreateRequest,
    responses: { 201: jsonReply('Created.', couponResponse), 400: refusals(RULES.coupon, RULES.url), 409: 'A coupon with this code exists.' } }),

  coupons: op('GET /payments/coupons', 'paymentCoupons', { access: 'verifiedAdmin', summary: 'All coupons',
    responses: { 200: jsonReply('The coupons.', couponsResponse) } }),

  setCouponStatus: op('PATCH /payments/coupon/{id}/status', 'paymentSetCouponStatus', { access: 'verifiedAdmin', summary: 'Activate or deactivate a coupon', params: couponIdParam, body: couponStatusRequest,
    responses: { 200: jsonReply('Changed.', couponResponse), 404: 'No such coupon.' } }),

  deleteCoupon: op('DELETE /payments/coupon/{id}', 'paymentDeleteCoupon', { access: 'verifiedAdmin', summary: 'Delete a coupon', params: couponIdParam,
    responses: { 200: jsonReply('Deleted.', messageResponseSchema), 404: 'No such coupon.' } }),
};
