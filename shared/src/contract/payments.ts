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
import { defineOperation, errorReply, jsonBody, jsonReply } from './define.ts';

const UNKNOWN_PLAN = errorReply('Unknown service or plan (a path that names neither is a missing resource, not a malformed request).');

export const payments = {
  services: defineOperation({
    operationId: 'paymentServices',
    method: 'get',
    path: '/payments/services',
    tags: ['Payments'],
    summary: 'Services, plans and prices',
    access: 'public',
    responses: { 200: jsonReply('The catalogue.', servicesResponse) },
  }),

  defaultLink: defineOperation({
    operationId: 'paymentDefaultLink',
    method: 'get',
    path: '/payments/default/{service}/{planType}',
    tags: ['Payments'],
    summary: 'The default payment link of a plan',
    description: 'Service slugs match in either spelling the spec uses (`mental-Health-Counselling`, `mentalHealthCounselling`, ...), in any case.',
    access: 'public',
    request: { params: servicePlanParams },
    responses: { 200: jsonReply('The link.', paymentLinkResponse), 404: errorReply('Unknown service or plan, or no link set.') },
  }),

  setDefaultLink: defineOperation({
    operationId: 'paymentSetDefaultLink',
    method: 'put',
    path: '/payments/default/{service}/{planType}',
    tags: ['Payments'],
    summary: 'Set the default payment link of a plan',
    access: 'verifiedAdmin',
    request: { params: servicePlanParams, body: jsonBody(defaultLinkUpdateRequest) },
    responses: { 200: jsonReply('Saved.', defaultLinkUpdateResponse), 404: UNKNOWN_PLAN },
  }),

  defaultLinks: defineOperation({
    operationId: 'paymentDefaultLinks',
    method: 'get',
    path: '/payments/default-links',
    tags: ['Payments'],
    summary: 'All default payment links',
    access: 'verifiedAdmin',
    responses: { 200: jsonReply('One row per plan with a link.', defaultLinksListResponse) },
  }),

  verifyCoupon: defineOperation({
    operationId: 'paymentVerifyCoupon',
    method: 'post',
    path: '/payments/verify-coupon/{service}/{planType}',
    tags: ['Payments'],
    summary: 'Apply a coupon',
    description:
      'An active coupon for the right audience. New users, and a signed-in client, get its link. For anyone else who says they are an existing user the answer is the same for every email, and the link is emailed if the address belongs to a client account (nobody learns who is a client). Rate-limited.',
    access: 'public',
    request: { params: servicePlanParams, body: jsonBody(verifyCouponRequest) },
    responses: {
      200: jsonReply("The coupon's link for this plan, or `data.emailed` when it was sent by email (to a client's address only).", verifyCouponResponse),
      404: errorReply('Unknown service, plan or coupon.'),
      429: errorReply('Too many checks from this address.', { 'Retry-After': 'Seconds until the next check may start.' }),
    },
  }),

  createCoupon: defineOperation({
    operationId: 'paymentCreateCoupon',
    method: 'post',
    path: '/payments/coupon',
    tags: ['Payments'],
    summary: 'Create a coupon',
    access: 'verifiedAdmin',
    request: { body: jsonBody(couponCreateRequest) },
    responses: { 201: jsonReply('Created.', couponResponse), 409: errorReply('A coupon with this code exists.') },
  }),

  coupons: defineOperation({
    operationId: 'paymentCoupons',
    method: 'get',
    path: '/payments/coupons',
    tags: ['Payments'],
    summary: 'All coupons',
    access: 'verifiedAdmin',
    responses: { 200: jsonReply('The coupons.', couponsResponse) },
  }),

  setCouponStatus: defineOperation({
    operationId: 'paymentSetCouponStatus',
    method: 'patch',
    path: '/payments/coupon/{id}/status',
    tags: ['Payments'],
    summary: 'Activate or deactivate a coupon',
    access: 'verifiedAdmin',
    request: { params: couponIdParam, body: jsonBody(couponStatusRequest) },
    responses: { 200: jsonReply('Changed.', couponResponse), 404: errorReply('No such coupon.') },
  }),

  deleteCoupon: defineOperation({
    operationId: 'paymentDeleteCoupon',
    method: 'delete',
    path: '/payments/coupon/{id}',
    tags: ['Payments'],
    summary: 'Delete a coupon',
    access: 'verifiedAdmin',
    request: { params: couponIdParam },
    responses: { 200: jsonReply('Deleted.', messageResponseSchema), 404: errorReply('No such coupon.') },
  }),
};
