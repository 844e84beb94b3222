import { z } from 'zod';
import {
  adminIdParam,
  adminListQuery,
  applicantIdParam,
  applicationRequest,
  applicationSubmitResponse,
  auditEntrySchema,
  checkVerifiedResponse,
  couponCreateRequest,
  couponIdParam,
  couponResponse,
  couponSchema,
  couponsResponse,
  couponStatusRequest,
  createMeetingRequest,
  defaultLinksListResponse,
  defaultLinkUpdateRequest,
  defaultLinkUpdateResponse,
  doctorDetailsResponse,
  FILE_KIND_MIME,
  FILE_KINDS,
  getMeetingsResponse,
  loginRequestSchema,
  loginResponseSchema,
  MAX_FILE_NAME_LENGTH,
  meetingIdParam,
  meetingLookupRequest,
  meetingResponse,
  meetingSchema,
  messageResponseSchema,
  ownApplicationResponse,
  paymentLinkResponse,
  profileResponseSchema,
  profileUpdateRequestSchema,
  publicUserSchema,
  registerRequestSchema,
  rejectRequest,
  reportLinkRequest,
  servicePlanParams,
  servicesResponse,
  statusListResponse,
  statusVerifiedQuery,
  UPLOAD_FIELDS,
  uploadResponse,
  verifyCouponRequest,
  verifyCouponResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@bh/shared';
import { ACCESS, accessCell, api, type OperationConfig } from '@bh/shared/contract';
import { applicationRecordSchema } from '@bh/shared/schemas/registration-extra';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  emailRecordSchema,
  forgotPasswordRequest,
  invitationUserParam,
  inviteRequest,
  inviteResponse,
  pendingInvitationsResponse,
  resetPasswordRequest,
} from '@bh/shared';

/**
 * Every /api/v1 call, described once for the OpenAPI document and the reference page. The
 * request and response schemas are the shared zod schemas the API validates with; a test checks
 * that this list and the routes the app actually serves are the same set.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call (DESIGN §5): public, any signed-in account, or a role check that can also say 403. */
export type Auth = 'public' | 'session' | 'role';

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Non-JSON bodies (files). */
  content?: Record<string, { description: string }>;
  headers?: Record<string, string>;
}

export interface Operation {
  method: HttpMethod;
  /** Relative to /api/v1, with {name} path parameters. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** DESIGN §5's cell for this call, in words. */
  access: string;
  auth: Auth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data body instead of JSON. */
  multipart?: z.ZodType;
  /** The success response(s) and the errors particular to this call; 400/401/403 are added from auth and inputs. */
  responses: Record<number, ResponseSpec>;
}

export const TAGS = [
  { name: 'Health', description: 'Liveness of the API and its database.' },
  { name: 'User', description: 'Sign-in, sessions, profile and account creation (spec §7 "User service").' },
  { name: 'Meeting', description: 'Online sessions between a client and a BH Associate (spec §7 "Meeting service").' },
  { name: 'Registration', description: 'BH Associate verification applications and their review (spec §7 "Registration service").' },
  { name: 'Payments', description: 'Services, payment links and coupons (spec §7 "Payments service").' },
  { name: 'Account links', description: 'Invitations and password resets by one-time emailed links (DESIGN §3): tokens are stored hashed and work once; 72 hours for an invitation, 30 minutes for a reset.' },
  { name: 'Uploads', description: 'Private documents for applications (DESIGN §4): checked by their bytes, at most 10 MB, served only to their owner and verified admins.' },
  {
    name: 'Admin grids',
    description:
      'react-admin resources in ra-data-simple-rest conventions: `sort=["field","ASC"]`, `range=[0,24]` (inclusive, at most 100 records) and `filter={...}`, each JSON in a query parameter; the total comes in the `Content-Range` header, e.g. `meetings 0-24/319`. Verified admins only.',
  },
  {
    name: 'Privacy',
    description:
      'The signed-in person\'s own privacy centre (DPDP Act 2023, Rules 2025; DESIGN §8): their devices, who read their documents, the grievance officer. Every call reads or changes only the caller\'s own data.',
  },
  { name: 'Reference', description: 'This document.' },
] as const;

