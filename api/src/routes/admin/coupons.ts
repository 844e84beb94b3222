import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import type { Handler } from '../../lib/handler.ts';
import { couponsPage } from '../../domain/admin/grids.ts';
import { listResponse } from './list.ts';

/** /admin/coupons: the coupons grid for verified admins. */
export function adminCouponsRoutes(deps: AppDeps) {
  const listCoupons: Handler<typeof api.admin.coupons> = async (c) => {
    const query = c.req.valid('query');
    return listResponse(c, 'coupons', query.range.start, await couponsPage(deps, query));
  };

  return contractRouter().openapi(routeOf(api.admin.coupons), listCoupons);
}
