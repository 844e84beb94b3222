import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  forgotPasswordRequest,
  invitationUserParam,
  inviteRequest,
  inviteResponse,
  messageResponseSchema,
  pendingInvitationsResponse,
  resetPasswordRequest,
} from '../schemas/index.ts';
import { defineOperation, errorReply, jsonBody, jsonReply } from './define.ts';

/** Invitations and password resets by one-time emailed links (DESIGN §3). */
export const accountLinks = {
  forgotPassword: defineOperation({
    operationId: 'userForgotPassword',
    method: 'post',
    path: '/user/forgot-password',
    tags: ['Account links'],
    summary: 'Ask for a password reset link',
    description:
      'Answers the same whether or not an account has this email. When one has, emails it a one-time link (30 minutes). Rate-limited per address (429); past a few requests per account in an hour it answers the same and sends nothing.',
    access: 'public',
    request: { body: jsonBody(forgotPasswordRequest) },
    responses: { 200: jsonReply('Always the same answer.', messageResponseSchema), 429: errorReply('Too many requests from this address.') },
  }),

  resetPassword: defineOperation({
    operationId: 'userResetPassword',
    method: 'post',
    path: '/user/reset-password',
    tags: ['Account links'],
    summary: 'Set a new password with a reset link',
    description:
      'Spends the link, sets the password under the product\'s password rules, ends every session of the account and emails a "your password was changed" notice. Anyone holding a live link may call.',
    access: 'public',
    request: { body: jsonBody(resetPasswordRequest) },
    responses: { 200: jsonReply('Changed; sign in again.', messageResponseSchema) },
  }),

  acceptInvitation: defineOperation({
    operationId: 'userAcceptInvitation',
    method: 'post',
    path: '/user/accept-invitation',
    tags: ['Account links'],
    summary: 'Accept an invitation: set the password and sign in',
    description:
      'Spends the invitation link (72 hours, single use), sets the password and starts a session (sets `bh_session`). Anyone holding a live invitation link may call.',
    access: 'public',
    request: { body: jsonBody(acceptInvitationRequest) },
    responses: {
      200: jsonReply('Password set, signed in.', acceptInvitationResponse, { 'Set-Cookie': 'The session cookie `bh_session`.' }),
    },
  }),

  invite: defineOperation({
    operationId: 'userInvite',
    method: 'post',
    path: '/user/invite',
    tags: ['Account links'],
    summary: 'Create an account by invitation',
    description:
      'Create Accounts without a password: the person gets an email with a one-time link to choose one. The direct-password path (`/user/register`) stays.',
    access: 'verifiedAdmin',
    request: { body: jsonBody(inviteRequest) },
    responses: { 201: jsonReply('Account created, invitation queued.', inviteResponse), 409: errorReply('An account with this email exists.') },
  }),

  invitations: defineOperation({
    operationId: 'userInvitations',
    method: 'get',
    path: '/user/invitations',
    tags: ['Account links'],
    summary: 'Pending invitations',
    access: 'verifiedAdmin',
    responses: {
      200: jsonReply('Accounts whose invitation has not been accepted, newest first (at most 200).', pendingInvitationsResponse),
    },
  }),

  resendInvitation: defineOperation({
    operationId: 'userResendInvitation',
    method: 'post',
    path: '/user/invitations/{userId}/resend',
    tags: ['Account links'],
    summary: 'Send an invitation again',
    description: 'Earlier links of this invitation stop working; a new one is emailed. Also re-opens a revoked invitation.',
    access: 'verifiedAdmin',
    request: { params: invitationUserParam },
    responses: { 200: jsonReply('Queued.', messageResponseSchema), 404: errorReply('No invitation for this account.') },
  }),

  revokeInvitation: defineOperation({
    operationId: 'userRevokeInvitation',
    method: 'delete',
    path: '/user/invitations/{userId}',
    tags: ['Account links'],
    summary: 'Revoke a pending invitation',
    description:
      'Its links stop working and an unsent invitation email is cancelled. The account stays, without a usable password.',
    access: 'verifiedAdmin',
    request: { params: invitationUserParam },
    responses: { 200: jsonReply('Revoked.', messageResponseSchema), 404: errorReply('No pending invitation for this account.') },
  }),
};
