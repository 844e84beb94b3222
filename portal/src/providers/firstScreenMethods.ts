import type { MeetingLookupRequest, PlanType, ReportLinkRequest, ServiceKey } from '@bh/shared';
import { SERVICES } from '@bh/shared';
// Each area straight from its module, not through the contract's index: the screens that call
// these are the first ones behind the login, and the index would bring every area's schemas along.
import { meeting } from '@bh/shared/contract/meeting';
import { payments } from '@bh/shared/contract/payments';
import { user } from '@bh/shared/contract/user';
import { client } from './http.ts';

/**
 * The calls the first screens behind the login make (the dashboard's meetings, services and
 * payment links, a meeting's join, report and deletion, the lookup, logout), with only their
 * areas of the contract. The lazy data provider loads this module for them
 * (`FIRST_SCREEN_METHODS` in lazyDataProvider.ts), and the full provider (dataProvider.ts), with
 * the application, upload and admin operations, only when one of those is called.
 */
export const firstScreenMethods = {
  getMeetings: (signal?: AbortSignal) => client.call(meeting.list, {}, signal ? { signal } : {}),

  recordJoin: (meetingId: string) => client.call(meeting.recordJoin, { params: { meetingId } }),

  deleteMeeting: (meetingId: string) => client.call(meeting.delete, { params: { meetingId } }),

  saveReportLink: (meetingId: string, body: ReportLinkRequest) => client.call(meeting.setReport, { params: { meetingId }, body }),

  lookupMeetings: (body: MeetingLookupRequest) => client.call(meeting.lookup, { body }),

  getServices: () => client.call(payments.services),

  /** The plan's default payment link, under the service's slug as the site's payment pages spell it. */
  getDefaultPaymentLink: (service: ServiceKey, plan: PlanType) =>
    client.call(payments.defaultLink, { params: { service: SERVICES[service].slug, planType: plan } }),

  logoutUser: () => client.call(user.logout),
};
