import { z } from 'zod';
import { PRIVACY_MESSAGES as P } from '../messages/privacy.ts';
import { emailField, objectIdString, requiredLine, requiredText } from './common.ts';
import { ROLES } from './user.ts';

/** Where a session came from, by the kind of address (no geolocation database is kept). */
export const SESSION_PLACES = ['loopback', 'local', 'internet', 'unknown'] as const;
export type SessionPlace = (typeof SESSION_PLACES)[number];

/** One signed-in device on the privacy page (DPDP Rule 6 safeguards; issue 19 item 5). */
export const sessionRecordSchema = z.object({
  /** A public handle derived from the stored hash: neither the token nor its hash leaves the server. */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  /** Browser and system as its User-Agent names them ('Chrome 131 on Windows'), or null when it sent none. */
  browser: z.string().nullable(),
  place: z.enum(SESSION_PLACES),
  /** The address range it signed in from (IPv4 /24, IPv6 /48), never the full address. */
  network: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export const sessionsResponse = z.object({ success: z.literal(true), data: z.array(sessionRecordSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionIdParam = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Invalid id') });

export const signOutOthersResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ signedOut: z.number().int() }) });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponse>;

/** What an admin did with an associate's data: every such read is logged (Rule 6; issue 19 item 6). */
export const ACCESS_ACTIONS = ['document.read', 'application.view'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.enum(ACCESS_ACTIONS),
  /** Who read it: the admin's name and role as they were at the time. */
  actor: z.object({ name: z.string(), role: z.enum(ROLES) }),
  /** What was read: a document's file name, or 'Application'. */
  what: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponse = z.object({ success: z.literal(true), data: z.array(accessLogEntrySchema) });
export type AccessLogResponse = z.infer<typeof accessLogResponse>;

/** The grievance officer (DPDP s. 13), from the server's settings. */
export const grievanceOfficerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;

export const privacyOverviewResponse = z.object({
  success: z.literal(true),
  data: z.object({ grievanceOfficer: grievanceOfficerSchema }),
});
export type PrivacyOverviewResponse = z.infer<typeof privacyOverviewResponse>;

export const privacyMessageResponse = z.object({ success: z.literal(true), message: z.string() });

// ---- Notice and consent (DPDP ss. 5-6) --------------------------------------------------------

/**
 * The version of the privacy notice and terms in force. Publishing a new notice means raising it:
 * everyone then sees the notice again on their next visit and their acceptance is recorded anew.
 */
export const NOTICE_VERSION = '2026-11';

/**
 * What a consent is for: the privacy notice, or verifying the documents of one application (given
 * with each submission, separate from the notice; issue 19 item 1).
 */
export const CONSENT_KINDS = ['notice', 'application-verification'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * The version of the application-verification consent text (`PRIVACY_MESSAGES.applicationConsent`
 * and its items). Raise it when that text changes: each consent row records the version it was given to.
 */
export const APPLICATION_CONSENT_VERSION = '2026-11';

export const consentRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(CONSENT_KINDS),
  action: z.enum(['given', 'withdrawn']),
  version: z.string(),
  at: z.iso.datetime(),
  /** The address range it came from (as for sessions), never the full address. */
  network: z.string().nullable(),
  /** For an application's consent: which submission of the application it belongs to (1, 2, ...). */
  round: z.number().int().optional(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** The consent an application's round was submitted under: its text's version, when given and, if so, withdrawn. */
export interface VerificationConsent<At> {
  version: string;
  givenAt: At;
  withdrawnAt: At | null;
}

/**
 * Reads the consent to verify round `round` of a person's application from their consent rows,
 * newest first (the API's stored rows and the records it sends alike): the latest consent given
 * for that round and a withdrawal made after it. Null when the round was sent without one.
 */
export function verificationConsentOf<At>(
  rows: readonly { kind: ConsentKind; action: 'given' | 'withdrawn'; version: string; at: At; round?: number | undefined }[],
  round: number,
): VerificationConsent<At> | null {
  const ofRound = rows.filter((row) => row.kind === 'application-verification' && row.round === round);
  const givenIndex = ofRound.findIndex((row) => row.action === 'given');
  const given = ofRound[givenIndex];
  if (!given) return null;
  // Newest first: a withdrawal listed before the consent came after it.
  const withdrawn = ofRound.slice(0, givenIndex).findLast((row) => row.action === 'withdrawn');
  return { version: given.version, givenAt: given.at, withdrawnAt: withdrawn?.at ?? null };
}

export const noticeStatusResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({
    version: z.string(),
    /** True when the caller's latest notice consent is for this version and not withdrawn. */
    accepted: z.boolean(),
    consents: z.array(consentRecordSchema),
  }),
});
export type NoticeStatusResponse = z.infer<typeof noticeStatusResponse>;

export const acceptNoticeRequest = z.strictObject({ version: z.string().max(40) });
/** Withdrawal names what is withdrawn (today the notice; the body leaves room for other consents). */
export const withdrawConsentRequest = z.strictObject({ kind: z.literal('notice') });
export type AcceptNoticeRequest = z.input<typeof acceptNoticeRequest>;

// ---- Requests (ss. 12-13) ---------------------------------------------------------------------

export const PRIVACY_REQUEST_KINDS = ['correction', 'erasure', 'grievance'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = ['open', 'scheduled', 'completed', 'rejected', 'answered'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** Days to answer each kind: grievances 90 (DPDP Rules 2025); correction and erasure 30 (our own promise). */
export const PRIVACY_REQUEST_DAYS: Record<PrivacyRequestKind, number> = { correction: 30, erasure: 30, grievance: 90 };
/** An accepted erasure is announced this long before it takes effect (DPDP Rules 2025). */
export const ERASURE_NOTICE_HOURS = 48;

export const privacyRequestCreate = z.strictObject({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: P.requestKindRequired }),
  details: requiredText(P.requestDetailsRequired, 2000),
});
export type PrivacyRequestCreate = z.input<typeof privacyRequestCreate>;

export const privacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  details: z.string(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  answer: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** When an accepted erasure takes effect (48 hours after it was accepted). */
  erasureAt: z.iso.datetime().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyRequestsResponse = z.object({ success: z.literal(true), data: z.array(privacyRequestSchema) });
export const privacyRequestResponse = z.object({ success: z.literal(true), message: z.string(), data: privacyRequestSchema });

/** The verified admins' queue: each request with whose it is. */
export const queuedPrivacyRequestSchema = privacyRequestSchema.extend({
  person: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
});
export type QueuedPrivacyRequest = z.infer<typeof queuedPrivacyRequestSchema>;
export const privacyQueueResponse = z.object({ success: z.literal(true), data: z.array(queuedPrivacyRequestSchema) });

export const privacyRequestIdParam = z.strictObject({ id: objectIdString });
export const privacyDecisionRequest = z.strictObject({
  decision: z.enum(['accept', 'reject']),
  answer: requiredText(P.answerRequired, 2000),
});
export type PrivacyDecisionRequest = z.input<typeof privacyDecisionRequest>;

// ---- Nominee (s. 14) --------------------------------------------------------------------------

export const nomineeRequest = z.strictObject({
  name: requiredLine(P.nomineeNameRequired, 100),
  email: emailField(P.nomineeEmailRequired, P.nomineeEmailInvalid),
  relationship: requiredLine(P.nomineeRelationshipRequired, 60),
});
export type NomineeRequest = z.input<typeof nomineeRequest>;
export const nomineeSchema = z.object({ name: z.string(), email: z.string(), relationship: z.string(), updatedAt: z.iso.datetime() });
export type Nominee = z.infer<typeof nomineeSchema>;
export const nomineeResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: nomineeSchema.nullable() });
