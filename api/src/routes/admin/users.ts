import type { Filter } from 'mongodb';
import { AUTH_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { toUserRecord } from '../../lib/types.ts';
import type { UserDoc } from '../../db/collections.ts';
import { containsText, findPage, listResponse } from './list.ts';
import { idOf, idsOf } from '../../lib/ids.ts';

const STORED_SORT = { id: '_id', name: 'name', email: 'email', role: 'role', isVerified: 'isVerified', createdAt: 'createdAt' } as const;

/** A row of the grid (the contract's `userRecord`): the public user's `_id` beside react-admin's `id`, and the dates. */
const toRow = (user: UserDoc) => ({ _id: user._id.toHexString(), ...toUserRecord(user) });

export function adminUsersRoutes(deps: AppDeps) {
  const users = deps.cols.users;
  return contractRouter()
    .openapi(routeOf(api.admin.users), async (c) => {
      const query = c.req.valid('query');
      const { id, q, role, isVerified } = query.filter;
      const filter: Filter<UserDoc> = {};
      if (id) filter._id = { $in: idsOf(id) };
      if (role) filter.role = role;
      if (isVerified) filter.isVerified = isVerified;
      if (q) filter.$or = [{ name: containsText(q) }, { email: containsText(q) }];
      const { docs, total } = await findPage(deps.db, users, filter, query, STORED_SORT, ['createdAt']);
      return listResponse(c, 'users', query.range.start, docs.map(toRow), total);
    })

    .openapi(routeOf(api.admin.user), async (c) => {
      const user = await users.findOne({ _id: idOf(c.req.valid('param').id) });
      if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
      return c.json(toRow(user), 200);
    });
}
