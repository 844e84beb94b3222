import type { AppDeps } from '../../lib/deps.ts';
import { contractRouter } from '../../lib/contract.ts';
import { adminApplicationsRoutes } from './applications.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminCouponsRoutes } from './coupons.ts';
import { adminEmailsRoutes } from './emails.ts';
import { adminMeetingsRoutes } from './meetings.ts';
import { adminUsersRoutes } from './users.ts';

/**
 * /api/v1/admin/*: the react-admin grids (ra-data-simple-rest: sort, range and filter query,
 * Content-Range header), one router per resource over the same services as the spec's calls.
 * Every grid is for verified admins only: each operation's guard checks it before any query is
 * parsed.
 */
export function adminRoutes(deps: AppDeps) {
  return contractRouter()
    .route('/', adminMeetingsRoutes(deps))
    .route('/', adminUsersRoutes(deps))
    .route('/', adminCouponsRoutes(deps))
    .route('/', adminAuditRoutes(deps))
    .route('/', adminApplicationsRoutes(deps))
    .route('/', adminEmailsRoutes(deps));
}
