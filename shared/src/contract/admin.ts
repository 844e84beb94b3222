import { z } from 'zod';
import {
  adminIdParam,
  adminListQuery,
  auditEntrySchema,
  couponSchema,
  emailRecordSchema,
  meetingSchema,
  publicUserSchema,
} from '../schemas/index.ts';
import { applicationRecordSchema } from '../schemas/registration-extra.ts';
import { jsonReply, operations } from './define.ts';

const op = operations('Admin grids');

/** A grid row: react-admin needs an `id`. */
const gridRecord = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => schema.extend({ id: z.string() });
export const meetingRecord = gridRecord(meetingSchema);
export const couponRecord = gridRecord(couponSchema);
export const userRecord = gridRecord(publicUserSchema).extend({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() });
/** An audit row: an action missing from today's list (written by an older version) is still shown, never hidden. */
export const auditRecord = auditEntrySchema.extend({ action: z.string().describe('What was done, `resource.verb` (e.g. `meeting.create`).') });
export const emailResendResponse = z.object({ success: z.literal(true), message: z.string(), data: emailRecordSchema });

const CONTENT_RANGE = { 'Content-Range': 'The page and the total, e.g. `meetings 0-24/319` (or `meetings */0` when empty).' };

/** ra-data-simple-rest's list answer: the records as a bare array, the total in `Content-Range`. */
const page = <S extends z.ZodType>(resource: string, record: S) => jsonReply(`A page of ${resource} as a bare array.`, z.array(record), CONTENT_RANGE);

/**
 * The react-admin grids (ra-data-simple-rest): `sort=["field","ASC"]`, `range=[0,24]` and
 * `filter={...}`, each JSON text in a query parameter, parsed and whitelisted by `adminListQuery`.
 */
export const admin = {
  meetings: op('GET /admin/meetings', 'adminMeetings', { access: 'verifiedAdmin', summary: 'Every meeting (the full history)', query: adminListQuery.meetings,
    responses: { 200: page('meetings', meetingRecord) } }),

  meeting: op('GET /admin/meetings/{id}', 'adminMeeting', { access: 'verifiedAdmin', summary: 'One meeting', params: adminIdParam,
    responses: { 200: jsonReply('The meeting.', meetingRecord), 404: 'No such meeting.' } }),

  deleteMeeting: op('DELETE /admin/meetings/{id}', 'adminDeleteMeeting', { access: 'verifiedAdmin', summary: 'Delete a meeting', params: adminIdParam,
    responses: { 200: jsonReply('The deleted meeting.', meetingRecord), 404: 'No such meeting.' } }),

  users: op('GET /admin/users', 'adminUsers', { access: 'verifiedAdmin', summary: 'Accounts', query: adminListQuery.users,
    responses: { 200: page('users', userRecord) } }),

  user: op('GET /admin/users/{id}', 'adminUser', { access: 'verifiedAdmin', summary: 'One account', params: adminIdParam,
    responses: { 200: jsonReply('The account.', userRecord), 404: 'User not found.' } }),

  coupons: op('GET /admin/coupons', 'adminCoupons', { access: 'verifiedAdmin', summary: 'Coupons', query: adminListQuery.coupons,
    responses: { 200: page('coupons', couponRecord) } }),

  applications: op('GET /admin/applications', 'adminApplications', { access: 'verifiedAdmin', summary: 'Verification applications', query: adminListQuery.applications,
    description: "A row's `id` is the applicant's user id, the one doctor-details, verify-doctor and reject-doctor take. No numbers or documents in the rows.",
    responses: { 200: page('applications', applicationRecordSchema) } }),

  application: op('GET /admin/applications/{id}', 'adminApplication', { access: 'verifiedAdmin', summary: "One application row, by the applicant's user id", params: adminIdParam,
    responses: { 200: jsonReply('The row.', applicationRecordSchema), 404: 'BH Associate not found.' } }),

  audit: op('GET /admin/audit', 'adminAudit', { access: 'verifiedAdmin', summary: 'The audit log', query: adminListQuery.audit,
    description: 'Who did what, when, to what: account creations, verification decisions, coupon, meeting and default-link changes. Never secrets or full identity numbers.',
    responses: { 200: page('audit entries', auditRecord) } }),

  emails: op('GET /admin/emails', 'adminEmails', { access: 'verifiedAdmin', summary: 'The outbox: every email and how it went', query: adminListQuery.emails,
    description: 'Recipient, template, status, tries, last error, due and sent times. Never a body, template data or a one-time link.',
    responses: { 200: page('emails', emailRecordSchema) } }),

  email: op('GET /admin/emails/{id}', 'adminEmail', { access: 'verifiedAdmin', summary: 'One email of the outbox', params: adminIdParam,
    responses: { 200: jsonReply("The email's delivery record.", emailRecordSchema), 404: 'No such email.' } }),

  resendEmail: op('POST /admin/emails/{id}/resend', 'adminResendEmail', { access: 'verifiedAdmin', summary: 'Send a failed email again', params: adminIdParam,
    responses: { 200: jsonReply('Back in the queue with fresh tries.', emailResendResponse), 404: 'No such email.', 409: 'The email has not failed.' } }),
};
