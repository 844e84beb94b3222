import {
  accountCreatedResponseSchema,
  couponResponse,
  couponsResponse,
  defaultLinksListResponse,
  defaultLinkUpdateResponse,
  doctorDetailsResponse,
  meetingResponse,
  messageResponseSchema,
  SERVICES,
  statusListResponse,
  VERIFIED_PAGE_SIZE,
  verifyEmailResponse,
  type CouponCreateData,
  type CouponStatusRequest,
  type CreateMeetingRequest,
  type DefaultLinkUpdateRequest,
  type PlanType,
  type RegisterRequest,
  type RejectRequest,
  type ServiceKey,
  type VerifyEmailRequest,
} from '@bh/shared';
import {
  emailRecordSchema,
  inviteResponse,
  pendingInvitationsResponse,
  type InviteRequest,
} from '@bh/shared';
import { z } from 'zod';
import { apiCall } from '../providers/http.ts';

const encode = encodeURIComponent;

export interface VerifiedAssociatesQuery {
  page: number;
  limit?: number;
  /** Already trimmed; undefined lists everyone. */
  email?: string | undefined;
}

/**
 * The spec's admin calls (§7) as named dataProvider methods. Each answer is parsed with its shared
 * response schema, so a screen never reads a field the contract does not promise.
 */
export const adminDataMethods = {
  /** POST /user/register: the answer carries the created account, but the screen only shows the message. */
  createAccount: (body: RegisterRequest) =>
    apiCall('/user/register', { method: 'POST', body, schema: accountCreatedResponseSchema }),

  /** POST /user/invite: Create Accounts without a password; the person sets one from the email. */
  inviteAccount: (body: InviteRequest) => apiCall('/user/invite', { method: 'POST', body, schema: inviteResponse }),

  getPendingInvitations: (signal?: AbortSignal) =>
    apiCall('/user/invitations', { schema: pendingInvitationsResponse, ...(signal ? { signal } : {}) }),

  resendInvitation: (userId: string) =>
    apiCall(`/user/invitations/${encode(userId)}/resend`, { method: 'POST', schema: messageResponseSchema }),

  revokeInvitation: (userId: string) =>
    apiCall(`/user/invitations/${encode(userId)}`, { method: 'DELETE', schema: messageResponseSchema }),

  /** POST /admin/emails/{id}/resend: a failed email back in the outbox with fresh tries. */
  resendEmail: (id: string) =>
    apiCall(`/admin/emails/${encode(id)}/resend`, {
      method: 'POST',
      schema: z.object({ success: z.literal(true), message: z.string(), data: emailRecordSchema }),
    }),

  verifyParticipantEmail: (body: VerifyEmailRequest) =>
    apiCall('/meeting/verify-email', { method: 'POST', body, schema: verifyEmailResponse }),

  createMeeting: (body: CreateMeetingRequest) =>
    apiCall('/meeting/create-meeting', { method: 'POST', body, schema: meetingResponse }),

  getPendingAssociates: (signal?: AbortSignal) =>
    apiCall('/register/status-pending', { schema: statusListResponse, ...(signal ? { signal } : {}) }),

  getVerifiedAssociates: ({ page, limit = VERIFIED_PAGE_SIZE, email }: VerifiedAssociatesQuery, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page: String(page), limit: String(limit) });
    if (email) query.set('email', email);
    return apiCall(`/register/status-verified?${query.toString()}`, { schema: statusListResponse, ...(signal ? { signal } : {}) });
  },

  getAssociateDetails: (userId: string, signal?: AbortSignal) =>
    apiCall(`/register/doctor-details/${encode(userId)}`, { schema: doctorDetailsResponse, ...(signal ? { signal } : {}) }),

  verifyAssociate: (userId: string) =>
    apiCall(`/register/verify-doctor/${encode(userId)}`, { method: 'POST', schema: messageResponseSchema }),

  rejectAssociate: (userId: string, body: RejectRequest) =>
    apiCall(`/register/reject-doctor/${encode(userId)}`, { method: 'POST', body, schema: messageResponseSchema }),

  createCoupon: (body: CouponCreateData) =>
    apiCall('/payments/coupon', { method: 'POST', body, schema: couponResponse }),

  getCoupons: (signal?: AbortSignal) =>
    apiCall('/payments/coupons', { schema: couponsResponse, ...(signal ? { signal } : {}) }),

  setCouponStatus: (couponId: string, body: CouponStatusRequest) =>
    apiCall(`/payments/coupon/${encode(couponId)}/status`, { method: 'PATCH', body, schema: couponResponse }),

  deleteCoupon: (couponId: string) =>
    apiCall(`/payments/coupon/${encode(couponId)}`, { method: 'DELETE', schema: messageResponseSchema }),

  getDefaultLinks: (signal?: AbortSignal) =>
    apiCall('/payments/default-links', { schema: defaultLinksListResponse, ...(signal ? { signal } : {}) }),

  /** Under the service's slug, as the public payment pages spell it. */
  updateDefaultLink: (service: ServiceKey, plan: PlanType, body: DefaultLinkUpdateRequest) =>
    apiCall(`/payments/default/${encode(SERVICES[service].slug)}/${encode(plan)}`, {
      method: 'PUT',
      body,
      schema: defaultLinkUpdateResponse,
    }),
};

export type AdminDataMethods = typeof adminDataMethods;
