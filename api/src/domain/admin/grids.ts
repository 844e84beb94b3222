import type { Filter, ObjectId } from 'mongodb';
import { type adminListQuery, type EmailRecord, type Meeting } from '@bh/shared';
import type { ApplicationRecord } from '@bh/shared/schemas/registration-extra';
import type { z } from 'zod';
import type { ApplicationDoc, CouponDoc, MeetingDoc, OutboxDoc, UserDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { idsOf } from '../../lib/ids.ts';
import { toUserRecord } from '../../lib/types.ts';
import { toMeeting } from '../meetings/meeting.service.ts';
import { toCoupon } from '../payments/payments.service.ts';
import { containsText, findPage, istDayRange, type GridPage } from './grid-page.ts';

/**
 * The react-admin grids' reads for verified admins (the routes under /admin answer with them): one
 * page of a resource's records under the grid's filter and sort, and one record by its id. Each
 * row is built field by field from the stored document, so nothing the grid does not show leaves.
 */
type GridQuery<R extends keyof typeof adminListQuery> = z.output<(typeof adminListQuery)[R]>;
type GridDeps = Pick<AppDeps, 'db' | 'cols'>;

// ---- users -------------------------------------------------------------------------------------

const USER_SORT = { id: '_id', name: 'name', email: 'email', role: 'role', isVerified: 'isVerified', createdAt: 'createdAt' } as const;

/** A row of the grid (the contract's `userRecord`): the public user's `_id` beside react-admin's `id`, and the dates. */
const toUserRow = (user: UserDoc) => ({ _id: user._id.toHexString(), ...toUserRecord(user) });

export async function usersPage(deps: GridDeps, query: GridQuery<'users'>): Promise<GridPage<ReturnType<typeof toUserRow>>> {
  const { id, q, role, isVerified } = query.filter;
  const filter: Filter<UserDoc> = {};
  if (id) filter._id = { $in: idsOf(id) };
  if (role) filter.role = role;
  if (isVerified) filter.isVerified = isVerified;
  if (q) filter.$or = [{ name: containsText(q) }, { email: containsText(q) }];
  const { docs, total } = await findPage(deps.db, deps.cols.users, filter, query, USER_SORT, ['createdAt']);
  return { records: docs.map(toUserRow), total };
}

export async function userRow(deps: GridDeps, id: ObjectId) {
  const user = await deps.cols.users.findOne({ _id: id });
  return user ? toUserRow(user) : null;
}

// ---- meetings ----------------------------------------------------------------------------------

const MEETING_SORT = { id: '_id', startsAt: 'startsAt', createdAt: 'createdAt', clientId: 'clientEmail', doctorId: 'doctorEmail' } as const;

export const toMeetingRow = (meeting: Meeting) => ({ id: meeting._id, ...meeting });

/** The full meeting history (get-meetings gives admins only a window). */
export async function meetingsPage(deps: GridDeps, query: GridQuery<'meetings'>): Promise<GridPage<ReturnType<typeof toMeetingRow>>> {
  const { id, q, clientId, doctorId, from, to } = query.filter;
  const filter: Filter<MeetingDoc> = {};
  if (id) filter._id = { $in: idsOf(id) };
  if (clientId) filter.clientEmail = clientId;
  if (doctorId) filter.doctorEmail = doctorId;
  const days = istDayRange(from, to);
  if (days) filter.startsAt = days;
  if (q) {
    const text = containsText(q);
    filter.$or = [{ clientEmail: text }, { doctorEmail: text }, { clientName: text }, { doctorName: text }];
  }
  const { docs, total } = await findPage(deps.db, deps.cols.meetings, filter, query, MEETING_SORT, ['startsAt', 'createdAt']);
  return { records: docs.map((d) => toMeetingRow(toMeeting(d))), total };
}

export async function meetingRow(deps: GridDeps, id: ObjectId) {
  const doc = await deps.cols.meetings.findOne({ _id: id });
  return doc ? toMeetingRow(toMeeting(doc)) : null;
}

// ---- coupons -----------------------------------------------------------------------------------

const COUPON_SORT = {
  id: '_id',
  couponCode: 'couponCode',
  isActive: 'isActive',
  forNewUsers: 'forNewUsers',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

export async function couponsPage(deps: GridDeps, query: GridQuery<'coupons'>) {
  const { id, q, isActive, forNewUsers } = query.filter;
  const filter: Filter<CouponDoc> = {};
  if (id) filter._id = { $in: idsOf(id) };
  if (isActive !== undefined) filter.isActive = isActive;
  if (forNewUsers !== undefined) filter.forNewUsers = forNewUsers;
  if (q) filter.couponCode = containsText(q);
  const { docs, total } = await findPage(deps.db, deps.cols.coupons, filter, query, COUPON_SORT, ['createdAt', 'updatedAt']);
  const records = docs.map((d) => {
    const coupon = toCoupon(d);
    return { id: coupon._id, ...coupon };
  });
  return { records, total };
}

// ---- emails ------------------------------------------------------------------------------------

const EMAIL_SORT = { id: '_id', createdAt: 'createdAt', to: 'to', template: 'template', status: 'status', sentAt: 'sentAt' } as const;

/** The grid's row: delivery facts only. Bodies, template data and one-time links never leave the server. */
function toEmailRecord(doc: OutboxDoc): EmailRecord {
  return {
    id: doc._id.toHexString(),
    to: doc.to,
    template: doc.template,
    status: doc.status,
    attempts: doc.attempts,
    lastError: doc.lastError,
    createdAt: doc.createdAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    sentAt: doc.sentAt ? doc.sentAt.toISOString() : null,
  };
}

export async function emailsPage(deps: GridDeps, query: GridQuery<'emails'>): Promise<GridPage<EmailRecord>> {
  const { id, to, template, status } = query.filter;
  const filter: Filter<OutboxDoc> = {};
  if (id) filter._id = { $in: idsOf(id) };
  if (to) filter.to = to;
  if (template) filter.template = template;
  if (status) filter.status = status;
  const { docs, total } = await findPage(deps.db, deps.cols.outbox, filter, query, EMAIL_SORT, ['createdAt']);
  return { records: docs.map(toEmailRecord), total };
}

export async function emailRecord(deps: GridDeps, id: ObjectId): Promise<EmailRecord | null> {
  const doc = await deps.cols.outbox.findOne({ _id: id });
  return doc ? toEmailRecord(doc) : null;
}

/**
 * Sends a failed email again: 'missing' for no such email, 'not-failed' when it is not one that
 * failed; otherwise the record as it now stands (queued again), with the address for the audit.
 */
export async function resendEmail(deps: GridDeps & Pick<AppDeps, 'outbox'>, id: ObjectId): Promise<'missing' | 'not-failed' | { record: EmailRecord; to: string }> {
  const doc = await deps.cols.outbox.findOne({ _id: id });
  if (!doc) return 'missing';
  if (!(await deps.outbox.resend(id))) return 'not-failed';
  const after = await deps.cols.outbox.findOne({ _id: id });
  return { record: toEmailRecord(after ?? doc), to: doc.to };
}

// ---- applications ------------------------------------------------------------------------------

/** A row's id is the applicant's user id, so sorting by id sorts by that. */
const APPLICATION_SORT = { id: 'userId', submittedAt: 'submittedAt', name: 'name', email: 'email', status: 'status' } as const;

/** The grid row: who applied, when, and where the review stands. Built field by field, so no number can slip in. */
function toApplicationRecord(app: ApplicationDoc): ApplicationRecord {
  const userId = app.userId.toHexString();
  return {
    id: userId,
    userId,
    name: app.name,
    email: app.email,
    role: app.role,
    status: app.status,
    submittedAt: app.submittedAt.toISOString(),
    ...(app.reviewedAt ? { reviewedAt: app.reviewedAt.toISOString() } : {}),
  };
}

/** The review queue and its history. */
export async function applicationsPage(deps: GridDeps, query: GridQuery<'applications'>): Promise<GridPage<ApplicationRecord>> {
  const { id, q, status } = query.filter;
  const filter: Filter<ApplicationDoc> = {};
  if (id) filter.userId = { $in: idsOf(id) };
  if (status) filter.status = status;
  if (q) filter.$or = [{ name: containsText(q) }, { email: containsText(q) }];
  const { docs, total } = await findPage(deps.db, deps.cols.applications, filter, query, APPLICATION_SORT);
  return { records: docs.map(toApplicationRecord), total };
}

/** One applicant's row (by their user id), or null. */
export async function applicationRecord(deps: GridDeps, userId: ObjectId): Promise<ApplicationRecord | null> {
  const app = await deps.cols.applications.findOne({ userId });
  return app ? toApplicationRecord(app) : null;
}
