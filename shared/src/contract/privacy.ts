import {
  acceptNoticeRequest,
  nomineeRequest,
  nomineeResponse,
  noticeStatusResponse,
  privacyDecisionRequest,
  privacyQueueResponse,
  privacyRequestCreate,
  privacyRequestIdParam,
  privacyRequestResponse,
  privacyRequestsResponse,
  accessLogResponse,
  withdrawConsentRequest,
  privacyMessageResponse,
  privacyOverviewResponse,
  sessionIdParam,
  sessionsResponse,
  signOutOthersResponse,
} from '../schemas/index.ts';
import { defineOperation, errorReply, fileReply, jsonBody, jsonReply } from './define.ts';

/**
 * The privacy centre (DPDP Act 2023, Rules 2025; DESIGN §8; issue 19). Every call of a person reads
 * or changes only their own data, whatever their role: no id in a path reaches another's.
 */
export const privacy = {
  overview: defineOperation({
    operationId: 'privacyOverview',
    method: 'get',
    path: '/privacy/overview',
    tags: ['Privacy'],
    summary: "The privacy centre's contacts",
    description: 'The grievance officer (DPDP s. 13), from the `GRIEVANCE_OFFICER_*` settings.',
    access: 'privacyOwn',
    responses: { 200: jsonReply('The grievance officer.', privacyOverviewResponse) },
  }),

  sessions: defineOperation({
    operationId: 'privacySessions',
    method: 'get',
    path: '/privacy/sessions',
    tags: ['Privacy'],
    summary: 'My signed-in devices',
    description: 'Browser, address range (IPv4 /24, IPv6 /48) and its kind, when signed in and last used; the calling device first and marked. At most 200.',
    access: 'privacyOwn',
    responses: { 200: jsonReply('The devices.', sessionsResponse) },
  }),

  endSession: defineOperation({
    operationId: 'privacyEndSession',
    method: 'delete',
    path: '/privacy/sessions/{id}',
    tags: ['Privacy'],
    summary: 'Sign out one of my other devices',
    description: 'Its next call is 401. The calling device signs out with `POST /user/logout` instead.',
    access: 'privacyOwn',
    request: { params: sessionIdParam },
    responses: {
      200: jsonReply('Signed out.', privacyMessageResponse),
      404: errorReply("No such session of the caller's (someone else's is \"not found\" too)."),
    },
  }),

  signOutOthers: defineOperation({
    operationId: 'privacySignOutOthers',
    method: 'post',
    path: '/privacy/sessions/sign-out-others',
    tags: ['Privacy'],
    summary: 'Sign out all my other devices',
    access: 'privacyOwn',
    responses: { 200: jsonReply('How many were signed out.', signOutOthersResponse) },
  }),

  accessLog: defineOperation({
    operationId: 'privacyAccessLog',
    method: 'get',
    path: '/privacy/access-log',
    tags: ['Privacy'],
    summary: 'Who read my documents',
    description:
      "Every time an admin opened the caller's uploaded documents or application (DPDP Rules 2025, Rule 6), newest first, at most 200. Entries are kept at least a year.",
    access: 'privacyOwn',
    responses: { 200: jsonReply('The entries.', accessLogResponse) },
  }),

  notice: defineOperation({
    operationId: 'privacyNotice',
    method: 'get',
    path: '/privacy/notice',
    tags: ['Privacy'],
    summary: 'The notice in force and my consents',
    description: 'The version of the privacy notice and terms in force, whether the caller has accepted it, and every consent they gave or withdrew (DPDP ss. 5-6).',
    access: 'privacyOwn',
    responses: { 200: jsonReply('The notice status.', noticeStatusResponse) },
  }),

  acceptNotice: defineOperation({
    operationId: 'privacyAcceptNotice',
    method: 'post',
    path: '/privacy/notice/accept',
    tags: ['Privacy'],
    summary: 'Accept the privacy notice',
    description: 'Records who accepted which version, when and from what address range.',
    access: 'privacyOwn',
    request: { body: jsonBody(acceptNoticeRequest) },
    responses: { 200: jsonReply('Recorded.', noticeStatusResponse), 409: errorReply('That is not the version in force (the notice changed while it was being read).') },
  }),

  withdrawNotice: defineOperation({
    operationId: 'privacyWithdrawNotice',
    method: 'post',
    path: '/privacy/notice/withdraw',
    tags: ['Privacy'],
    summary: 'Withdraw my consent',
    description: 'As easy as giving it (s. 6(4)): records the withdrawal and opens an erasure request, which an admin confirms and which is announced 48 hours before it takes effect.',
    access: 'privacyOwn',
    request: { body: jsonBody(withdrawConsentRequest) },
    responses: { 200: jsonReply('Recorded; the message says what follows.', noticeStatusResponse) },
  }),

  archive: defineOperation({
    operationId: 'privacyArchive',
    method: 'get',
    path: '/privacy/archive',
    tags: ['Privacy'],
    summary: 'Download all my data',
    description: 'A streamed ZIP: profile, meetings, application (identity and bank numbers in full, for the owner only), uploaded documents, consents, sessions, requests, nominee, access log. Three an hour.',
    access: 'privacyOwn',
    responses: {
      200: fileReply('The archive.', ['application/zip'], { 'Content-Disposition': 'attachment; filename="better-health-my-data.zip"' }),
      429: errorReply('Three archives this hour already.', { 'Retry-After': 'Seconds until the next may start.' }),
    },
  }),

  requests: defineOperation({
    operationId: 'privacyRequests',
    method: 'get',
    path: '/privacy/requests',
    tags: ['Privacy'],
    summary: 'My requests',
    access: 'privacyOwn',
    responses: { 200: jsonReply('Newest first, at most 200.', privacyRequestsResponse) },
  }),

  createRequest: defineOperation({
    operationId: 'privacyCreateRequest',
    method: 'post',
    path: '/privacy/requests',
    tags: ['Privacy'],
    summary: 'Ask for a correction or erasure, or raise a grievance',
    description: 'Due in 30 days (correction, erasure) or 90 days (grievance). One open request of each kind at a time.',
    access: 'privacyOwn',
    request: { body: jsonBody(privacyRequestCreate) },
    responses: { 201: jsonReply('Recorded.', privacyRequestResponse), 409: errorReply('An open request of this kind exists.') },
  }),

  queue: defineOperation({
    operationId: 'privacyQueue',
    method: 'get',
    path: '/privacy/requests/queue',
    tags: ['Privacy'],
    summary: "Everyone's privacy requests",
    description: 'Open requests first, soonest due first; then the latest decided. At most 200.',
    access: 'verifiedAdmin',
    responses: { 200: jsonReply('The queue.', privacyQueueResponse) },
  }),

  decide: defineOperation({
    operationId: 'privacyDecide',
    method: 'post',
    path: '/privacy/requests/{id}/decide',
    tags: ['Privacy'],
    summary: 'Decide a privacy request, with reasons',
    description: 'An accepted erasure is scheduled 48 hours ahead and announced to the person by email at once; it is then carried out by the server.',
    access: 'verifiedAdmin',
    request: { params: privacyRequestIdParam, body: jsonBody(privacyDecisionRequest) },
    responses: {
      200: jsonReply('Decided.', privacyRequestResponse),
      404: errorReply('No such request.'),
      409: errorReply('Already decided.'),
    },
  }),

  nominee: defineOperation({
    operationId: 'privacyNominee',
    method: 'get',
    path: '/privacy/nominee',
    tags: ['Privacy'],
    summary: 'My nominee',
    access: 'privacyOwn',
    responses: { 200: jsonReply('The nominee, or null.', nomineeResponse) },
  }),

  setNominee: defineOperation({
    operationId: 'privacySetNominee',
    method: 'put',
    path: '/privacy/nominee',
    tags: ['Privacy'],
    summary: 'Name my nominee (DPDP s. 14)',
    access: 'privacyOwn',
    request: { body: jsonBody(nomineeRequest) },
    responses: { 200: jsonReply('Saved.', nomineeResponse) },
  }),

  removeNominee: defineOperation({
    operationId: 'privacyRemoveNominee',
    method: 'delete',
    path: '/privacy/nominee',
    tags: ['Privacy'],
    summary: 'Remove my nominee',
    access: 'privacyOwn',
    responses: { 200: jsonReply('Removed.', nomineeResponse), 404: errorReply('No nominee is named.') },
  }),

  // ---- Consent to verify an application's documents (issue 19 item 1) -------------------------
  withdrawApplicationConsent: defineOperation({
    operationId: 'privacyWithdrawApplicationConsent',
    method: 'post',
    path: '/privacy/application-consent/withdraw',
    tags: ['Privacy'],
    summary: "Withdraw my consent to verify my application's documents",
    description:
      "As easy as giving it (s. 6(4)): records the withdrawal as a consent row of its own. A pending application is withdrawn from review (no admin can verify or reject it; the caller may submit it again, giving consent anew); a decided one stays as decided and is not checked again. The application and its documents are kept until an erasure request. Only the caller's own consent: no id reaches another's.",
    access: 'applicationOwn',
    responses: {
      200: jsonReply('Recorded; the message says what follows.', noticeStatusResponse),
      409: errorReply('No consent of the caller to verify an application is in force.'),
    },
  }),
};
