import {
  applicantIdParam,
  applicationRequest,
  applicationSubmitResponse,
  checkVerifiedResponse,
  doctorDetailsResponse,
  messageResponseSchema,
  ownApplicationResponse,
  rejectRequest,
  statusListResponse,
  statusVerifiedQuery,
} from '../schemas/index.ts';
import { jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('Registration');

const NO_APPLICANT = 'BH Associate not found.';

/** BH Associate verification applications and their review. */
export const register = {
  submit: op('POST /register/employees', 'registerSubmit', { access: 'applicationSubmit', summary: 'Submit a verification application', body: applicationRequest,
    description: "The spec §3 application with the spec §5 messages. Every file field is a `secure_url` from `POST /uploads` of the applicant's own. Bank account and identity numbers are stored encrypted (AES-256-GCM) and only ever shown masked. After a rejection the applicant may submit again; the new application replaces the old one. Who may apply is settled before the body is read.",
    responses: { 201: jsonReply('Submitted; the status is now pending.', applicationSubmitResponse), 400: refusals(RULES.email, RULES.url, RULES.text, RULES.date, RULES.application, "a file link that is not one of the caller's own uploads"), 409: 'Already submitted and pending, or already verified.' } }),

  checkVerified: op('GET /register/check-verified', 'registerCheckVerified', { access: 'signedIn', summary: "The caller's verification status",
    responses: { 200: jsonReply('The status, with the reason when rejected.', checkVerifiedResponse) } }),

  ownApplication: op('GET /register/application', 'registerOwnApplication', { access: 'applicationOwn', summary: "The caller's own latest application",
    description: 'What the caller last submitted, with identity and account numbers masked to their last 4 characters, so a rejected application can be corrected and sent again. Sending a masked number back unchanged keeps the stored one.',
    responses: { 200: jsonReply('The application.', ownApplicationResponse), 404: 'Nothing submitted yet.' } }),

  pending: op('GET /register/status-pending', 'registerPending', { access: 'verifiedAdmin', summary: 'Applicants awaiting review',
    description: 'Pending BH Associates and admins, oldest account first, at most 200.',
    responses: { 200: jsonReply('The queue.', statusListResponse) } }),

  verified: op('GET /register/status-verified', 'registerVerified', { access: 'verifiedAdmin', summary: 'Verified BH Associates, paged', query: statusVerifiedQuery,
    description: 'Newest first. `email` matches the start of the address (so an exact address works too), in any case, literally.',
    responses: { 200: jsonReply('One page and whether another follows.', statusListResponse), 400: refusals('a `page` or `limit` that is not a whole number in range') } }),

  doctorDetails: op('GET /register/doctor-details/{userId}', 'registerDoctorDetails', { access: 'verifiedAdmin', summary: 'An applicant and their application', params: applicantIdParam,
    description: 'Account and identity document numbers come masked to their last 4 characters.',
    responses: { 200: jsonReply('The applicant.', doctorDetailsResponse), 404: 'BH Associate not found (no such applicant or no application).' } }),

  verifyDoctor: op('POST /register/verify-doctor/{userId}', 'registerVerifyDoctor', { access: 'verifiedAdmin', summary: 'Verify a pending applicant', params: applicantIdParam,
    description: 'Only a pending application can be decided, once. Recorded in the audit log.',
    responses: { 200: jsonReply('Verified.', messageResponseSchema), 404: NO_APPLICANT, 409: 'Not pending (already decided, or never submitted).' } }),

  rejectDoctor: op('POST /register/reject-doctor/{userId}', 'registerRejectDoctor', { access: 'verifiedAdmin', summary: 'Reject a pending applicant, with a reason', params: applicantIdParam, body: rejectRequest,
    description: 'The reason is shown to the applicant (profile and check-verified), who may then submit again. Recorded in the audit log.',
    responses: { 200: jsonReply('Rejected.', messageResponseSchema), 400: refusals(RULES.text), 404: NO_APPLICANT, 409: 'Not pending.' } }),
};