const dbState = z.enum(['ok', 'down', 'restarting']).describe('`restarting` while the supervised embedded database is being started again.');
const healthResponse = z.object({ status: z.enum(['ok', 'degraded']), db: dbState });
const liveResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ db: dbState }).catchall(z.enum(['ok', 'down'])).describe('The database, then each readiness check a module registered (e.g. the mail outbox).'),
});

const gridRecord = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => schema.extend({ id: z.string() });
const meetingRecord = gridRecord(meetingSchema);
const couponRecord = gridRecord(couponSchema);
const userRecord = gridRecord(publicUserSchema).extend({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() });

const uploadForm = z.object({
  field: z.enum(UPLOAD_FIELDS).describe('What the file is for: resume (PDF), document (JPEG, PNG or PDF) or salarySlip (PDF, JPEG or PNG).'),
  file: z.string().describe(`The file, at most 10 MB, name at most ${MAX_FILE_NAME_LENGTH} characters. Its kind is decided by its bytes.`),
});

const CONTENT_RANGE = { 'Content-Range': 'The page and the total, e.g. `meetings 0-24/319` (or `meetings */0` when empty).' };
const list = (resource: string, record: z.ZodType): ResponseSpec => ({
  description: `A page of ${resource} as a bare array.`,
  schema: z.array(record),
  headers: CONTENT_RANGE,
});

const ONLY_ADMINS = 'Verified admins.';

/** A shared contract operation as this document's entry (until the document is built from the contract alone). */
function fromContract(op: OperationConfig): Operation {
  const schemaOf = (content: unknown): z.ZodType | undefined =>
    (content as { 'application/json'?: { schema?: z.ZodType } } | undefined)?.['application/json']?.schema;
  const responses: Record<number, ResponseSpec> = {};
  for (const [status, reply] of Object.entries(op.responses)) {
    const r = reply as { description: string; content?: Record<string, unknown>; headers?: Record<string, { description: string }> };
    const schema = schemaOf(r.content);
    const files = r.content && !schema ? Object.fromEntries(Object.keys(r.content).map((type) => [type, { description: r.description }])) : undefined;
    const headers = r.headers ? Object.fromEntries(Object.entries(r.headers).map(([name, h]) => [name, h.description])) : undefined;
    responses[Number(status)] = { description: r.description, ...(schema ? { schema } : {}), ...(files ? { content: files } : {}), ...(headers ? { headers } : {}) };
  }
  const body = schemaOf((op.request?.body as { content?: unknown } | undefined)?.content);
  const params = op.request?.params as z.ZodType | undefined;
  return {
    method: op.method as HttpMethod,
    path: op.path,
    tag: op.tags[0],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    access: ACCESS[op.access].label,
    auth: op.access === 'public' ? 'public' : accessCell(op.access, { role: 'user', isVerified: 'not_submitted' }) === 'no' ? 'role' : 'session',
    ...(params ? { params } : {}),
    ...(body ? { body } : {}),
    responses,
  };
}

