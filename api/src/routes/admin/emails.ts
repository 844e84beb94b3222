import type { Filter } from 'mongodb';
import { OUTBOX_MESSAGES, type EmailRecord } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { findPage, listResponse } from './list.ts';
import { collections, type OutboxDoc } from '../../db/collections.ts';
import { idOf, idsOf } from '../../lib/ids.ts';

const STORED_SORT = { id: '_id', createdAt: 'createdAt', to: 'to', template: 'template', status: 'status', sentAt: 'sentAt' } as const;

/** The grid's row: delivery facts only. Bodies, template data and one-time links never leave the server. */
function toRecord(doc: OutboxDoc): EmailRecord {
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

/** /admin/emails: the outbox for verified admins, and sending a failed email again. */
export function adminEmailsRoutes(deps: AppDeps) {
  const col = collections(deps.db).outbox;
  return contractRouter()
    .openapi(routeOf(api.admin.emails), async (c) => {
      const query = c.req.valid('query');
      const { id, to, template, status } = query.filter;
      const filter: Filter<OutboxDoc> = {};
      if (id) filter._id = { $in: idsOf(id) };
      if (to) filter.to = to;
      if (template) filter.template = template;
      if (status) filter.status = status;
      const { docs, total } = await findPage(deps.db, col, filter, query, STORED_SORT, ['createdAt']);
      return listResponse(c, 'emails', query.range.start, docs.map(toRecord), total);
    })
    .openapi(routeOf(api.admin.email), async (c) => {
      const doc = await col.findOne({ _id: idOf(c.req.valid('param').id) });
      if (!doc) throw notFound();
      return c.json(toRecord(doc), 200);
    })
    .openapi(routeOf(api.admin.resendEmail), async (c) => {
      const id = idOf(c.req.valid('param').id);
      const doc = await col.findOne({ _id: id });
      if (!doc) throw notFound();
      if (!(await deps.outbox.resend(id))) throw conflict(OUTBOX_MESSAGES.notFailed);
      await recordAudit(deps, { actor: c.var.account, action: 'email.resend', target: { type: 'email', id: id.toHexString(), label: doc.to } });
      const after = await col.findOne({ _id: id });
      return c.json({ success: true as const, message: OUTBOX_MESSAGES.resent, data: toRecord(after ?? doc) }, 200);
    });
}
