import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import {
  SERVICES,
  type ApplicationRequest,
  type MeetingLookupRequest,
  type PlanType,
  type ReportLinkRequest,
  type ServiceKey,
  type UploadField,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { adminDataMethods } from '../admin/dataMethods.ts';
import { ApiError, client, readAnswer } from './http.ts';
import { uploadFile, type UploadOptions } from './upload.ts';

/**
 * Every call of the spec is a named method on its shared operation definition, so screens call
 * `dataProvider.getMeetings()` instead of bending them into CRUD; the admin data grids are
 * react-admin resources (`admin/meetings`, `admin/users`, ...) on the grid operations.
 */
export const portalMethods = {
  getMeetings: (signal?: AbortSignal) => client.call(api.meeting.list, {}, signal ? { signal } : {}),

  recordJoin: (meetingId: string) => client.call(api.meeting.recordJoin, { params: { meetingId } }),

  deleteMeeting: (meetingId: string) => client.call(api.meeting.delete, { params: { meetingId } }),

  saveReportLink: (meetingId: string, body: ReportLinkRequest) => client.call(api.meeting.setReport, { params: { meetingId }, body }),

  lookupMeetings: (body: MeetingLookupRequest) => client.call(api.meeting.lookup, { body }),

  getServices: () => client.call(api.payments.services),

  /** The plan's default payment link, under the service's slug as the site's payment pages spell it. */
  getDefaultPaymentLink: (service: ServiceKey, plan: PlanType) =>
    client.call(api.payments.defaultLink, { params: { service: SERVICES[service].slug, planType: plan } }),

  checkVerified: () => client.call(api.register.checkVerified),

  /** The caller's own latest application, numbers masked (to refill the form after a rejection). */
  ownApplication: () => client.call(api.register.ownApplication),

  submitApplication: (body: ApplicationRequest) => client.call(api.register.submit, { body }),

  logoutUser: () => client.call(api.user.logout),

  uploadFile: (file: File, field: UploadField, options?: UploadOptions) => uploadFile(file, field, options),
};

/** The grid operations of each admin resource: a list (with its Content-Range total), and where the API has them, one record and delete. */
const GRIDS = {
  'admin/meetings': { list: api.admin.meetings, one: api.admin.meeting, delete: api.admin.deleteMeeting },
  'admin/users': { list: api.admin.users, one: api.admin.user },
  'admin/coupons': { list: api.admin.coupons },
  'admin/applications': { list: api.admin.applications, one: api.admin.application },
  'admin/audit': { list: api.admin.audit },
  'admin/emails': { list: api.admin.emails, one: api.admin.email },
} as const;

type Grid = (typeof GRIDS)[keyof typeof GRIDS];

function gridOf(resource: string): Grid {
  if (!Object.hasOwn(GRIDS, resource)) throw new ApiError(`Unknown resource ${resource}`, 404, 'http', null);
  return GRIDS[resource as keyof typeof GRIDS];
}

function unsupported(resource: string, action: string): never {
  throw new ApiError(`${resource} cannot ${action}`, 405, 'http', null);
}

/** The total after the slash of `meetings 0-24/319` (an empty page has a star for its range), as ra-data-simple-rest reads it. */
function totalOf(response: Response): number {
  const total = Number(response.headers.get('Content-Range')?.split('/').pop());
  if (!Number.isInteger(total) || total < 0) throw new ApiError('', response.status, 'parse', null);
  return total;
}

/**
 * ra-data-simple-rest's query (`sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`, each JSON
 * text) sent through the grid's list operation; the total comes from Content-Range.
 */
async function gridList(resource: string, params: Partial<GetListParams>): Promise<GetListResult> {
  const op = gridOf(resource).list;
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const query: Record<string, string> = {
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    filter: JSON.stringify(params.filter ?? {}),
  };
  if (params.sort?.field) query.sort = JSON.stringify([params.sort.field, params.sort.order]);
  const response = await client.raw(op, { query }, params.signal ? { signal: params.signal } : {});
  const data = (await readAnswer(op, response)) as RaRecord[];
  return { data, total: response.ok ? totalOf(response) : 0 };
}

function gridDataProvider(): DataProvider {
  return {
    getList: (resource, params) => gridList(resource, params),
    getMany: (resource, params) => gridList(resource, { filter: { id: params.ids }, pagination: { page: 1, perPage: params.ids.length || 1 } }),
    getManyReference: (resource, params) => gridList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
    getOne: async (resource, params) => {
      const grid = gridOf(resource);
      if (!('one' in grid)) return unsupported(resource, 'getOne');
      return { data: (await client.call(grid.one, { params: { id: String(params.id) } })) as RaRecord };
    },
    delete: async (resource, params) => {
      const grid = gridOf(resource);
      if (!('delete' in grid)) return unsupported(resource, 'delete');
      return { data: (await client.call(grid.delete, { params: { id: String(params.id) } })) as RaRecord };
    },
    deleteMany: (resource) => unsupported(resource, 'deleteMany'),
    create: (resource) => unsupported(resource, 'create'),
    update: (resource) => unsupported(resource, 'update'),
    updateMany: (resource) => unsupported(resource, 'updateMany'),
  } as DataProvider;
}

export type PortalDataProvider = DataProvider & typeof portalMethods & typeof adminDataMethods;

export function createDataProvider(): PortalDataProvider {
  return {
    ...gridDataProvider(),
    ...portalMethods,
    ...adminDataMethods,
  };
}
