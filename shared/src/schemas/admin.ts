import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../messages/admin.ts';
import { parseIsoDate } from '../rules/time.ts';
import { cleanEmail, cleanText } from '../rules/text.ts';
import { lineString, objectIdString } from './common.ts';
import { EMAIL_TEMPLATES, OUTBOX_STATUSES } from './mail.ts';
import { ROLES, VERIFICATION_STATUSES } from './user.ts';

/** Every change worth a trail, named resource.verb. */
export const AUDIT_ACTIONS = [
  'account.create',
  'application.submit',
  'application.verify',
  'application.reject',
  'coupon.create',
  'coupon.status',
  'coupon.delete',
  'meeting.create',
  'meeting.delete',
  'meeting.report',
  'paymentLink.update',
  'password.change',
  'password.reset',
  'account.invite',
  'invitation.resend',
  'invitation.revoke',
  'invitation.accept',
  'email.resend',
  'privacy.decide',
  'privacy.erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An audit log row as the admin grid shows it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /** Email of who did it. */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to, in words: an account's name and email, a meeting's participants and start, a coupon's code. */
  target: z.string().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The resources under /api/v1/admin/* that react-admin lists. */
export const ADMIN_RESOURCES = ['meetings', 'users', 'coupons', 'applications', 'audit', 'emails'] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

export const MAX_RANGE_SIZE = 100;
const DEFAULT_RANGE: readonly [number, number] = [0, 24];
/** Query strings beyond this are not something react-admin sends. */
const MAX_QUERY_PARAM_LENGTH = 4000;

/**
 * The fields each grid may sort by. Only indexed fields are listed, and whitelisting keeps user
 * input out of the sort document. 'id' is react-admin's default sort; it means _id.
 */
export const ADMIN_SORT_FIELDS = {
  meetings: ['id', 'startsAt', 'createdAt', 'clientId', 'doctorId'],
  users: ['id', 'name', 'email', 'role', 'isVerified', 'createdAt'],
  coupons: ['id', 'couponCode', 'isActive', 'forNewUsers', 'createdAt', 'updatedAt'],
  applications: ['id', 'submittedAt', 'name', 'email', 'status'],
  audit: ['id', 'at', 'actor', 'action'],
  emails: ['id', 'createdAt', 'to', 'template', 'status', 'sentAt'],
} as const satisfies Record<AdminResource, readonly [string, ...string[]]>;

export const ADMIN_DEFAULT_SORT: { [R in AdminResource]: { field: (typeof ADMIN_SORT_FIELDS)[R][number]; order: SortOrder } } = {
  meetings: { field: 'startsAt', order: 'DESC' },
  users: { field: 'createdAt', order: 'DESC' },
  coupons: { field: 'createdAt', order: 'DESC' },
  applications: { field: 'submittedAt', order: 'ASC' },
  audit: { field: 'at', order: 'DESC' },
  emails: { field: 'createdAt', order: 'DESC' },
};

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A query parameter holding JSON, parsed without ever throwing. */
function jsonParam<T extends z.ZodType>(schema: T, message: string) {
  return z
    .string({ error: message })
    .max(MAX_QUERY_PARAM_LENGTH, message)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const rangeBound = () => z.number({ error: M.invalidRange }).int(M.invalidRange).min(0, M.invalidRange);

const rangeTuple = z
  .tuple([rangeBound(), rangeBound()], { error: M.invalidRange })
  .refine(([start, end]) => end >= start, M.invalidRange)
  .refine(([start, end]) => end - start + 1 <= MAX_RANGE_SIZE, M.rangeTooLarge);

/** Every filter problem reads the same: the grid sent something it should not have. */
const INVALID_FILTER = { error: M.invalidFilter };

/** Free-text search: trimmed; blank means no search. */
const searchText = lineString(M.invalidFilter)
  .overwrite(cleanText)
  .trim()
  .max(100, M.invalidFilter)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An email filter, compared the way emails are stored. */
const emailFilter = z
  .string(INVALID_FILTER)
  .overwrite(cleanEmail)
  .trim()
  .max(254, M.invalidFilter)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const dateFilter = z
  .string(INVALID_FILTER)
  .refine((v) => parseIsoDate(v) !== null, M.invalidFilter)
  .optional();

/** Select inputs may send booleans as text. */
const booleanFilter = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], INVALID_FILTER)
  .optional();

/** getMany sends {"id": [...]}; getOne-style lookups may send a single id. */
const idFilter = z
  .union([objectIdString, z.array(objectIdString).max(MAX_RANGE_SIZE)], INVALID_FILTER)
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();

