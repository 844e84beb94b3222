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
import { defineOperation, errorReply, jsonBody, jsonReply } from './define.ts';

const NOT_THE_CALLERS = errorReply("No such meeting of the caller's.");

/** The legacy delete path takes any text where the id was: it answers 405 whatever it names. */
const legacyMeetingParam = z.object({ meetingId: z.string().describe('Ignored: this path changes nothing.') });

export const meeting = {
  list: defineOperation({
    operationId: 'meetingList',
    method: 'get',
    path: '/meeting/get-meetings',
    tags: ['Meeting'],
    summary: 'Meetings for the dashboard',
    description:
      'Clients get their own, verified associates their own, verified admins a bounded window around now (the full history is the admin grid). Sorted by start, ascending.',
    access: 'meetingsRead',
    responses: { 200: jsonReply('The meetings.', getMeetingsResponse) },
  }),

  create: defineOperation({
    operationId: 'meetingCreate',
    method: 'post',
    path: '/meeting/create-meeting',
    tags: ['Meeting'],
    summary: 'Schedule a meeting',
    description:
      'Every rule of spec §5 "Meeting form" is checked here: a client account, a verified associate, different emails, a date and time in the future in Asia/Kolkata, 12-hour time, valid links. An email naming no client account or no verified associate is a 400 against its field (`clientId`, `doctorId`). A participant already booked within the 90-minute slot gives 409.',
    access: 'verifiedAdmin',
    request: { body: jsonBody(createMeetingRequest) },
    responses: {
      201: jsonReply('Scheduled.', meetingResponse),
      409: errorReply('The client or the associate already has a meeting in that slot.'),
    },
  }),

  recordJoin: defineOperation({
    operationId: 'meetingRecordJoin',
    method: 'post',
    path: '/meeting/meetingJoinedAt/{meetingId}',
    tags: ['Meeting'],
    summary: 'Record that the caller joined',
    description: "Sets the caller's own join time (`userJoinedAt` for the client, `docJoinedAt` for the associate).",
    access: 'meetingJoin',
    request: { params: meetingIdParam },
    responses: { 200: jsonReply('Recorded.', meetingResponse), 404: NOT_THE_CALLERS },
  }),

  lookup: defineOperation({
    operationId: 'meetingLookup',
    method: 'post',
    path: '/meeting/userMeetings',
    tags: ['Meeting'],
    summary: "Look up a user's meetings by email",
    description:
      'The spec\'s body `{ "userId": "<email>" }` is accepted as well as `{ "email": ... }`. Associates only see meetings where they are the associate.',
    access: 'meetingLookup',
    request: { body: jsonBody(meetingLookupRequest) },
    responses: { 200: jsonReply('The meetings.', getMeetingsResponse) },
  }),

  verifyEmail: defineOperation({
    operationId: 'meetingVerifyEmail',
    method: 'post',
    path: '/meeting/verify-email',
    tags: ['Meeting'],
    summary: 'Check a participant before scheduling',
    description:
      'An email naming no client account, no associate, or an associate who is not verified is a 400 against `email`: the same answer create-meeting gives for that field.',
    access: 'verifiedAdmin',
    request: { body: jsonBody(verifyEmailRequest) },
    responses: { 200: jsonReply('Found; the name fills the form.', verifyEmailResponse) },
  }),

  legacyDelete: defineOperation({
    operationId: 'meetingLegacyDelete',
    method: 'get',
    path: '/meeting/deleteMeeting/{meetingId}',
    tags: ['Meeting'],
    summary: 'Legacy delete path: changes nothing',
    description: 'A GET that deletes could be triggered by a link, so this path only answers 405. Use `DELETE /meeting/{meetingId}`.',
    access: 'public',
    request: { params: legacyMeetingParam },
    responses: { 405: errorReply('Not a way to delete.', { Allow: '`DELETE`: the method that deletes a meeting.' }) },
  }),

  setReport: defineOperation({
    operationId: 'meetingSetReport',
    method: 'put',
    path: '/meeting/{meetingId}/report',
    tags: ['Meeting'],
    summary: "Set the meeting's report link",
    access: 'meetingReport',
    request: { params: meetingIdParam, body: jsonBody(reportLinkRequest) },
    responses: { 200: jsonReply('Saved.', meetingResponse), 404: NOT_THE_CALLERS },
  }),

  delete: defineOperation({
    operationId: 'meetingDelete',
    method: 'delete',
    path: '/meeting/{meetingId}',
    tags: ['Meeting'],
    summary: 'Delete a meeting',
    access: 'verifiedAdmin',
    request: { params: meetingIdParam },
    responses: { 200: jsonReply('Deleted.', messageResponseSchema), 404: errorReply('No such meeting.') },
  }),
};
