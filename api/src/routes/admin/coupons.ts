import type { Filter } from 'mongodb';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { toCoupon } from '../../domain/payments/payments.service.ts';
import { containsText, findPage, listResponse } from './list.ts';
import { collections, type CouponDoc } from '../../db/collections.ts';
import { idsOf } from '../../lib/ids.ts';

const STORED_SORT = {
  id: '_id',
  couponCode: 'couponCode',
  isActive: 'isActive',
  forNewUsers: 'forNewUsers',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

export function adminCouponsRoutes(deps: AppDeps) {
  return contractRouter().openapi(routeOf(api.admin.coupons), async (c) => {
    const query = c.req.valid('query');
    const { id, q, isActive, forNewUsers } = query.filter;
    const filter: Filter<CouponDoc> = {};
    if (id) filter._id = { $in: idsOf(id) };
    if (isActive !== undefined) filter.isActive = isActive;
    if (forNewUsers !== undefined) filter.forNewUsers = forNewUsers;
    if (q) filter.couponCode = containsText(q);
    const { docs, total } = await findPage(deps.db, collections(deps.db).coupons, filter, query, STORED_SORT, ['createdAt', 'updatedAt']);
    const records = docs.map((d) => {
      const coupon = toCoupon(d);
      return { id: coupon._id, ...coupon };
    });
    return listResponse(c, 'coupons', query.range.start, records, total);
  });
}
