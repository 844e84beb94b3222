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
import { defineOperation, errorReply, jsonBody, jsonReply } from './define.ts';

const NO_APPLICANT = errorReply('BH Associate not found.');

/** BH Associate verification applications and their review. */
export const register = {
  submit: defineOperation({
    operationId: 'registerSubmit',
    method: 'post',
    path: '/register/employees',
    tags: ['Registration'],
    summary: 'Submit a verification application',
    description:
      "The spec §3 application with the spec §5 messages. Every file field is a `secure_url` from `POST /uploads` of the applicant's own. Bank account and identity numbers are stored encrypted (AES-256-GCM) and only ever shown masked. After a rejection the applicant may submit again; the new application replaces the old one. Who may apply is settled before the body is read.",
    access: 'applicationSubmit',
    request: { body: jsonBody(applicationRequest) },
    responses: {
      201: jsonReply('Submitted; the status is now pending.', applicationSubmitResponse),
      409: errorReply('Already submitted and pending, or already verified.'),
    },
  }),

  checkVerified: defineOperation({
    operationId: 'registerCheckVerified',
    method: 'get',
    path: '/register/check-verified',
    tags: ['Registration'],
    summary: "The caller's verification status",
    access: 'signedIn',
    responses: { 200: jsonReply('The status, with the reason when rejected.', checkVerifiedResponse) },
  }),

  ownApplication: defineOperation({
    operationId: 'registerOwnApplication',
    method: 'get',
    path: '/register/application',
    tags: ['Registration'],
    summary: "The caller's own latest application",
    description:
      'What the caller last submitted, with identity and account numbers masked to their last 4 characters, so a rejected application can be corrected and sent again. Sending a masked number back unchanged keeps the stored one.',
    access: 'applicationOwn',
    responses: { 200: jsonReply('The application.', ownApplicationResponse), 404: errorReply('Nothing submitted yet.') },
  }),

  pending: defineOperation({
    operationId: 'registerPending',
    method: 'get',
    path: '/register/status-pending',
    tags: ['Registration'],
    summary: 'Applicants awaiting review',
    description: 'Pending BH Associates and admins, oldest account first, at most 200.',
    access: 'verifiedAdmin',
    responses: { 200: jsonReply('The queue.', statusListResponse) },
  }),

  verified: defineOperation({
    operationId: 'registerVerified',
    method: 'get',
    path: '/register/status-verified',
    tags: ['Registration'],
    summary: 'Verified BH Associates, paged',
    description: 'Newest first. `email` matches the start of the address (so an exact address works too), in any case, literally.',
    access: 'verifiedAdmin',
    request: { query: statusVerifiedQuery },
    responses: { 200: jsonReply('One page and whether another follows.', statusListResponse) },
  }),

  doctorDetails: defineOperation({
    operationId: 'registerDoctorDetails',
    method: 'get',
    path: '/register/doctor-details/{userId}',
    tags: ['Registration'],
    summary: 'An applicant and their application',
    description: 'Account and identity document numbers come masked to their last 4 characters.',
    access: 'verifiedAdmin',
    request: { params: applicantIdParam },
    responses: {
      200: jsonReply('The applicant.', doctorDetailsResponse),
      404: errorReply('BH Associate not found (no such applicant or no application).'),
    },
  }),

  verifyDoctor: defineOperation({
    operationId: 'registerVerifyDoctor',
    method: 'post',
    path: '/register/verify-doctor/{userId}',
    tags: ['Registration'],
    summary: 'Verify a pending applicant',
    description: 'Only a pending application can be decided, once. Recorded in the audit log.',
    access: 'verifiedAdmin',
    request: { params: applicantIdParam },
    responses: {
      200: jsonReply('Verified.', messageResponseSchema),
      404: NO_APPLICANT,
      409: errorReply('Not pending (already decided, or never submitted).'),
    },
  }),

  rejectDoctor: defineOperation({
    operationId: 'registerRejectDoctor',
    method: 'post',
    path: '/register/reject-doctor/{userId}',
    tags: ['Registration'],
    summary: 'Reject a pending applicant, with a reason',
    description:
      'The reason is shown to the applicant (profile and check-verified), who may then submit again. Recorded in the audit log.',
    access: 'verifiedAdmin',
    request: { params: applicantIdParam, body: jsonBody(rejectRequest) },
    responses: { 200: jsonReply('Rejected.', messageResponseSchema), 404: NO_APPLICANT, 409: errorReply('Not pending.') },
  }),
};
