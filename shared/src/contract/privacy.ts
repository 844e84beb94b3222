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
import { errorReply, fileReply, jsonReply, operations, refusals, RULES } from './define.ts';

const op = operations('Privacy');

/**
 * The privacy centre (DPDP Act 2023, Rules 2025; DESIGN §8; issue 19). Every call of a person reads
 * or changes only their own data, whatever their role: no id in a path reaches another's.
 */
export const privacy = {
  overview: op('GET /privacy/overview', 'privacyOverview', { access: 'privacyOwn', summary: "The privacy centre's contacts",
    description: 'The grievance officer (DPDP s. 13), from the `GRIEVANCE_OFFICER_*` settings.',
    responses: { 200: jsonReply('The grievance officer.', privacyOverviewResponse) } }),

  sessions: op('GET /privacy/sessions', 'privacySessions', { access: 'privacyOwn', summary: 'My signed-in devices',
    description: 'Browser, address range (IPv4 /24, IPv6 /48) and its kind, when signed in and last used; the calling device first and marked. At most 200.',
    responses: { 200: jsonReply('The devices.', sessionsResponse) } }),

  endSession: op('DELETE /privacy/sessions/{id}', 'privacyEndSession', { access: 'privacyOwn', summary: 'Sign out one of my other devices', params: sessionIdParam,
    description: 'Its next call is 401. The calling device signs out with `POST /user/logout` instead.',
    responses: { 200: jsonReply('Signed out.', privacyMessageResponse), 400: refusals('the calling device\'s own session (it signs out with `POST /user/logout`)'), 404: "No such session of the caller's (someone else's is \"not found\" too)." } }),

  signOutOthers: op('POST /privacy/sessions/sign-out-others', 'privacySignOutOthers', { access: 'privacyOwn', summary: 'Sign out all my other devices',
    responses: { 200: jsonReply('How many were signed out.', signOutOthersResponse) } }),

  accessLog: op('GET /privacy/access-log', 'privacyAccessLog', { access: 'privacyOwn', summary: 'Who read my documents',
    description: "Every time an admin opened the caller's uploaded documents or application (DPDP Rules 2025, Rule 6), newest first, at most 200. Entries are kept at least a year.",
    responses: { 200: jsonReply('The entries.', accessLogResponse) } }),

  notice: op('GET /privacy/notice', 'privacyNotice', { access: 'privacyOwn', summary: 'The notice in force and my consents',
    description: 'The version of the privacy notice and terms in force, whether the caller has accepted it, and every consent they gave or withdrew (DPDP ss. 5-6).',
    responses: { 200: jsonReply('The notice status.', noticeStatusResponse) } }),

  acceptNotice: op('POST /privacy/notice/accept', 'privacyAcceptNotice', { access: 'privacyOwn', summary: 'Accept the privacy notice', body: acceptNoticeRequest,
    description: 'Records who accepted which version, when and from what address range.',
    responses: { 200: jsonReply('Recorded.', noticeStatusResponse), 409: 'That is not the version in force (the notice changed while it was being read).' } }),

  withdrawNotice: op('POST /privacy/notice/withdraw', 'privacyWithdrawNotice', { access: 'privacyOwn', summary: 'Withdraw my consent', body: withdrawConsentRequest,
    description: 'As easy as giving it (s. 6(4)): records the withdrawal and opens an erasure request, which an admin confirms and which is announced 48 hours before it takes effect.',
    responses: { 200: jsonReply('Recorded; the message says what follows.', noticeStatusResponse) } }),

  archive: op('GET /privacy/archive', 'privacyArchive', { access: 'privacyOwn', summary: 'Download all my data',
    description: 'A streamed ZIP: profile, meetings, application (identity and bank numbers in full, for the owner only), uploaded documents, consents, sessions, requests, nominee, access log. Three an hour.',
    responses: {
      200: fileReply('The archive.', ['application/zip'], { 'Content-Disposition': 'attachment; filename="better-health-my-data.zip"' }),
      429: errorReply('Three archives this hour already.', { 'Retry-After': 'Seconds until the next may start.' }),
    },
  }),

  requests: op('GET /privacy/requests', 'privacyRequests', { access: 'privacyOwn', summary: 'My requests',
    responses: { 200: jsonReply('Newest first, at most 200.', privacyRequestsResponse) } }),

  createRequest: op('POST /privacy/requests', 'privacyCreateRequest', { access: 'privacyOwn', summary: 'Ask for a correction or erasure, or raise a grievance', body: privacyRequestCreate,
    description: 'Due in 30 days (correction, erasure) or 90 days (grievance). One open request of each kind at a time.',
    responses: { 201: jsonReply('Recorded.', privacyRequestResponse), 400: refusals(RULES.text), 409: 'An open request of this kind exists.' } }),

  queue: op('GET /privacy/requests/queue', 'privacyQueue', { access: 'verifiedAdmin', summary: "Everyone's privacy requests",
    description: 'Open requests first, soonest due first; then the latest decided. At most 200.',
    responses: { 200: jsonReply('The queue.', privacyQueueResponse) } }),

  decide: op('POST /privacy/requests/{id}/decide', 'privacyDecide', { access: 'verifiedAdmin', summary: 'Decide a privacy request, with reasons', params: privacyRequestIdParam, body: privacyDecisionRequest,
    description: 'An accepted erasure is scheduled 48 hours ahead and announced to the person by email at once; it is then carried out by the server.',
    responses: { 200: jsonReply('Decided.', privacyRequestResponse), 400: refusals(RULES.text), 404: 'No such request.', 409: 'Already decided.' } }),

  nominee: op('GET /privacy/nominee', 'privacyNominee', { access: 'privacyOwn', summary: 'My nominee',
    responses: { 200: jsonReply('The nominee, or null.', nomineeResponse) } }),

  setNominee: op('PUT /privacy/nominee', 'privacySetNominee', { access: 'privacyOwn', summary: 'Name my nominee (DPDP s. 14)', body: nomineeRequest,
    responses: { 200: jsonReply('Saved.', nomineeResponse), 400: refusals(RULES.email, RULES.text) } }),

  removeNominee: op('DELETE /privacy/nominee', 'privacyRemoveNominee', { access: 'privacyOwn', summary: 'Remove my nominee',
    responses: { 200: jsonReply('Removed.', nomineeResponse), 404: 'No nominee is named.' } }),

  // ---- Consent to verify an application's documents (issue 19 item 1) ---------------------------
  withdrawApplicationConsent: op('POST /privacy/application-consent/withdraw', 'privacyWithdrawApplicationConsent', {
    access: 'applicationOwn',
    summary: "Withdraw my consent to verify my application's documents",
    description:
      "As easy as giving it (s. 6(4)): records the withdrawal as a consent row of its own. A pending application is withdrawn from review (no admin can verify or reject it; the caller may submit it again, giving consent anew); a decided one stays as decided and is not checked again. The application and its documents are kept until an erasure request. Only the caller's own consent: no id reaches another's.",
    responses: { 200: jsonReply('Recorded; the message says what follows.', noticeStatusResponse), 409: 'No consent of the caller to verify an application is in force.' },
  }),
};