/** The filters each grid accepts; anything else is refused rather than passed to a query. */
export const ADMIN_FILTERS = {
  meetings: z.strictObject({
    id: idFilter,
    q: searchText,
    clientId: emailFilter,
    doctorId: emailFilter,
    from: dateFilter,
    to: dateFilter,
  }, INVALID_FILTER),
  users: z.strictObject({
    id: idFilter,
    q: searchText,
    role: z.enum(ROLES, INVALID_FILTER).optional(),
    isVerified: z.enum(VERIFICATION_STATUSES, INVALID_FILTER).optional(),
  }, INVALID_FILTER),
  coupons: z.strictObject({
    id: idFilter,
    q: searchText,
    isActive: booleanFilter,
    forNewUsers: booleanFilter,
  }, INVALID_FILTER),
  applications: z.strictObject({
    id: idFilter,
    q: searchText,
    status: z.enum(['pending', 'verified', 'rejected'], INVALID_FILTER).optional(),
  }, INVALID_FILTER),
  audit: z.strictObject({
    id: idFilter,
    actor: emailFilter,
    action: z.enum(AUDIT_ACTIONS, INVALID_FILTER).optional(),
    from: dateFilter,
    to: dateFilter,
  }, INVALID_FILTER),
  emails: z.strictObject({
    id: idFilter,
    to: emailFilter,
    template: z.enum(EMAIL_TEMPLATES, INVALID_FILTER).optional(),
    status: z.enum(OUTBOX_STATUSES, INVALID_FILTER).optional(),
  }, INVALID_FILTER),
} as const;

/** A parsed list query: what the service layer needs to run the find. */
export interface ListQuery<Field extends string, Filter> {
  sort: { field: Field; order: SortOrder };
  /** Inclusive, as in react-admin's range=[start,end]. */
  range: { start: number; end: number };
  /** end - start + 1, the page size to fetch. */
  limit: number;
  filter: Filter;
}

function listQuery<const Fields extends readonly [string, ...string[]], Filter extends z.ZodType>(
  sortFields: Fields,
  defaultSort: { field: Fields[number]; order: SortOrder },
  filter: Filter,
) {
  const invalidSort = { error: M.invalidSort };
  const sortTuple = z.tuple([z.enum(sortFields, invalidSort), z.enum(SORT_ORDERS, invalidSort)], invalidSort);
  return z
    .strictObject({
      sort: jsonParam(sortTuple, M.invalidSort).optional(),
      range: jsonParam(rangeTuple, M.invalidRange).optional(),
      filter: jsonParam(filter, M.invalidFilter).optional(),
    })
    .transform((q): ListQuery<Fields[number], z.output<Filter>> => {
      const [start, end] = q.range ?? DEFAULT_RANGE;
      return {
        sort: q.sort ? { field: q.sort[0], order: q.sort[1] } : defaultSort,
        range: { start, end },
        limit: end - start + 1,
        // No filter param means no filtering; parsing {} gives the same shape as an empty filter.
        filter: q.filter ?? filter.parse({}),
      };
    });
}

/**
 * The query of GET /api/v1/admin/{resource} as ra-data-simple-rest sends it:
 * sort='["field","ASC"]', range='[0,24]', filter='{"q":"..."}', each JSON in a string.
 * Sort fields and filters are whitelisted per resource; at most 100 records per page.
 */
export const adminListQuery = {
  meetings: listQuery(ADMIN_SORT_FIELDS.meetings, ADMIN_DEFAULT_SORT.meetings, ADMIN_FILTERS.meetings),
  users: listQuery(ADMIN_SORT_FIELDS.users, ADMIN_DEFAULT_SORT.users, ADMIN_FILTERS.users),
  coupons: listQuery(ADMIN_SORT_FIELDS.coupons, ADMIN_DEFAULT_SORT.coupons, ADMIN_FILTERS.coupons),
  applications: listQuery(ADMIN_SORT_FIELDS.applications, ADMIN_DEFAULT_SORT.applications, ADMIN_FILTERS.applications),
  audit: listQuery(ADMIN_SORT_FIELDS.audit, ADMIN_DEFAULT_SORT.audit, ADMIN_FILTERS.audit),
  emails: listQuery(ADMIN_SORT_FIELDS.emails, ADMIN_DEFAULT_SORT.emails, ADMIN_FILTERS.emails),
} as const;

/**
 * The Content-Range header react-admin reads the total from: 'meetings 0-24/319'. An empty page
 * has no first and last item, so a star stands for the range, as HTTP does for unsatisfied ranges.
 */
export function contentRange(resource: AdminResource, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}

/** Path parameter of the admin getOne, update and delete calls. */
export const adminIdParam = z.strictObject({ id: objectIdString });
