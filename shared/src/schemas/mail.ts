import { z } from 'zod';
import { ACCOUNT_LINK_MESSAGES as L, AUTH_MESSAGES as A } from '../messages/index.ts';
import { emailField, objectIdString, requiredLine, successResponse } from './common.ts';
import { passwordField, publicUserSchema, ROLES } from './user.ts';

/** Every kind of email the product sends (DESIGN §7); each has one template in the API. */
export const EMAIL_TEMPLATES = [
  'invitation',
  'password-reset',
  'password-changed',
  'meeting-scheduled',
  'meeting-cancelled',
  'meeting-rescheduled',
  'meeting-reminder-24h',
  'meeting-reminder-1h',
  'application-verified',
  'application-rejected',
  'coupon-link',
  'erasure-scheduled',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/**
 * An outbox message's life: `pending` (waiting for its time or its next try), `sending` (leased by
 * one sender), then `sent`, `failed` (tries used up), `cancelled` (its meeting was deleted, its
 * invitation revoked) or `expired` (a reminder whose meeting had already started).
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled', 'expired'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One row of the admin Emails grid: who, what and how it went; never the body. */
export const emailRecordSchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.enum(EMAIL_TEMPLATES),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When it is (or was) due: later than createdAt for reminders. */
  dueAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type EmailRecord = z.infer<typeof emailRecordSchema>;

/** A one-time link's token: 43 base64url characters (256 bits). */
const tokenField = z
  .string({ error: L.tokenRequired })
  .min(1, L.tokenRequired)
  .max(200, L.linkInvalid);

export const forgotPasswordRequest = z.strictObject({ email: emailField(A.emailRequired, A.invalidEmail) });

export const resetPasswordRequest = z.strictObject({ token: tokenField, password: passwordField });

export const acceptInvitationRequest = z.strictObject({ token: tokenField, password: passwordField });

/** Create Accounts with an invitation instead of a password (the default of the form). */
export const inviteRequest = z.strictObject({
  name: requiredLine(A.nameRequired, 100),
  email: emailField(A.emailRequired, A.invalidEmail),
  role: z.enum(ROLES, { error: 'Role must be user, doctor or admin' }).default('user'),
});
export type InviteRequest = z.input<typeof inviteRequest>;

export const invitationUserParam = z.strictObject({ userId: objectIdString });

/** A pending invitation as the Create Accounts screen lists it. */
export const pendingInvitationSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const inviteResponse = successResponse({ message: z.string(), user: publicUserSchema });
export const pendingInvitationsResponse = successResponse({ data: z.array(pendingInvitationSchema) });
export const acceptInvitationResponse = successResponse({ message: z.string(), user: publicUserSchema });
