import { ObjectId, type Collection, type Document, type Filter } from 'mongodb';
import {
  ADMIN_MESSAGES as M,
  formatIst,
  planLabel,
  resolvePlanType,
  resolveServiceKey,
  type AuditEntry as AuditGridEntry,
} from '@bh/shared';
import type { z } from 'zod';
import type { adminListQuery } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { AuditEntry, CouponDoc, MeetingDoc, UserDoc } from '../../db/collections.ts';
import { findPage, istDayRange, type GridPage } from './grid-page.ts';
import { idsOf as objectIdsOf } from '../../lib/ids.ts';

const STORED_SORT = { id: '_id', at: 'at', actor: 'actor.email', action: 'action' } as const;

/** The grid's row; an action missing from the shared list is still shown, never hidden from the trail. */
type AuditRow = Omit<AuditGridEntry, 'action'> & { action: string };

/**
 * The records one page of entries points at, each read once by `_id` whatever the number of
 * entries naming it. A page holds at most 100 entries, so each collection gets one query for at
 * most 100 ids.
 */
async function byIds<T extends Document & { _id: ObjectId }>(col: Collection<T>, hexIds: Set<string>, projection: Document): Promise<Map<string, T>> {
  if (hexIds.size === 0) return new Map();
  const ids = objectIdsOf([...hexIds]);
  const docs = (await col.find({ _id: { $in: ids } } as Filter<T>, { projection }).toArray()) as T[];
  return new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
}

/** Ids of one kind of target among the entries, when the stored id is an ObjectId at all. */
function idsOf(entries: readonly AuditEntry[], type: string, needed: (entry: AuditEntry) => boolean = () => true): Set<string> {
  return new Set(entries.filter((e) => e.target.type === type && ObjectId.isValid(e.target.id) && e.target.id.length === 24 && needed(e)).map((e) => e.target.id.toLowerCase()));
}

/** 'mentalHealthCounselling:single' (the stored link's id) → 'Mental Health Counselling, Single Session'. */
function paymentLinkLabel(id: string): string | undefined {
  const [service = '', plan = ''] = id.split(':');
  const key = resolveServiceKey(service);
  const type = resolvePlanType(plan);
  return key && type ? planLabel(key, type) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * What each entry was done to, in words: an account's name and email, a meeting's participants
 * and start, a coupon's code, a plan's name. Records are read as they are now; one that has since
 * been deleted falls back to what the entry stored when it was written (older entries may have
 * stored nothing, or only an id), and never shows a raw id.
 */
async function targetLabels(deps: Pick<AppDeps, 'db' | 'cols'>, entries: readonly AuditEntry[]): Promise<string[]> {
  const [users, meetings, coupons] = await Promise.all([
    byIds<UserDoc>(deps.cols.users, idsOf(entries, 'user'), { name: 1, email: 1 }),
    byIds<MeetingDoc>(deps.cols.meetings, idsOf(entries, 'meeting'), { clientName: 1, doctorName: 1, startsAt: 1 }),
    byIds<CouponDoc>(deps.cols.coupons, idsOf(entries, 'coupon', (e) => !e.target.label), { couponCode: 1 }),
  ]);
  return entries.map(({ target, details }) => {
    const id = target.id.toLowerCase();
    const stored = text(target.label);
    switch (target.type) {
      case 'user': {
        const user = users.get(id);
        return user ? M.auditAccount(user.name, user.email) : (stored ?? M.auditGoneAccount);
      }
      case 'meeting': {
        const meeting = meetings.get(id);
        if (meeting) return M.auditMeeting(meeting.clientName, meeting.doctorName, formatIst(meeting.startsAt));
        // Entries of deleted meetings kept both emails in their details and the date in the label.
        const client = text(details?.client);
        const associate = text(details?.associate);
        if (client && associate && stored) return M.auditMeeting(client, associate, stored);
        return stored ?? M.auditGoneMeeting;
      }
      case 'coupon':
        return stored ?? coupons.get(id)?.couponCode ?? M.auditGoneCoupon;
      case 'paymentLink':
        return paymentLinkLabel(target.id) ?? stored ?? target.type;
      default:
        return stored ?? target.type;
    }
  });
}

/** Who did what, when, to what: the stored entry in the grid's shape ('system' for the seed and CLI). */
function toRow(entry: AuditEntry, target: string): AuditRow {
  return {
    id: entry._id.toHexString(),
    at: entry.at.toISOString(),
    actor: entry.actor?.email ?? 'system',
    action: entry.action,
    target,
  };
}

/** The audit trail for verified admins, a page at a time, each entry's target in words. */
export async function auditPage(deps: Pick<AppDeps, 'db' | 'cols'>, query: z.output<typeof adminListQuery.audit>): Promise<GridPage<AuditRow>> {
  const { id, actor, action, from, to } = query.filter;
  const filter: Filter<AuditEntry> = {};
  if (id) filter._id = { $in: objectIdsOf(id) };
  if (actor) filter['actor.email'] = actor;
  if (action) filter.action = action;
  const days = istDayRange(from, to);
  if (days) filter.at = days;
  const { docs, total } = await findPage(deps.db, deps.cols.auditLog, filter, query, STORED_SORT, ['at']);
  const labels = await targetLabels(deps, docs);
  return { records: docs.map((doc, i) => toRow(doc, labels[i]!)), total };
}
