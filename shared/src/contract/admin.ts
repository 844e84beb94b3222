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
import { jsonReply, operations, refusals, RULES } from './define.ts';

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

type Grid = keyof typeof adminListQuery;

/** A grid's list: `GET /admin/<grid>` with its sort, range and filter whitelisted by `adminListQuery`, answered a page at a time. */
const list = <const G extends Grid, const Id extends string, S extends z.ZodType>(grid: G, operationId: Id, summary: string, record: S, more: { rows?: string; description?: string } = {}) =>
  op(`GET /admin/${grid}`, operationId, {
    access: 'verifiedAdmin', summary, query: adminListQuery[grid], ...(more.description ? { description: more.description } : {}),
    responses: { 200: page(more.rows ?? grid, record), 400: refusals(RULES.grid) } });

/** One row of a grid by its `id`: `GET /admin/<grid>/{id}`. */
const row = <const G extends Grid, const Id extends string, A extends ReturnType<typeof jsonReply>>(grid: G, operationId: Id, summary: string, answer: A, missing: string) =>
  op(`GET /admin/${grid}/{id}`, operationId, { access: 'verifiedAdmin', summary, params: adminIdParam, responses: { 200: answer, 404: missing } });

/**
 * The react-admin grids (ra-data-simple-rest): `sort=["field","ASC"]`, `range=[0,24]` and
 * `filter={...}`, each JSON text in a query parameter, parsed and whitelisted by `adminListQuery`.
 */
export const admin = {
  meetings: list('meetings', 'adminMeetings', 'Every meeting (the full history)', meetingRecord),
  meeting: row('meetings', 'adminMeeting', 'One meeting', jsonReply('The meeting.', meetingRecord), 'No such meeting.'),

  deleteMeeting: op('DELETE /admin/meetings/{id}', 'adminDeleteMeeting', { access: 'verifiedAdmin', summary: 'Delete a meeting', params: adminIdParam,
    responses: { 200: jsonReply('The deleted meeting.', meetingRecord), 404: 'No such meeting.' } }),

  users: list('users', 'adminUsers', 'Accounts', userRecord),
  user: row('users', 'adminUser', 'One account', jsonReply('The account.', userRecord), 'User not found.'),
  coupons: list('coupons', 'adminCoupons', 'Coupons', couponRecord),

  applications: list('applications', 'adminApplications', 'Verification applications', applicationRecordSchema, {
    description: "A row's `id` is the applicant's user id, the one doctor-details, verify-doctor and reject-doctor take. No numbers or documents in the rows.",
  }),
  application: row('applications', 'adminApplication', "One application row, by the applicant's user id", jsonReply('The row.', applicationRecordSchema), 'BH Associate not found.'),

  audit: list('audit', 'adminAudit', 'The audit log', auditRecord, {
    rows: 'audit entries',
    description: 'Who did what, when, to what: account creations, verification decisions, coupon, meeting and default-link changes. Never secrets or full identity numbers.',
  }),

  emails: list('emails', 'adminEmails', 'The outbox: every email and how it went', emailRecordSchema, {
    description: 'Recipient, template, status, tries, last error, due and sent times. Never a body, template data or a one-time link.',
  }),
  email: row('emails', 'adminEmail', 'One email of the outbox', jsonReply("The email's delivery record.", emailRecordSchema), 'No such email.'),

  resendEmail: op('POST /admin/emails/{id}/resend', 'adminResendEmail', { access: 'verifiedAdmin', summary: 'Send a failed email again', params: adminIdParam,
    responses: { 200: jsonReply('Back in the queue with fresh tries.', emailResendResponse), 404: 'No such email.', 409: 'The email has not failed.' } }),
};
