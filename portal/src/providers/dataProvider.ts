import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import type { ApplicationRequest, UploadField } from '@bh/shared';
import { admin } from '@bh/shared/contract/admin';
import { register } from '@bh/shared/contract/register';
import { adminDataMethods } from '../admin/dataMethods.ts';
import { firstScreenMethods } from './firstScreenMethods.ts';
import { ApiError, client, readAnswer } from './http.ts';
import { uploadFile, type UploadOptions } from './upload.ts';

/**
 * Every call of the spec is a named method on its shared operation definition, so screens call
 * `dataProvider.getMeetings()` instead of bending them into CRUD; the admin data grids are
 * react-admin resources (`admin/meetings`, `admin/users`, ...) on the grid operations.
 */
export const portalMethods = {
  ...firstScreenMethods,

  checkVerified: () => client.call(register.checkVerified),

  /** The caller's own latest application, numbers masked (to refill the form after a rejection). */
  ownApplication: () => client.call(register.ownApplication),

  submitApplication: (body: ApplicationRequest) => client.call(register.submit, { body }),

  uploadFile: (file: File, field: UploadField, options?: UploadOptions) => uploadFile(file, field, options),
};

/** The grid operations of each admin resource: a list (with its Content-Range total), and where the API has them, one record and delete. */
const GRIDS = {
  'admin/meetings': { list: admin.meetings, one: admin.meeting, delete: admin.deleteMeeting },
  'admin/users': { list: admin.users, one: admin.user },
  'admin/coupons': { list: admin.coupons },
  'admin/applications': { list: admin.applications, one: admin.application },
  'admin/audit': { list: admin.audit },
  'admin/emails': { list: admin.emails, one: admin.email },
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
