/**
 * Texts of invitations, password resets and the outbox (DESIGN §3, §7). The spec has no such
 * screens, so these are the product's own words.
 */
export const ACCOUNT_LINK_MESSAGES = {
  forgotPasswordSent: 'If an account exists for this email, we have sent it a link to reset the password. The link works for 30 minutes.',
  tooManyResetRequests: 'Too many reset requests. Please try again later.',
  linkInvalid: 'This link is invalid, has already been used or has expired. Please ask for a new one.',
  tokenRequired: 'The link is incomplete. Please open the link from your email again.',
  passwordReset: 'Your password has been changed. Please log in with your new password.',
  invitationSent: 'Invitation sent',
  invitationAccepted: 'Welcome to Better Health! Your password is set.',
  invitationResent: 'Invitation sent again',
  invitationRevoked: 'Invitation revoked',
  noPendingInvitation: 'This account has no pending invitation',
} as const;

export const OUTBOX_MESSAGES = {
  resent: 'The email will be sent again',
  notFailed: 'Only a failed email can be sent again',
  calendarNotFound: 'Meeting not found',
} as const;
