import { GRIEVANCE_OFFICER_DEFAULTS, PRIVACY_MESSAGES as M } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { listAccessLog } from './access-log.ts';
import { endSession, listSessions, sessionHandle } from './sessions.service.ts';

/**
 * /api/v1/privacy: the person's own privacy centre (DPDP Act 2023; DESIGN §8). Every call reads
 * or changes only the caller's data, whatever their role; no id in a path can reach another's.
 */
export function privacyRoutes(deps: AppDeps) {
  return contractRouter()
    .openapi(routeOf(api.privacy.overview), (c) =>
      c.json({ success: true as const, data: { grievanceOfficer: deps.config.grievanceOfficer ?? GRIEVANCE_OFFICER_DEFAULTS } }, 200),
    )

    .openapi(routeOf(api.privacy.sessions), async (c) =>
      c.json({ success: true as const, data: await listSessions(deps, c.var.account._id, c.get('session')?._id ?? null) }, 200),
    )

    .openapi(routeOf(api.privacy.signOutOthers), async (c) => {
      const signedOut = await deps.sessions.destroyOthers(c.var.account._id, c.get('session')?._id ?? '');
      return c.json({ success: true as const, message: signedOut === 0 ? M.noOtherSessions : M.othersSignedOut(signedOut), data: { signedOut } }, 200);
    })

    .openapi(routeOf(api.privacy.endSession), async (c) => {
      const { id } = c.req.valid('param');
      const current = c.get('session');
      if (current && sessionHandle(current) === id) throw badRequest(M.cannotSignOutThisDevice);
      if (!(await endSession(deps, c.var.account._id, id))) throw notFound(M.sessionNotFound);
      return c.json({ success: true as const, message: M.sessionSignedOut }, 200);
    })

    .openapi(routeOf(api.privacy.accessLog), async (c) => c.json({ success: true as const, data: await listAccessLog(deps, c.var.account._id) }, 200));
}
