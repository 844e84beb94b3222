import { AUTH_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { idOf } from '../../lib/ids.ts';
import { userRow, usersPage } from '../../domain/admin/grids.ts';
import { listResponse } from './list.ts';

/** /admin/users: the accounts grid for verified admins. */
export function adminUsersRoutes(deps: AppDeps) {
  const listUsers: Handler<typeof api.admin.users> = async (c) => {
    const query = c.req.valid('query');
    return listResponse(c, 'users', query.range.start, await usersPage(deps, query));
  };

  const showUser: Handler<typeof api.admin.user> = async (c) => {
    const row = await userRow(deps, idOf(c.req.valid('param').id));
    if (!row) throw notFound(AUTH_MESSAGES.userNotFound);
    return c.json(row, 200);
  };

  return contractRouter().openapi(routeOf(api.admin.users), listUsers).openapi(routeOf(api.admin.user), showUser);
}
