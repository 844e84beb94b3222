import type { Filter } from 'mongodb';
import { REGISTRATION_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import type { ApplicationRecord } from '@bh/shared/schemas/registration-extra';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { logAccess } from '../../domain/privacy/access-log.ts';
import { containsText, findPage, listResponse } from './list.ts';
import { collections, type ApplicationDoc } from '../../db/collections.ts';
import { idOf, idsOf } from '../../lib/ids.ts';

/** A row's id is the applicant's user id, so sorting by id sorts by that. */
const STORED_SORT = { id: 'userId', submittedAt: 'submittedAt', name: 'name', email: 'email', status: 'status' } as const;

/** The grid row: who applied, when, and where the review stands. Built field by field, so no number can slip in. */
function toRecord(app: ApplicationDoc): ApplicationRecord {
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

/**
 * /api/v1/admin/applications: the review queue and history for react-admin, for verified admins
 * (the guard's). 
 */
export function adminApplicationsRoutes(deps: AppDeps) {
  const col = collections(deps.db).applications;
  return contractRouter()
    .openapi(routeOf(api.admin.applications), async (c) => {
      const query = c.req.valid('query');
      const { id, q, status } = query.filter;
      const filter: Filter<ApplicationDoc> = {};
      if (id) filter.userId = { $in: idsOf(id) };
      if (status) filter.status = status;
      if (q) filter.$or = [{ name: containsText(q) }, { email: containsText(q) }];
      const { docs, total } = await findPage(deps.db, col, filter, query, STORED_SORT);
      return listResponse(c, 'applications', query.range.start, docs.map(toRecord), total);
    })

    .openapi(routeOf(api.admin.application), async (c) => {
      const app = await col.findOne({ userId: idOf(c.req.valid('param').id) });
      if (!app) throw notFound(REGISTRATION_MESSAGES.associateNotFound);
      await logAccess(deps, c.var.account, app.userId, 'application.view', 'Application');
      return c.json(toRecord(app), 200);
    });
}
