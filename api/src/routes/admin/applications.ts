import { REGISTRATION_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { idOf } from '../../lib/ids.ts';
import { applicationRecord, applicationsPage } from '../../domain/admin/grids.ts';
import { logAccess } from '../../domain/privacy/access-log.ts';
import { listResponse } from './list.ts';

/** /admin/applications: the review queue and history for react-admin, for verified admins (the guard's). */
export function adminApplicationsRoutes(deps: AppDeps) {
  const listApplications: Handler<typeof api.admin.applications> = async (c) => {
    const query = c.req.valid('query');
    return listResponse(c, 'applications', query.range.start, await applicationsPage(deps, query));
  };

  const showApplication: Handler<typeof api.admin.application> = async (c) => {
    const record = await applicationRecord(deps, idOf(c.req.valid('param').id));
    if (!record) throw notFound(REGISTRATION_MESSAGES.associateNotFound);
    await logAccess(deps, c.var.account, idOf(record.userId), 'application.view', 'Application');
    return c.json(record, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.admin.applications), listApplications)
    .openapi(routeOf(api.admin.application), showApplication);
}
