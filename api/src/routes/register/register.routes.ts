import { createMiddleware } from 'hono/factory';
import { createApplicationRequestSchema, REGISTRATION_MESSAGES as M } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf, type SignedInEnv } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { logAccess } from '../../domain/privacy/access-log.ts';
import {
  applicationDetail,
  decideApplication,
  findApplicant,
  listPending,
  listVerified,
  ownApplicationDetail,
  submissionConflict,
  submitApplication,
} from '../../domain/applications/register.service.ts';
import { idOf } from '../../lib/ids.ts';

/**
 * An applicant already pending or verified is refused (409) before the body is looked at, whatever
 * they sent; who may apply at all is the guard's (DESIGN §5).
 */
const settledApplicationRefused = createMiddleware<SignedInEnv>(async (c, next) => {
  const refusal = submissionConflict(c.var.account.isVerified);
  if (refusal) throw refusal;
  await next();
});

/** /api/v1/register: associates' verification applications and the admins' review of them. */
export function registerRoutes(deps: AppDeps) {
  // Dates in the application ("not in the future") are judged by the API's clock.
  const applicationSchema = createApplicationRequestSchema(() => deps.clock.now());

  const submit: Handler<typeof api.register.submit> = async (c) => {
    await submitApplication(deps, c.var.account, c.req.valid('json'), c.get('clientIp'));
    return c.json({ success: true as const, message: M.submitted, isVerified: 'pending' as const }, 201);
  };

  const checkVerified: Handler<typeof api.register.checkVerified> = (c) => {
    const user = c.var.account;
    return c.json(
      {
        success: true as const,
        isVerified: user.isVerified,
        ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
      },
      200,
    );
  };

  // The applicant's own latest application, numbers masked: a rejected applicant's form comes
  // back filled with what was sent (the numbers stay on the server unless typed again).
  const ownApplication: Handler<typeof api.register.ownApplication> = async (c) => {
    const application = await ownApplicationDetail(deps, c.var.account._id);
    if (!application) throw notFound(M.noApplication);
    return c.json({ success: true as const, application }, 200);
  };

  const listPendingApplicants: Handler<typeof api.register.pending> = async (c) => c.json({ success: true as const, user: await listPending(deps) }, 200);

  const listVerifiedAssociates: Handler<typeof api.register.verified> = async (c) => {
    const result = await listVerified(deps, c.req.valid('query'));
    return c.json({ success: true as const, ...result }, 200);
  };

  const doctorDetails: Handler<typeof api.register.doctorDetails> = async (c) => {
    const { user, application } = await findApplicant(deps, idOf(c.req.valid('param').userId));
    await logAccess(deps, c.var.account, user._id, 'application.view', 'Application');
    return c.json(
      {
        success: true as const,
        user: {
          _id: user._id.toHexString(),
          name: user.name,
          email: user.email,
          isVerified: user.isVerified,
          ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
        },
        employee: await applicationDetail(deps, application),
      },
      200,
    );
  };

  const verifyDoctor: Handler<typeof api.register.verifyDoctor> = async (c) => {
    await decideApplication(deps, c.var.account, idOf(c.req.valid('param').userId), { status: 'verified' });
    return c.json({ success: true as const, message: M.verified }, 200);
  };

  const rejectDoctor: Handler<typeof api.register.rejectDoctor> = async (c) => {
    const { reason } = c.req.valid('json');
    await decideApplication(deps, c.var.account, idOf(c.req.valid('param').userId), { status: 'rejected', reason });
    return c.json({ success: true as const, message: M.rejected }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.register.submit, { body: applicationSchema, before: settledApplicationRefused }), submit)
    .openapi(routeOf(api.register.checkVerified), checkVerified)
    .openapi(routeOf(api.register.ownApplication), ownApplication)
    .openapi(routeOf(api.register.pending), listPendingApplicants)
    .openapi(routeOf(api.register.verified), listVerifiedAssociates)
    .openapi(routeOf(api.register.doctorDetails), doctorDetails)
    .openapi(routeOf(api.register.verifyDoctor), verifyDoctor)
    .openapi(routeOf(api.register.rejectDoctor), rejectDoctor);
}
