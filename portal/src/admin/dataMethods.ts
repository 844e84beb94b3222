import {
  SERVICES,
  VERIFIED_PAGE_SIZE,
  type CouponCreateData,
  type CouponStatusRequest,
  type CreateMeetingRequest,
  type DefaultLinkUpdateRequest,
  type InviteRequest,
  type PlanType,
  type RegisterRequest,
  type RejectRequest,
  type ServiceKey,
  type VerifyEmailRequest,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { client } from '../providers/http.ts';

export interface VerifiedAssociatesQuery {
  page: number;
  limit?: number;
  /** Already trimmed; undefined lists everyone. */
  email?: string | undefined;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * The spec's admin calls (§7) as named dataProvider methods, each through its shared operation
 * definition: the answer is parsed with the operation's schema, so a screen never reads a field
 * the contract does not promise.
 */
export const adminDataMethods = {
  /** The answer carries the created account, but the screen only shows the message. */
  createAccount: (body: RegisterRequest) => client.call(api.user.register, { body }),

  /** Create Accounts without a password; the person sets one from the email. */
  inviteAccount: (body: InviteRequest) => client.call(api.accountLinks.invite, { body }),

  getPendingInvitations: (signal?: AbortSignal) => client.call(api.accountLinks.invitations, {}, withSignal(signal)),

  resendInvitation: (userId: string) => client.call(api.accountLinks.resendInvitation, { params: { userId } }),

  revokeInvitation: (userId: string) => client.call(api.accountLinks.revokeInvitation, { params: { userId } }),

  /** A failed email back in the outbox with fresh tries. */
  resendEmail: (id: string) => client.call(api.admin.resendEmail, { params: { id } }),

  verifyParticipantEmail: (body: VerifyEmailRequest) => client.call(api.meeting.verifyEmail, { body }),

  createMeeting: (body: CreateMeetingRequest) => client.call(api.meeting.create, { body }),

  getPendingAssociates: (signal?: AbortSignal) => client.call(api.register.pending, {}, withSignal(signal)),

  getVerifiedAssociates: ({ page, limit = VERIFIED_PAGE_SIZE, email }: VerifiedAssociatesQuery, signal?: AbortSignal) =>
    client.call(api.register.verified, { query: { page, limit, ...(email ? { email } : {}) } }, withSignal(signal)),

  getAssociateDetails: (userId: string, signal?: AbortSignal) =>
    client.call(api.register.doctorDetails, { params: { userId } }, withSignal(signal)),

  verifyAssociate: (userId: string) => client.call(api.register.verifyDoctor, { params: { userId } }),

  rejectAssociate: (userId: string, body: RejectRequest) => client.call(api.register.rejectDoctor, { params: { userId }, body }),

  createCoupon: (body: CouponCreateData) => client.call(api.payments.createCoupon, { body }),

  getCoupons: (signal?: AbortSignal) => client.call(api.payments.coupons, {}, withSignal(signal)),

  setCouponStatus: (couponId: string, body: CouponStatusRequest) =>
    client.call(api.payments.setCouponStatus, { params: { id: couponId }, body }),

  deleteCoupon: (couponId: string) => client.call(api.payments.deleteCoupon, { params: { id: couponId } }),

  getDefaultLinks: (signal?: AbortSignal) => client.call(api.payments.defaultLinks, {}, withSignal(signal)),

  /** Under the service's slug, as the public payment pages spell it. */
  updateDefaultLink: (service: ServiceKey, plan: PlanType, body: DefaultLinkUpdateRequest) =>
    client.call(api.payments.setDefaultLink, { params: { service: SERVICES[service].slug, planType: plan }, body }),
};

export type AdminDataMethods = typeof adminDataMethods;
