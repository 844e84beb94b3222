import { z } from 'zod';
import {
  createMeetingRequest,
  getMeetingsResponse,
  meetingIdParam,
  meetingLookupRequest,
  meetingResponse,
  messageResponseSchema,
  reportLinkRequest,
  verifyEmailRequest,
  verifyEmailResponse,
} from '../schemas/index.ts';
import { errorReply, jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('Meeting');

const NOT_THE_CALLERS = "No such meeting of the caller's.";

/** The legacy delete path takes any text where the id was: it answers 405 whatever it names. */
const legacyMeetingParam = z.object({ meetingId: z.string().describe('Ignored: this path changes nothing.') });

export const meeting = {
  list: op('GET /meeting/get-meetings', 'meetingList', { access: 'meetingsRead', summary: 'Meetings for the dashboard',
    description: 'Clients get their own, verified associates their own, verified admins a bounded window around now (the full history is the admin grid). Sorted by start, ascending.',
    responses: { 200: jsonReply('The meetings.', getMeetingsResponse) } }),

  create: op('POST /meeting/create-meeting', 'meetingCreate', { access: 'verifiedAdmin', summary: 'Schedule a meeting', body: createMeetingRequest,
    description: 'Every rule of spec §5 "Meeting form" is checked here: a client account, a verified associate, different emails, a date and time in the future in Asia/Kolkata, 12-hour time, valid links. An email naming no client account or no verified associate is a 400 against its field (`clientId`, `doctorId`). A participant already booked within the 90-minute slot gives 409.',
    responses: { 201: jsonReply('Scheduled.', meetingResponse), 400: refusals(RULES.email, RULES.future, RULES.date, RULES.url, RULES.participants, 'an email naming no client account or no verified BH Associate'), 409: 'The client or the associate already has a meeting in that slot.' } }),

  recordJoin: op('POST /meeting/meetingJoinedAt/{meetingId}', 'meetingRecordJoin', { access: 'meetingJoin', summary: 'Record that the caller joined', params: meetingIdParam,
    description: "Sets the caller's own join time (`userJoinedAt` for the client, `docJoinedAt` for the associate).",
    responses: { 200: jsonReply('Recorded.', meetingResponse), 404: NOT_THE_CALLERS, 409: 'Outside the join window (from 5 minutes before the start until 90 minutes after), or the meeting is cancelled.' } }),

  lookup: op('POST /meeting/userMeetings', 'meetingLookup', { access: 'meetingLookup', summary: "Look up a user's meetings by email", body: meetingLookupRequest,
    description: 'The spec\'s body `{ "userId": "<email>" }` is accepted as well as `{ "email": ... }`. Associates only see meetings where they are the associate.',
    responses: { 200: jsonReply('The meetings.', getMeetingsResponse), 400: refusals(RULES.email) } }),

  verifyEmail: op('POST /meeting/verify-email', 'meetingVerifyEmail', { access: 'verifiedAdmin', summary: 'Check a participant before scheduling', body: verifyEmailRequest,
    description: 'An email naming no client account, no associate, or an associate who is not verified is a 400 against `email`: the same answer create-meeting gives for that field.',
    responses: { 200: jsonReply('Found; the name fills the form.', verifyEmailResponse), 400: refusals(RULES.email, 'an email naming no client account, no BH Associate, or one not verified') } }),

  legacyDelete: op('GET /meeting/deleteMeeting/{meetingId}', 'meetingLegacyDelete', { access: 'public', summary: 'Legacy delete path: changes nothing', params: legacyMeetingParam,
    description: 'A GET that deletes could be triggered by a link, so this path only answers 405. Use `DELETE /meeting/{meetingId}`.',
    responses: { 405: errorReply('Not a way to delete.', { Allow: '`DELETE`: the method that deletes a meeting.' }) } }),

  setReport: op('PUT /meeting/{meetingId}/report', 'meetingSetReport', { access: 'meetingReport', summary: "Set the meeting's report link", params: meetingIdParam, body: reportLinkRequest,
    responses: { 200: jsonReply('Saved.', meetingResponse), 400: refusals(RULES.url), 404: NOT_THE_CALLERS } }),

  delete: op('DELETE /meeting/{meetingId}', 'meetingDelete', { access: 'verifiedAdmin', summary: 'Delete a meeting', params: meetingIdParam,
    responses: { 200: jsonReply('Deleted.', messageResponseSchema), 404: 'No such meeting.' } }),
};
