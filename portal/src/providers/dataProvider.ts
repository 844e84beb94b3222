import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  applicationSubmitResponse,
  checkVerifiedResponse,
  getMeetingsResponse,
  meetingResponse,
  messageResponseSchema,
  ownApplicationResponse,
  paymentLinkResponse,
  SERVICES,
  servicesResponse,
  type ApplicationRequest,
  type PlanType,
  type ReportLinkRequest,
  type ServiceKey,
  type UploadField,
  type MeetingLookupRequest,
} from '@bh/shared';
import { adminDataMethods } from '../admin/index.ts';
import { API_BASE, apiCall } from './http.ts';
import { uploadFile, type UploadOptions } from './upload.ts';

/**
 * The admin data grids follow ra-data-simple-rest's conventions under /api/v1 (resources named
 * `admin/meetings`, `admin/users`, ...); every other call of the spec is a named method, so screens
 * call `dataProvider.getMeetings()` instead of bending them into CRUD.
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });

const encode = encodeURIComponent;

export const portalMethods = {
  getMeetings: (signal?: AbortSignal) =>
    apiCall('/meeting/get-meetings', { schema: getMeetingsResponse, ...(signal ? { signal } : {}) }),

  recordJoin: (meetingId: string) =>
    apiCall(`/meeting/meetingJoinedAt/${encode(meetingId)}`, { method: 'POST', schema: meetingResponse }),

  deleteMeeting: (meetingId: string) =>
    apiCall(`/meeting/${encode(meetingId)}`, { method: 'DELETE', schema: messageResponseSchema }),

  saveReportLink: (meetingId: string, body: ReportLinkRequest) =>
    apiCall(`/meeting/${encode(meetingId)}/report`, { method: 'PUT', body, schema: meetingResponse }),

  lookupMeetings: (body: MeetingLookupRequest) =>
    apiCall('/meeting/userMeetings', { method: 'POST', body, schema: getMeetingsResponse }),

  getServices: () => apiCall('/payments/services', { schema: servicesResponse }),

  /** The plan's default payment link, under the service's slug as the site's payment pages spell it. */
  getDefaultPaymentLink: (service: ServiceKey, plan: PlanType) =>
    apiCall(`/payments/default/${encode(SERVICES[service].slug)}/${encode(plan)}`, { schema: paymentLinkResponse }),

  checkVerified: () => apiCall('/register/check-verified', { schema: checkVerifiedResponse }),

  /** The caller's own latest application, numbers masked (to refill the form after a rejection). */
  ownApplication: () => apiCall('/register/application', { schema: ownApplicationResponse }),

  submitApplication: (body: ApplicationRequest) =>
    apiCall('/register/employees', { method: 'POST', body, schema: applicationSubmitResponse }),

  logoutUser: () => apiCall('/user/logout', { method: 'POST', schema: messageResponseSchema }),

  uploadFile: (file: File, field: UploadField, options?: UploadOptions) => uploadFile(file, field, options),
};

export type PortalDataProvider = DataProvider & typeof portalMethods & typeof adminDataMethods;

export function createDataProvider(): PortalDataProvider {
  return {
    ...simpleRestProvider(API_BASE, httpClient),
    ...portalMethods,
    ...adminDataMethods,
  };
}