export const OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/health',
    tag: 'Health',
    summary: 'Is the API up and can it reach its database?',
    access: 'Anyone.',
    auth: 'public',
    responses: { 200: { description: 'Up, database reachable.', schema: healthResponse }, 503: { description: 'The database cannot be reached.', schema: healthResponse } },
  },
  {
    method: 'get',
    path: '/health/live',
    tag: 'Health',
    summary: 'Liveness: does the process answer?',
    description: 'Never touches the database. An orchestrator restarts the process when this stops answering.',
    access: 'Anyone.',
    auth: 'public',
    responses: { 200: { description: 'The process answers.', schema: liveResponse } },
  },
  {
    method: 'get',
    path: '/health/ready',
    tag: 'Health',
    summary: 'Readiness: can this instance serve traffic?',
    description: 'Ready when the database answers a ping and every readiness check registered by a module passes (each bounded to 1.5 s). A load balancer sends traffic only while this answers 200.',
    access: 'Anyone.',
    auth: 'public',
    responses: { 200: { description: 'Ready.', schema: readyResponse }, 503: { description: 'The database or a registered check is down (`Retry-After: 5`).', schema: readyResponse } },
  },

  // ---- User ------------------------------------------------------------------------------------
  {
    method: 'post',
    path: '/user/login',
    tag: 'User',
    summary: 'Sign in',
    description: 'Starts a session: sets the `bh_session` cookie (HttpOnly, SameSite=Lax). "Remember me" makes it last longer. Errors never say whether the email exists.',
    access: 'Anyone.',
    auth: 'public',
    body: loginRequestSchema,
    responses: {
      200: { description: 'Signed in.', schema: loginResponseSchema, headers: { 'Set-Cookie': 'The session cookie `bh_session`.' } },
      401: { description: 'Wrong email or password.' },
      429: { description: 'Too many failed attempts for this account from this address, from this address, or for this account from new addresses; `Retry-After` says when to try again.', headers: { 'Retry-After': 'Seconds until the next attempt may start.' } },
      503: { description: 'Too many sign-ins being checked at once; `Retry-After` says when to try again.', headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
  {
    method: 'post',
    path: '/user/logout',
    tag: 'User',
    summary: 'Sign out',
    description: 'Ends the session on the server and clears the cookie.',
    access: 'Any signed-in account.',
    auth: 'session',
    responses: { 200: { description: 'Signed out.', schema: messageResponseSchema } },
  },
  {
    method: 'get',
    path: '/user/profile',
    tag: 'User',
    summary: 'The signed-in account',
    access: 'Any signed-in account.',
    auth: 'session',
    responses: { 200: { description: 'The account, with the rejection reason when an application was rejected.', schema: profileResponseSchema } },
  },
  {
    method: 'put',
    path: '/user/profile/update',
    tag: 'User',
    summary: 'Change name or password',
    description: 'A new password needs the current one and ends the account\'s other sessions. Wrong current passwords are limited per account (10 in 15 minutes).',
    access: 'Any signed-in account.',
    auth: 'session',
    body: profileUpdateRequestSchema,
    responses: {
      200: { description: 'Updated.', schema: loginResponseSchema },
      429: { description: 'Too many wrong current passwords; `Retry-After` says when to try again.', headers: { 'Retry-After': 'Seconds until the next attempt may start.' } },
      503: { description: 'Too many passwords being checked at once; `Retry-After` says when to try again.', headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
  {
    method: 'post',
    path: '/user/register',
    tag: 'User',
    summary: 'Create an account',
    description: 'Accounts are created by verified admins only; there is no anonymous sign-up (DESIGN §3).',
    access: ONLY_ADMINS,
    auth: 'role',
    body: registerRequestSchema,
    responses: { 201: { description: 'Created.', schema: loginResponseSchema }, 409: { description: 'An account with this email already exists.' } },
  },

  // ---- Account links (invitations, password reset) ---------------------------------------------
  {
    method: 'post',
    path: '/user/forgot-password',
    tag: 'Account links',
    summary: 'Ask for a password reset link',
    description: 'Answers the same whether or not an account has this email. When one has, emails it a one-time link (30 minutes). Rate-limited per address (429); past a few requests per account in an hour it answers the same and sends nothing.',
    access: 'Anyone.',
    auth: 'public',
    body: forgotPasswordRequest,
    responses: { 200: { description: 'Always the same answer.', schema: messageResponseSchema }, 429: { description: 'Too many requests from this address.' } },
  },
  {
    method: 'post',
    path: '/user/reset-password',
    tag: 'Account links',
    summary: 'Set a new password with a reset link',
    description: 'Spends the link, sets the password under the product\'s password rules, ends every session of the account and emails a "your password was changed" notice.',
    access: 'Anyone holding a live link.',
    auth: 'public',
    body: resetPasswordRequest,
    responses: { 200: { description: 'Changed; sign in again.', schema: messageResponseSchema } },
  },
  {
    method: 'post',
    path: '/user/accept-invitation',
    tag: 'Account links',
    summary: 'Accept an invitation: set the password and sign in',
    description: 'Spends the invitation link (72 hours, single use), sets the password and starts a session (sets `bh_session`).',
    access: 'Anyone holding a live invitation link.',
    auth: 'public',
    body: acceptInvitationRequest,
    responses: { 200: { description: 'Password set, signed in.', schema: acceptInvitationResponse, headers: { 'Set-Cookie': 'The session cookie `bh_session`.' } } },
  },
  {
    method: 'post',
    path: '/user/invite',
    tag: 'Account links',
    summary: 'Create an account by invitation',
    description: 'Create Accounts without a password: the person gets an email with a one-time link to choose one. The direct-password path (`/user/register`) stays.',
    access: ONLY_ADMINS,
    auth: 'role',
    body: inviteRequest,
    responses: { 201: { description: 'Account created, invitation queued.', schema: inviteResponse }, 409: { description: 'An account with this email exists.' } },
  },
  {
    method: 'get',
    path: '/user/invitations',
    tag: 'Account links',
    summary: 'Pending invitations',
    access: ONLY_ADMINS,
    auth: 'role',
    responses: { 200: { description: 'Accounts whose invitation has not been accepted, newest first (at most 200).', schema: pendingInvitationsResponse } },
  },
  {
    method: 'post',
    path: '/user/invitations/{userId}/resend',
    tag: 'Account links',
    summary: 'Send an invitation again',
    description: 'Earlier links of this invitation stop working; a new one is emailed. Also re-opens a revoked invitation.',
    access: ONLY_ADMINS,
    auth: 'role',
    params: invitationUserParam,
    responses: { 200: { description: 'Queued.', schema: messageResponseSchema }, 404: { description: 'No invitation for this account.' } },
  },
  {
    method: 'delete',
    path: '/user/invitations/{userId}',
    tag: 'Account links',
    summary: 'Revoke a pending invitation',
    description: 'Its links stop working and an unsent invitation email is cancelled. The account stays, without a usable password.',
    access: ONLY_ADMINS,
    auth: 'role',
    params: invitationUserParam,
    responses: { 200: { description: 'Revoked.', schema: messageResponseSchema }, 404: { description: 'No pending invitation for this account.' } },
  },

  // ---- Meeting ---------------------------------------------------------------------------------
  {
    method: 'get',
    path: '/meeting/get-meetings',
    tag: 'Meeting',
    summary: 'Meetings for the dashboard',
    description: 'Clients get their own, verified associates their own, verified admins a bounded window around now (the full history is the admin grid). Sorted by start, ascending.',
    access: 'Clients; verified BH Associates; verified admins.',
    auth: 'role',
    responses: { 200: { description: 'The meetings.', schema: getMeetingsResponse } },
  },
  {
    method: 'post',
    path: '/meeting/create-meeting',
    tag: 'Meeting',
    summary: 'Schedule a meeting',
    description: 'Every rule of spec §5 "Meeting form" is checked here: a client account, a verified associate, different emails, a date and time in the future in Asia/Kolkata, 12-hour time, valid links. A participant already booked within the 90-minute slot gives 409.',
    access: ONLY_ADMINS,
    auth: 'role',
    body: createMeetingRequest,
    responses: {
      201: { description: 'Scheduled.', schema: meetingResponse },
      404: { description: 'No such client or associate.' },
      409: { description: 'The client or the associate already has a meeting in that slot.' },
    },
  },
  {
    method: 'post',
    path: '/meeting/meetingJoinedAt/{meetingId}',
    tag: 'Meeting',
    summary: 'Record that the caller joined',
    description: 'Sets the caller\'s own join time (`userJoinedAt` for the client, `docJoinedAt` for the associate).',
    access: 'The meeting\'s client, or its verified BH Associate.',
    auth: 'role',
    params: meetingIdParam,
    responses: { 200: { description: 'Recorded.', schema: meetingResponse }, 404: { description: 'No such meeting of the caller\'s.' } },
  },
  {
    method: 'post',
    path: '/meeting/userMeetings',
    tag: 'Meeting',
    summary: 'Look up a user\'s meetings by email',
    description: 'The spec\'s body `{ "userId": "<email>" }` is accepted as well as `{ "email": ... }`. Associates only see meetings where they are the associate.',
    access: 'Verified admins (any user); verified BH Associates (their own clients only).',
    auth: 'role',
    body: meetingLookupRequest,
    responses: { 200: { description: 'The meetings.', schema: getMeetingsResponse } },
  },
  {
    method: 'post',
    path: '/meeting/verify-email',
    tag: 'Meeting',
    summary: 'Check a participant before scheduling',
    access: ONLY_ADMINS,
    auth: 'role',
    body: verifyEmailRequest,
    responses: { 200: { description: 'Found; the name fills the form.', schema: verifyEmailResponse }, 404: { description: 'No such client or verified associate.' } },
  },
  {
    method: 'get',
    path: '/meeting/deleteMeeting/{meetingId}',
    tag: 'Meeting',
    summary: 'Legacy delete path: changes nothing',
    description: 'A GET that deletes could be triggered by a link, so this path only answers 405. Use `DELETE /meeting/{meetingId}`.',
    access: 'Anyone (it changes nothing).',
    auth: 'public',
    responses: { 405: { description: 'Not a way to delete.' } },
  },
  {
    method: 'put',
    path: '/meeting/{meetingId}/report',
    tag: 'Meeting',
    summary: 'Set the meeting\'s report link',
    access: 'The meeting\'s verified BH Associate; verified admins.',
    auth: 'role',
    params: meetingIdParam,
    body: reportLinkRequest,
    responses: { 200: { description: 'Saved.', schema: meetingResponse }, 404: { description: 'No such meeting of the caller\'s.' } },
  },
  {
    method: 'delete',
    path: '/meeting/{meetingId}',
    tag: 'Meeting',
    summary: 'Delete a meeting',
    access: ONLY_ADMINS,
    auth: 'role',
    params: meetingIdParam,
    responses: { 200: { description: 'Deleted.', schema: messageResponseSchema }, 404: { description: 'No such meeting.' } },
  },

  {
    method: 'get',
    path: '/meeting/{meetingId}/calendar.ics',
    tag: 'Meeting',
    summary: 'Add to calendar: the session as an .ics file',
    description: 'An iCalendar file (METHOD:PUBLISH) with the same UID as the emailed invitations: 90 minutes in Asia/Kolkata, the meeting link as location and URL. Someone else\'s meeting is "not found".',
    access: 'The meeting\'s client and BH Associate; verified admins.',
    auth: 'role',
    params: meetingIdParam,
    responses: {
      200: { description: 'The calendar file.', content: { 'text/calendar': { description: 'An iCalendar (RFC 5545) file.' } }, headers: { 'Content-Disposition': 'attachment; filename="better-health-session-YYYY-MM-DD.ics"' } },
      404: { description: 'No such meeting among the caller\'s.' },
    },
  },

  // ---- Registration ----------------------------------------------------------------------------
  {
    method: 'post',
    path: '/register/employees',
    tag: 'Registration',
    summary: 'Submit a verification application',
    description:
      'The spec §3 application with the spec §5 messages. Every file field is a `secure_url` from `POST /uploads` of the applicant\'s own. Bank account and identity numbers are stored encrypted (AES-256-GCM) and only ever shown masked. After a rejection the applicant may submit again; the new application replaces the old one.',
    access: 'BH Associates and admins whose status is not_submitted or rejected (pending or verified: 409; clients: 403).',
    auth: 'role',
    body: applicationRequest,
    responses: {
      201: { description: 'Submitted; the status is now pending.', schema: applicationSubmitResponse },
      409: { description: 'Already submitted and pending, or already verified.' },
    },
  },
  {
    method: 'get',
    path: '/register/check-verified',
    tag: 'Registration',
    summary: 'The caller\'s verification status',
    access: 'Any signed-in account.',
    auth: 'session',
    responses: { 200: { description: 'The status, with the reason when rejected.', schema: checkVerifiedResponse } },
  },
  {
    method: 'get',
    path: '/register/application',
    tag: 'Registration',
    summary: "The caller's own latest application",
    description:
      'What the caller last submitted, with identity and account numbers masked to their last 4 characters, so a rejected application can be corrected and sent again. Sending a masked number back unchanged keeps the stored one.',
    access: 'BH Associates and admins, their own only.',
    auth: 'role',
    responses: {
      200: { description: 'The application.', schema: ownApplicationResponse },
      404: { description: 'Nothing submitted yet.' },
    },
  },
  {
    method: 'get',
    path: '/register/status-pending',
    tag: 'Registration',
    summary: 'Applicants awaiting review',
    description: 'Pending BH Associates and admins, oldest account first, at most 200.',
    access: ONLY_ADMINS,
    auth: 'role',
    responses: { 200: { description: 'The queue.', schema: statusListResponse } },
  },
  {
    method: 'get',
    path: '/register/status-verified',
    tag: 'Registration',
    summary: 'Verified BH Associates, paged',
    description: 'Newest first. `email` matches the start of the address (so an exact address works too), in any case, literally.',
    access: ONLY_ADMINS,
    auth: 'role',
    query: statusVerifiedQuery,
    responses: { 200: { description: 'One page and whether another follows.', schema: statusListResponse } },
  },
  {
    method: 'get',
    path: '/register/doctor-details/{userId}',
    tag: 'Registration',
    summary: 'An applicant and their application',
    description: 'Account and identity document numbers come masked to their last 4 characters.',
    access: ONLY_ADMINS,
    auth: 'role',
    params: applicantIdParam,
    responses: { 200: { description: 'The applicant.', schema: doctorDetailsResponse }, 404: { description: 'BH Associate not found (no such applicant or no application).' } },
  },
  {
    method: 'post',
    path: '/register/verify-doctor/{userId}',
    tag: 'Registration',
    summary: 'Verify a pending applicant',
    description: 'Only a pending application can be decided, once. Recorded in the audit log.',
    access: ONLY_ADMINS,
    auth: 'role',
    params: applicantIdParam,
    responses: {
      200: { description: 'Verified.', schema: messageResponseSchema },
      404: { description: 'BH Associate not found.' },
      409: { description: 'Not pending (already decided, or never submitted).' },
    },
  },
  {
    method: 'post',
    path: '/register/reject-doctor/{userId}',
    tag: 'Registration',
    summary: 'Reject a pending applicant, with a reason',
    description: 'The reason is shown to the applicant (profile and check-verified), who may then submit again. Recorded in the audit log.',
    access: ONLY_ADMINS,
    auth: 'role',
    params: applicantIdParam,
    body: rejectRequest,
    responses: {
      200: { description: 'Rejected.', schema: messageResponseSchema },
      404: { description: 'BH Associate not found.' },
      409: { description: 'Not pending.' },
    },
  },

  // ---- Payments --------------------------------------------------------------------------------
  {
    method: 'get',
    path: '/payments/services',
    tag: 'Payments',
    summary: 'Services, plans and prices',
    access: 'Anyone.',
    auth: 'public',
    responses: { 200: { description: 'The catalogue.', schema: servicesResponse } },
  },
  {
    method: 'get',
    path: '/payments/default/{service}/{planType}',
    tag: 'Payments',
    summary: 'The default payment link of a plan',
    description: 'Service slugs match in either spelling the spec uses (`mental-Health-Counselling`, `mentalHealthCounselling`, ...), in any case.',
    access: 'Anyone.',
    auth: 'public',
    params: servicePlanParams,
    responses: { 200: { description: 'The link.', schema: paymentLinkResponse }, 404: { description: 'Unknown service or plan, or no link set.' } },
  },
  {
    method: 'put',
    path: '/payments/default/{service}/{planType}',
    tag: 'Payments',
    summary: 'Set the default payment link of a plan',
    access: ONLY_ADMINS,
    auth: 'role',
    params: servicePlanParams,
    body: defaultLinkUpdateRequest,
    responses: { 200: { description: 'Saved.', schema: defaultLinkUpdateResponse }, 404: { description: 'Unknown service or plan.' } },
  },
  {
    method: 'get',
    path: '/payments/default-links',
    tag: 'Payments',
    summary: 'All default payment links',
    access: ONLY_ADMINS,
    auth: 'role',
    responses: { 200: { description: 'One row per plan with a link.', schema: defaultLinksListResponse } },
  },
  {
    method: 'post',
    path: '/payments/verify-coupon/{service}/{planType}',
    tag: 'Payments',
    summary: 'Apply a coupon',
    description:
      'An active coupon for the right audience. New users, and a signed-in client, get its link. For anyone else who says they are an existing user the answer is the same for every email, and the link is emailed if the address belongs to a client account (nobody learns who is a client). Rate-limited.',
    access: 'Anyone.',
    auth: 'public',
    params: servicePlanParams,
    body: verifyCouponRequest,
    responses: {
      200: { description: 'The coupon\'s link for this plan, or `data.emailed` when it was sent by email (to a client\'s address only).', schema: verifyCouponResponse },
      404: { description: 'Unknown service, plan or coupon.' },
      429: { description: 'Too many checks from this address.' },
    },
  },
  {
    method: 'post',
    path: '/payments/coupon',
    tag: 'Payments',
    summary: 'Create a coupon',
    access: ONLY_ADMINS,
    auth: 'role',
    body: couponCreateRequest,
    responses: { 201: { description: 'Created.', schema: couponResponse }, 409: { description: 'A coupon with this code exists.' } },
  },
  {
    method: 'get',
    path: '/payments/coupons',
    tag: 'Payments',
    summary: 'All coupons',
    access: ONLY_ADMINS,
    auth: 'role',
    responses: { 200: { description: 'The coupons.', schema: couponsResponse } },
  },
  {
    method: 'patch',
    path: '/payments/coupon/{id}/status',
    tag: 'Payments',
    summary: 'Activate or deactivate a coupon',
    access: ONLY_ADMINS,
    auth: 'role',
    params: couponIdParam,
    body: couponStatusRequest,
    responses: { 200: { description: 'Changed.', schema: couponResponse }, 404: { description: 'No such coupon.' } },
  },
  {
    method: 'delete',
    path: '/payments/coupon/{id}',
    tag: 'Payments',
    summary: 'Delete a coupon',
    access: ONLY_ADMINS,
    auth: 'role',
    params: couponIdParam,
    responses: { 200: { description: 'Deleted.', schema: messageResponseSchema }, 404: { description: 'No such coupon.' } },
  },

  // ---- Uploads ---------------------------------------------------------------------------------
  {
    method: 'post',
    path: '/uploads',
    tag: 'Uploads',
    summary: 'Upload a document',
    description:
      'multipart/form-data with a `field` part and a `file` part. The kind is decided by the first bytes (PDF, JPEG, PNG: a renamed HTML or SVG page is refused), the size is checked while streaming, and the file is stored privately. The answer keeps the spec\'s `secure_url`, to put in the application.',
    access: 'BH Associates and admins, verified or not (clients: 403).',
    auth: 'role',
    multipart: uploadForm,
    responses: {
      201: { description: 'Stored.', schema: uploadResponse },
      413: { description: 'File size must be less than 10MB.' },
      415: { description: 'The bytes are not a kind this field allows (or the body is not multipart).' },
      429: { description: 'Daily upload allowance used up.' },
    },
  },
  {
    method: 'get',
    path: '/uploads/{id}',
    tag: 'Uploads',
    summary: 'Read an uploaded file',
    description:
      'Served with its sniffed Content-Type, `Content-Disposition: inline`, `X-Content-Type-Options: nosniff`, `Cache-Control: no-store` and a sandboxing Content-Security-Policy. Anyone else\'s file is a 404, the same as a missing one.',
    access: 'The file\'s owner; verified admins (clients: 403).',
    auth: 'role',
    params: z.object({ id: z.string().describe('The file id from `secure_url`.') }),
    responses: {
      200: {
        description: 'The file.',
        content: Object.fromEntries(FILE_KINDS.map((kind) => [FILE_KIND_MIME[kind], { description: `A ${kind.toUpperCase()} file.` }])),
        headers: { 'Content-Disposition': 'inline; filename="…"; filename*=UTF-8\'\'…' },
      },
      404: { description: 'File not found.' },
    },
  },

  // ---- Admin grids -----------------------------------------------------------------------------
  {
    method: 'get',
    path: '/admin/meetings',
    tag: 'Admin grids',
    summary: 'Every meeting (the full history)',
    access: ONLY_ADMINS,
    auth: 'role',
    query: adminListQuery.meetings,
    responses: { 200: list('meetings', meetingRecord) },
  },
  {
    method: 'get',
    path: '/admin/meetings/{id}',
    tag: 'Admin grids',
    summary: 'One meeting',
    access: ONLY_ADMINS,
    auth: 'role',
    params: adminIdParam,
    responses: { 200: { description: 'The meeting.', schema: meetingRecord }, 404: { description: 'No such meeting.' } },
  },
  {
    method: 'delete',
    path: '/admin/meetings/{id}',
    tag: 'Admin grids',
    summary: 'Delete a meeting',
    access: ONLY_ADMINS,
    auth: 'role',
    params: adminIdParam,
    responses: { 200: { description: 'The deleted meeting.', schema: meetingRecord }, 404: { description: 'No such meeting.' } },
  },
  {
    method: 'get',
    path: '/admin/users',
    tag: 'Admin grids',
    summary: 'Accounts',
    access: ONLY_ADMINS,
    auth: 'role',
    query: adminListQuery.users,
    responses: { 200: list('users', userRecord) },
  },
  {
    method: 'get',
    path: '/admin/users/{id}',
    tag: 'Admin grids',
    summary: 'One account',
    access: ONLY_ADMINS,
    auth: 'role',
    params: adminIdParam,
    responses: { 200: { description: 'The account.', schema: userRecord }, 404: { description: 'User not found.' } },
  },
  {
    method: 'get',
    path: '/admin/coupons',
    tag: 'Admin grids',
    summary: 'Coupons',
    access: ONLY_ADMINS,
    auth: 'role',
    query: adminListQuery.coupons,
    responses: { 200: list('coupons', couponRecord) },
  },
  {
    method: 'get',
    path: '/admin/applications',
    tag: 'Admin grids',
    summary: 'Verification applications',
    description: 'A row\'s `id` is the applicant\'s user id, the one doctor-details, verify-doctor and reject-doctor take. No numbers or documents in the rows.',
    access: ONLY_ADMINS,
    auth: 'role',
    query: adminListQuery.applications,
    responses: { 200: list('applications', applicationRecordSchema) },
  },
  {
    method: 'get',
    path: '/admin/applications/{id}',
    tag: 'Admin grids',
    summary: 'One application row, by the applicant\'s user id',
    access: ONLY_ADMINS,
    auth: 'role',
    params: adminIdParam,
    responses: { 200: { description: 'The row.', schema: applicationRecordSchema }, 404: { description: 'BH Associate not found.' } },
  },
  {
    method: 'get',
    path: '/admin/audit',
    tag: 'Admin grids',
    summary: 'The audit log',
    description: 'Who did what, when, to what: account creations, verification decisions, coupon, meeting and default-link changes. Never secrets or full identity numbers.',
    access: ONLY_ADMINS,
    auth: 'role',
    query: adminListQuery.audit,
    responses: { 200: list('audit entries', auditEntrySchema) },
  },

  {
    method: 'get',
    path: '/admin/emails',
    tag: 'Admin grids',
    summary: 'The outbox: every email and how it went',
    description: 'Recipient, template, status, tries, last error, due and sent times. Never a body, template data or a one-time link.',
    access: ONLY_ADMINS,
    auth: 'role',
    query: adminListQuery.emails,
    responses: { 200: list('emails', emailRecordSchema) },
  },
  {
    method: 'get',
    path: '/admin/emails/{id}',
    tag: 'Admin grids',
    summary: 'One email of the outbox',
    access: ONLY_ADMINS,
    auth: 'role',
    params: adminIdParam,
    responses: { 200: { description: 'The email\'s delivery record.', schema: emailRecordSchema }, 404: { description: 'No such email.' } },
  },
  {
    method: 'post',
    path: '/admin/emails/{id}/resend',
    tag: 'Admin grids',
    summary: 'Send a failed email again',
    access: ONLY_ADMINS,
    auth: 'role',
    params: adminIdParam,
    responses: {
      200: { description: 'Back in the queue with fresh tries.', schema: z.object({ success: z.literal(true), message: z.string(), data: emailRecordSchema }) },
      404: { description: 'No such email.' },
      409: { description: 'The email has not failed.' },
    },
  },

  // ---- Privacy: defined once in the shared contract ------------------------------------------
  ...Object.values(api.privacy).map(fromContract),

  // ---- Reference -------------------------------------------------------------------------------
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Reference',
    summary: 'This OpenAPI document',
    description: 'Generated from the shared zod schemas. A readable reference is served at `/api/docs`.',
    access: 'Anyone.',
    auth: 'public',
    responses: { 200: { description: 'OpenAPI 3.1.', content: { 'application/json': { description: 'The document.' } } } },
  },
];
