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
import { jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('Account links');

/** Invitations and password resets by one-time emailed links (DESIGN §3). */
export const accountLinks = {
  forgotPassword: op('POST /user/forgot-password', 'userForgotPassword', { access: 'public', summary: 'Ask for a password reset link', body: forgotPasswordRequest,
    description: 'Answers the same whether or not an account has this email. When one has, emails it a one-time link (30 minutes). Rate-limited per address (429); past a few requests per account in an hour it answers the same and sends nothing.',
    responses: { 200: jsonReply('Always the same answer.', messageResponseSchema), 400: refusals(RULES.email), 429: 'Too many requests from this address.' } }),

  resetPassword: op('POST /user/reset-password', 'userResetPassword', { access: 'public', summary: 'Set a new password with a reset link', body: resetPasswordRequest,
    description: 'Spends the link, sets the password under the product\'s password rules, ends every session of the account and emails a "your password was changed" notice. Anyone holding a live link may call.',
    responses: { 200: jsonReply('Changed; sign in again.', messageResponseSchema), 400: refusals(RULES.password, 'a link that is unknown, spent or expired') } }),

  acceptInvitation: op('POST /user/accept-invitation', 'userAcceptInvitation', { access: 'public', summary: 'Accept an invitation: set the password and sign in', body: acceptInvitationRequest,
    description: 'Spends the invitation link (72 hours, single use), sets the password and starts a session (sets `bh_session`). Anyone holding a live invitation link may call.',
    responses: { 200: jsonReply('Password set, signed in.', acceptInvitationResponse, { 'Set-Cookie': 'The session cookie `bh_session`.' }), 400: refusals(RULES.password, 'a link that is unknown, spent or expired') } }),

  invite: op('POST /user/invite', 'userInvite', { access: 'verifiedAdmin', summary: 'Create an account by invitation', body: inviteRequest,
    description: 'Create Accounts without a password: the person gets an email with a one-time link to choose one. The direct-password path (`/user/register`) stays.',
    responses: { 201: jsonReply('Account created, invitation queued.', inviteResponse), 400: refusals(RULES.email, RULES.text), 409: 'An account with this email exists.' } }),

  invitations: op('GET /user/invitations', 'userInvitations', { access: 'verifiedAdmin', summary: 'Pending invitations',
    responses: { 200: jsonReply('Accounts whose invitation has not been accepted, newest first (at most 200).', pendingInvitationsResponse) } }),

  resendInvitation: op('POST /user/invitations/{userId}/resend', 'userResendInvitation', { access: 'verifiedAdmin', summary: 'Send an invitation again', params: invitationUserParam,
    description: 'Earlier links of this invitation stop working; a new one is emailed. Also re-opens a revoked invitation.',
    responses: { 200: jsonReply('Queued.', messageResponseSchema), 404: 'No invitation for this account.' } }),

  revokeInvitation: op('DELETE /user/invitations/{userId}', 'userRevokeInvitation', { access: 'verifiedAdmin', summary: 'Revoke a pending invitation', params: invitationUserParam,
    description: 'Its links stop working and an unsent invitation email is cancelled. The account stays, without a usable password.',
    responses: { 200: jsonReply('Revoked.', messageResponseSchema), 404: 'No pending invitation for this account.' } }),
};
