import {
  accessLogResponse,
  privacyMessageResponse,
  privacyOverviewResponse,
  sessionIdParam,
  sessionsResponse,
  signOutOthersResponse,
} from '../schemas/index.ts';
import { defineOperation, errorReply, jsonReply } from './define.ts';

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
};
