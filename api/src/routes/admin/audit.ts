import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import type { Handler } from '../../lib/handler.ts';
import { auditPage } from '../../domain/admin/audit-grid.ts';
import { listResponse } from './list.ts';

/** /admin/audit: who did what, when, to what, for verified admins. */
export function adminAuditRoutes(deps: AppDeps) {
  const listAudit: Handler<typeof api.admin.audit> = async (c) => {
    const query = c.req.valid('query');
    return listResponse(c, 'audit', query.range.start, await auditPage(deps, query));
  };

  return contractRouter().openapi(routeOf(api.admin.audit), listAudit);
}
