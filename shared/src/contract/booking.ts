import {
  attendanceRequest,
  availabilityQuery,
  availabilityResponse,
  availabilitySchema,
  cancelMeetingRequest,
  changeRequestBody,
  changeRequestResponse,
  changeRequestsResponse,
  decideRequestBody,
  markRefundBody,
  meetingIdParam,
  meetingResponse,
  refundIdParam,
  refundResponse,
  refundsQuery,
  refundsResponse,
  requestIdParam,
  rescheduleMeetingRequest,
  slotsQuery,
  slotsResponse,
} from '../schemas/index.ts';
import { defineOperation, errorReply, jsonBody, jsonReply } from './define.ts';

const NOT_FOUND = errorReply("No such meeting, or not the caller's own (someone else's meeting is \"not found\").");
const POLICY = errorReply('Not allowed now by the booking policy, or the meeting is no longer scheduled (`message` says which).');

/**
 * Changing a booking (issue 18): cancel, reschedule, requests an admin decides, attendance, free
 * slots, associates' hours and the refunds due. What each person may do when is the shared
 * booking policy (`rules/booking-policy.ts`); the access rows only let the right people through.
 */
export const booking = {
  cancel: defineOperation({
    operationId: 'meetingCancel',
    method: 'post',
    path: '/meeting/{meetingId}/cancel',
    tags: ['Booking'],
    summary: 'Cancel a meeting',
    description:
      'A client cancels their own session before it starts (refund band by notice: 24 h or more full, 12 to 24 h 50 %, under 12 h none). A verified admin cancels any scheduled session and names the cause (`technical_failure` and `associate_unavailable` are refunded in full). BH Associates ask an admin (403).',
    access: 'meetingChange',
    request: { params: meetingIdParam, body: jsonBody(cancelMeetingRequest) },
    responses: { 200: jsonReply('Cancelled: the meeting with its cancellation and history.', meetingResponse), 404: NOT_FOUND, 409: POLICY },
  }),

  reschedule: defineOperation({
    operationId: 'meetingReschedule',
    method: 'post',
    path: '/meeting/{meetingId}/reschedule',
    tags: ['Booking'],
    summary: 'Move a meeting to a new time',
    description:
      "A client with 24 h or more of notice, to a time inside the BH Associate's hours; a verified admin, any scheduled session to any free time. Same meeting, same calendar UID, a higher SEQUENCE.",
    access: 'meetingChange',
    request: { params: meetingIdParam, body: jsonBody(rescheduleMeetingRequest) },
    responses: { 200: jsonReply('Moved.', meetingResponse), 404: NOT_FOUND, 409: errorReply('The new time clashes, or the policy sends the caller to a request.') },
  }),

  request: defineOperation({
    operationId: 'meetingRequestChange',
    method: 'post',
    path: '/meeting/{meetingId}/request',
    tags: ['Booking'],
    summary: 'Ask an admin to cancel or reschedule',
    description: 'Before the start, by the meeting\'s client (a reschedule) or BH Associate (either). One request waits per meeting.',
    access: 'meetingRequest',
    request: { params: meetingIdParam, body: jsonBody(changeRequestBody) },
    responses: { 201: jsonReply('Sent to the admins\' queue.', changeRequestResponse), 404: NOT_FOUND, 409: POLICY },
  }),

  attendance: defineOperation({
    operationId: 'meetingAttendance',
    method: 'post',
    path: '/meeting/{meetingId}/attendance',
    tags: ['Booking'],
    summary: 'Mark a session completed or a no-show',
    description: "The session's BH Associate after its end; a verified admin from its start. A BH Associate's no-show refunds the client in full.",
    access: 'meetingAttendance',
    request: { params: meetingIdParam, body: jsonBody(attendanceRequest) },
    responses: { 200: jsonReply('Marked.', meetingResponse), 404: NOT_FOUND, 409: POLICY },
  }),

  slots: defineOperation({
    operationId: 'meetingSlots',
    method: 'get',
    path: '/meeting/slots',
    tags: ['Booking'],
    summary: "A BH Associate's free 90-minute slots on a date",
    description: 'Verified admins for any verified BH Associate, a BH Associate for themselves, a client for a BH Associate they have had a session with (others: 404).',
    access: 'bookingSlots',
    request: { query: slotsQuery },
    responses: { 200: jsonReply('Free slots in India time, earliest first.', slotsResponse), 404: errorReply('No such BH Associate for this caller.') },
  }),

  availability: defineOperation({
    operationId: 'availabilityRead',
    method: 'get',
    path: '/availability',
    tags: ['Booking'],
    summary: "A BH Associate's weekly hours and days off",
    access: 'availability',
    request: { query: availabilityQuery },
    responses: { 200: jsonReply('The hours (empty until set).', availabilityResponse), 404: errorReply('No such verified BH Associate.') },
  }),

  setAvailability: defineOperation({
    operationId: 'availabilityUpdate',
    method: 'put',
    path: '/availability',
    tags: ['Booking'],
    summary: "Set a BH Associate's weekly hours and days off",
    description: 'A verified BH Associate their own (no `doctorId`); a verified admin any verified BH Associate\'s.',
    access: 'availability',
    request: { query: availabilityQuery, body: jsonBody(availabilitySchema) },
    responses: { 200: jsonReply('Saved.', availabilityResponse), 404: errorReply('No such verified BH Associate.') },
  }),

  requests: defineOperation({
    operationId: 'meetingRequests',
    method: 'get',
    path: '/meeting/requests',
    tags: ['Booking'],
    summary: 'The queue of change requests',
    access: 'verifiedAdmin',
    responses: { 200: jsonReply('Open requests, oldest first (at most 200), each with its meeting.', changeRequestsResponse) },
  }),

  decide: defineOperation({
    operationId: 'meetingDecideRequest',
    method: 'post',
    path: '/meeting/requests/{requestId}/decide',
    tags: ['Booking'],
    summary: 'Approve or decline a change request',
    access: 'verifiedAdmin',
    request: { params: requestIdParam, body: jsonBody(decideRequestBody) },
    responses: { 200: jsonReply('Decided.', changeRequestResponse), 404: errorReply('No such request.'), 409: errorReply('Already decided, or the new time is no longer free.') },
  }),

  refunds: defineOperation({
    operationId: 'refundsList',
    method: 'get',
    path: '/meeting/refunds',
    tags: ['Booking'],
    summary: 'Refunds to make (or made) in the payment provider',
    access: 'verifiedAdmin',
    request: { query: refundsQuery },
    responses: { 200: jsonReply('Newest first, at most 200.', refundsResponse) },
  }),

  markRefund: defineOperation({
    operationId: 'refundMark',
    method: 'post',
    path: '/meeting/refunds/{refundId}/mark',
    tags: ['Booking'],
    summary: 'Mark a refund as made',
    access: 'verifiedAdmin',
    request: { params: refundIdParam, body: jsonBody(markRefundBody) },
    responses: { 200: jsonReply('Marked: who, when, the reference.', refundResponse), 404: errorReply('No such refund.'), 409: errorReply('Already marked.') },
  }),
};
