import { Hono } from 'hono';
import { ObjectId, type Filter } from 'mongodb';
import { adminListQuery, type AuditEntry as AuditGridEntry } from '@bh/shared';
import type { AuditEntry } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import type { AppEnv } from '../../lib/types.ts';
import { queryParams } from '../../lib/validate.ts';
import { findPage, istDayRange, listResponse } from './list.ts';

const STORED_SORT = { id: '_id', at: 'at', actor: 'actor.email', action: 'action' } as const;

/** The grid's row; an action missing from the shared list is still shown, never hidden from the trail. */
type AuditRow = Omit<AuditGridEntry, 'action'> & { action: string };

/** Who did what, when, to what: the stored entry in the grid's shape ('system' for the seed and CLI). */
function toRow(entry: AuditEntry): AuditRow {
  const target = entry.target.label ?? entry.target.id;
  return {
    id: entry._id.toHexString(),
    at: entry.at.toISOString(),
    actor: entry.actor?.email ?? 'system',
    action: entry.action,
    ...(target ? { target } : {}),
  };
}

export function adminAuditRoutes(deps: AppDeps) {
  const log = deps.db.collection<AuditEntry>('audit_log');
  return new Hono<AppEnv>().get('/', queryParams(adminListQuery.audit), async (c) => {
    const query = c.req.valid('query');
    const { id, actor, action, from, to } = query.filter;
    const filter: Filter<AuditEntry> = {};
    if (id) filter._id = { $in: id.map((v) => new ObjectId(v)) };
    if (actor) filter['actor.email'] = actor;
    if (action) filter.action = action;
    const days = istDayRange(from, to);
    if (days) filter.at = days;
    const { docs, total } = await findPage(log, filter, query, STORED_SORT);
    return listResponse(c, 'audit', query.range.start, docs.map(toRow), total);
  });
}
