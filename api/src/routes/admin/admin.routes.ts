import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../lib/deps.ts';
import type { AppEnv } from '../../lib/types.ts';
import { requireVerifiedAdmin } from '../../middleware/auth.ts';
import { adminApplicationsRoutes } from './applications.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminCouponsRoutes } from './coupons.ts';
import { adminEmailsRoutes } from './emails.ts';
import { adminMeetingsRoutes } from './meetings.ts';
import { adminUsersRoutes } from './users.ts';

/**
 * /api/v1/admin/*: the react-admin grids (ra-data-simple-rest: sort, range and filter query,
 * Content-Range header), one sub-router per resource over the same services as the spec's calls.
 * Every grid is for verified admins only, checked here before any query is parsed.
 */
export function adminRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use(
        '*',
        createMiddleware<AppEnv>(async (c, next) => {
          requireVerifiedAdmin(c);
          await next();
        }),
      )
      .route('/meetings', adminMeetingsRoutes(deps))
      .route('/users', adminUsersRoutes(deps))
      .route('/coupons', adminCouponsRoutes(deps))
      .route('/audit', adminAuditRoutes(deps))
      .route('/applications', adminApplicationsRoutes(deps))
      .route('/emails', adminEmailsRoutes(deps))
  );
}
