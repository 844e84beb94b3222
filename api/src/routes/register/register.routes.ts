import { Hono } from 'hono';
import { ObjectId } from 'mongodb';
import {
  applicantIdParam,
  createApplicationRequestSchema,
  REGISTRATION_MESSAGES as M,
  rejectRequest,
  statusVerifiedQuery,
} from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { logAccess } from '../privacy/access-log.ts';
import type { AppEnv } from '../../lib/types.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { requireUser, requireVerifiedAdmin } from '../../middleware/auth.ts';
import {
  APPLICANT_ROLES,
  applications,
  decideApplication,
  findApplicant,
  listPending,
  listVerified,
  submissionConflict,
  submitApplication,
  toApplicationDetail,
} from './register.service.ts';

/** /api/v1/register: associates' verification applications and the admins' review of them. */
export function registerRoutes(deps: AppDeps) {
  // Dates in the application ("not in the future") are judged by the API's clock.
  const applicationSchema = createApplicationRequestSchema(() => deps.clock.now());

  return new Hono<AppEnv>()
    .post(
      '/employees',
      async (c, next) => {
        // Who may apply is settled before the body is looked at: anonymous callers get 401,
        // clients 403, and an applicant already pending or verified 409, whatever they sent.
        const user = requireUser(c);
        if (!APPLICANT_ROLES.includes(user.role)) throw forbidden(M.onlyAssociatesApply);
        const refusal = submissionConflict(user.isVerified);
        if (refusal) throw refusal;
        await next();
      },
      jsonBody(applicationSchema),
      async (c) => {
        const user = requireUser(c);
        await submitApplication(deps, user, c.req.valid('json'));
        return c.json({ success: true as const, message: M.submitted, isVerified: 'pending' as const }, 201);
      },
    )

    .get('/check-verified', (c) => {
      const user = requireUser(c);
      return c.json({
        success: true as const,
        isVerified: user.isVerified,
        ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
      });
    })

    // The applicant's own latest application, numbers masked: a rejected applicant's form comes
    // back filled with what was sent (the numbers stay on the server unless typed again).
    .get('/application', async (c) => {
      const user = requireUser(c);
      if (!APPLICANT_ROLES.includes(user.role)) throw forbidden(M.onlyAssociatesApply);
      const application = await applications(deps.db).findOne({ userId: user._id });
      if (!application) throw notFound(M.noApplication);
      return c.json({ success: true as const, application: toApplicationDetail(application) });
    })

    .get('/status-pending', async (c) => {
      requireVerifiedAdmin(c);
      return c.json({ success: true as const, user: await listPending(deps) });
    })

    .get(
      '/status-verified',
      async (c, next) => {
        requireVerifiedAdmin(c);
        await next();
      },
      queryParams(statusVerifiedQuery),
      async (c) => {
        const result = await listVerified(deps, c.req.valid('query'));
        return c.json({ success: true as const, ...result });
      },
    )

    .get(
      '/doctor-details/:userId',
      async (c, next) => {
        requireVerifiedAdmin(c);
        await next();
      },
      pathParams(applicantIdParam),
      async (c) => {
        const { user, application } = await findApplicant(deps, new ObjectId(c.req.valid('param').userId));
        await logAccess(deps, requireVerifiedAdmin(c), user._id, 'application.view', 'Application');
        return c.json({
          success: true as const,
          user: {
            _id: user._id.toHexString(),
            name: user.name,
            email: user.email,
            isVerified: user.isVerified,
            ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
          },
          employee: toApplicationDetail(application),
        });
      },
    )

    .post(
      '/verify-doctor/:userId',
      async (c, next) => {
        requireVerifiedAdmin(c);
        await next();
      },
      pathParams(applicantIdParam),
      async (c) => {
        const admin = requireVerifiedAdmin(c);
        await decideApplication(deps, admin, new ObjectId(c.req.valid('param').userId), { status: 'verified' });
        return c.json({ success: true as const, message: M.verified });
      },
    )

    .post(
      '/reject-doctor/:userId',
      async (c, next) => {
        requireVerifiedAdmin(c);
        await next();
      },
      pathParams(applicantIdParam),
      jsonBody(rejectRequest),
      async (c) => {
        const admin = requireVerifiedAdmin(c);
        const { reason } = c.req.valid('json');
        await decideApplication(deps, admin, new ObjectId(c.req.valid('param').userId), { status: 'rejected', reason });
        return c.json({ success: true as const, message: M.rejected });
      },
    );
}
