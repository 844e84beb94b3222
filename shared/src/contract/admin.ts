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
import { defineOperation, errorReply, jsonReply } from './define.ts';

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
  meetings: defineOperation({
    operationId: 'adminMeetings',
    method: 'get',
    path: '/admin/meetings',
    tags: ['Admin grids'],
    summary: 'Every meeting (the full history)',
    access: 'verifiedAdmin',
    request: { query: adminListQuery.meetings },
    responses: { 200: page('meetings', meetingRecord) },
  }),

  meeting: defineOperation({
    operationId: 'adminMeeting',
    method: 'get',
    path: '/admin/meetings/{id}',
    tags: ['Admin grids'],
    summary: 'One meeting',
    access: 'verifiedAdmin',
    request: { params: adminIdParam },
    responses: { 200: jsonReply('The meeting.', meetingRecord), 404: errorReply('No such meeting.') },
  }),

  deleteMeeting: defineOperation({
    operationId: 'adminDeleteMeeting',
    method: 'delete',
    path: '/admin/meetings/{id}',
    tags: ['Admin grids'],
    summary: 'Delete a meeting',
    access: 'verifiedAdmin',
    request: { params: adminIdParam },
    responses: { 200: jsonReply('The deleted meeting.', meetingRecord), 404: errorReply('No such meeting.') },
  }),

  users: defineOperation({
    operationId: 'adminUsers',
    method: 'get',
    path: '/admin/users',
    tags: ['Admin grids'],
    summary: 'Accounts',
    access: 'verifiedAdmin',
    request: { query: adminListQuery.users },
    responses: { 200: page('users', userRecord) },
  }),

  user: defineOperation({
    operationId: 'adminUser',
    method: 'get',
    path: '/admin/users/{id}',
    tags: ['Admin grids'],
    summary: 'One account',
    access: 'verifiedAdmin',
    request: { params: adminIdParam },
    responses: { 200: jsonReply('The account.', userRecord), 404: errorReply('User not found.') },
  }),

  coupons: defineOperation({
    operationId: 'adminCoupons',
    method: 'get',
    path: '/admin/coupons',
    tags: ['Admin grids'],
    summary: 'Coupons',
    access: 'verifiedAdmin',
    request: { query: adminListQuery.coupons },
    responses: { 200: page('coupons', couponRecord) },
  }),

  applications: defineOperation({
    operationId: 'adminApplications',
    method: 'get',
    path: '/admin/applications',
    tags: ['Admin grids'],
    summary: 'Verification applications',
    description:
      "A row's `id` is the applicant's user id, the one doctor-details, verify-doctor and reject-doctor take. No numbers or documents in the rows.",
    access: 'verifiedAdmin',
    request: { query: adminListQuery.applications },
    responses: { 200: page('applications', applicationRecordSchema) },
  }),

  application: defineOperation({
    operationId: 'adminApplication',
    method: 'get',
    path: '/admin/applications/{id}',
    tags: ['Admin grids'],
    summary: "One application row, by the applicant's user id",
    access: 'verifiedAdmin',
    request: { params: adminIdParam },
    responses: { 200: jsonReply('The row.', applicationRecordSchema), 404: errorReply('BH Associate not found.') },
  }),

  audit: defineOperation({
    operationId: 'adminAudit',
    method: 'get',
    path: '/admin/audit',
    tags: ['Admin grids'],
    summary: 'The audit log',
    description:
      'Who did what, when, to what: account creations, verification decisions, coupon, meeting and default-link changes. Never secrets or full identity numbers.',
    access: 'verifiedAdmin',
    request: { query: adminListQuery.audit },
    responses: { 200: page('audit entries', auditRecord) },
  }),

  emails: defineOperation({
    operationId: 'adminEmails',
    method: 'get',
    path: '/admin/emails',
    tags: ['Admin grids'],
    summary: 'The outbox: every email and how it went',
    description: 'Recipient, template, status, tries, last error, due and sent times. Never a body, template data or a one-time link.',
    access: 'verifiedAdmin',
    request: { query: adminListQuery.emails },
    responses: { 200: page('emails', emailRecordSchema) },
  }),

  email: defineOperation({
    operationId: 'adminEmail',
    method: 'get',
    path: '/admin/emails/{id}',
    tags: ['Admin grids'],
    summary: 'One email of the outbox',
    access: 'verifiedAdmin',
    request: { params: adminIdParam },
    responses: { 200: jsonReply("The email's delivery record.", emailRecordSchema), 404: errorReply('No such email.') },
  }),

  resendEmail: defineOperation({
    operationId: 'adminResendEmail',
    method: 'post',
    path: '/admin/emails/{id}/resend',
    tags: ['Admin grids'],
    summary: 'Send a failed email again',
    access: 'verifiedAdmin',
    request: { params: adminIdParam },
    responses: {
      200: jsonReply('Back in the queue with fresh tries.', emailResendResponse),
      404: errorReply('No such email.'),
      409: errorReply('The email has not failed.'),
    },
  }),
};
