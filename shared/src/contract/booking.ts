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
import { jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('Booking');

const NOT_FOUND = "No such meeting, or not the caller's own (someone else's meeting is \"not found\").";
const POLICY = 'Not allowed now by the booking policy, or the meeting is no longer scheduled (`message` says which).';

/**
 * Changing a booking (issue 18): cancel, reschedule, requests an admin decides, attendance, free
 * slots, associates' hours and the refunds due. What each person may do when is the shared
 * booking policy (`rules/booking-policy.ts`); the access rows only let the right people through.
 */
export const booking = {
  cancel: op('POST /meeting/{meetingId}/cancel', 'meetingCancel', { access: 'meetingChange', summary: 'Cancel a meeting', params: meetingIdParam, body: cancelMeetingRequest,
    description: 'A client cancels their own session before it starts (refund band by notice: 24 h or more full, 12 to 24 h 50 %, under 12 h none). A verified admin cancels any scheduled session and names the cause (`technical_failure` and `associate_unavailable` are refunded in full). BH Associates ask an admin (403).',
    responses: { 200: jsonReply('Cancelled: the meeting with its cancellation and history.', meetingResponse), 400: refusals(RULES.text), 404: NOT_FOUND, 409: POLICY } }),

  reschedule: op('POST /meeting/{meetingId}/reschedule', 'meetingReschedule', { access: 'meetingChange', summary: 'Move a meeting to a new time', params: meetingIdParam, body: rescheduleMeetingRequest,
    description: "A client with 24 h or more of notice, to a time inside the BH Associate's hours; a verified admin, any scheduled session to any free time. Same meeting, same calendar UID, a higher SEQUENCE.",
    responses: { 200: jsonReply('Moved.', meetingResponse), 400: refusals(RULES.future, RULES.date, 'the time the meeting already has', "a time outside the BH Associate's hours"), 404: NOT_FOUND, 409: 'The new time clashes, or the policy sends the caller to a request.' } }),

  request: op('POST /meeting/{meetingId}/request', 'meetingRequestChange', { access: 'meetingRequest', summary: 'Ask an admin to cancel or reschedule', params: meetingIdParam, body: changeRequestBody,
    description: 'Before the start, by the meeting\'s client (a reschedule) or BH Associate (either). One request waits per meeting.',
    responses: { 201: jsonReply('Sent to the admins\' queue.', changeRequestResponse), 400: refusals(RULES.text, RULES.future, RULES.date, 'a reschedule without its new date and time'), 404: NOT_FOUND, 409: POLICY } }),

  attendance: op('POST /meeting/{meetingId}/attendance', 'meetingAttendance', { access: 'meetingAttendance', summary: 'Mark a session completed or a no-show', params: meetingIdParam, body: attendanceRequest,
    description: "The session's BH Associate after its end; a verified admin from its start. A BH Associate's no-show refunds the client in full.",
    responses: { 200: jsonReply('Marked.', meetingResponse), 404: NOT_FOUND, 409: POLICY } }),

  slots: op('GET /meeting/slots', 'meetingSlots', { access: 'bookingSlots', summary: "A BH Associate's free 90-minute slots on a date", query: slotsQuery,
    description: 'Verified admins for any verified BH Associate, a BH Associate for themselves, a client for a BH Associate they have had a session with (others: 404).',
    responses: { 200: jsonReply('Free slots in India time, earliest first.', slotsResponse), 400: refusals(RULES.email, RULES.date, 'no `doctorId` from a caller who is not a BH Associate'), 404: 'No such BH Associate for this caller.' } }),

  availability: op('GET /availability', 'availabilityRead', { access: 'availability', summary: "A BH Associate's weekly hours and days off", query: availabilityQuery,
    responses: { 200: jsonReply('The hours (empty until set).', availabilityResponse), 400: refusals(RULES.email, 'no `doctorId` from a verified admin'), 404: 'No such verified BH Associate.' } }),

  setAvailability: op('PUT /availability', 'availabilityUpdate', { access: 'availability', summary: "Set a BH Associate's weekly hours and days off", query: availabilityQuery, body: availabilitySchema,
    description: 'A verified BH Associate their own (no `doctorId`); a verified admin any verified BH Associate\'s.',
    responses: { 200: jsonReply('Saved.', availabilityResponse), 400: refusals(RULES.email, RULES.hours, RULES.date, 'no `doctorId` from a verified admin'), 404: 'No such verified BH Associate.' } }),

  requests: op('GET /meeting/requests', 'meetingRequests', { access: 'verifiedAdmin', summary: 'The queue of change requests',
    responses: { 200: jsonReply('Open requests, oldest first (at most 200), each with its meeting.', changeRequestsResponse) } }),

  decide: op('POST /meeting/requests/{requestId}/decide', 'meetingDecideRequest', { access: 'verifiedAdmin', summary: 'Approve or decline a change request', params: requestIdParam, body: decideRequestBody,
    responses: { 200: jsonReply('Decided.', changeRequestResponse), 404: 'No such request.', 409: 'Already decided, or the new time is no longer free.' } }),

  refunds: op('GET /meeting/refunds', 'refundsList', { access: 'verifiedAdmin', summary: 'Refunds to make (or made) in the payment provider', query: refundsQuery,
    responses: { 200: jsonReply('Newest first, at most 200.', refundsResponse) } }),

  markRefund: op('POST /meeting/refunds/{refundId}/mark', 'refundMark', { access: 'verifiedAdmin', summary: 'Mark a refund as made', params: refundIdParam, body: markRefundBody,
    responses: { 200: jsonReply('Marked: who, when, the reference.', refundResponse), 400: refusals(RULES.text), 404: 'No such refund.', 409: 'Already marked.' } }),
};
