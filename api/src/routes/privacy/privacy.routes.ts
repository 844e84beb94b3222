import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { GRIEVANCE_OFFICER_DEFAULTS, PRIVACY_MESSAGES as M, sessionIdParam } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/types.ts';
import { pathParams } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { listAccessLog } from './access-log.ts';
import { endSession, listSessions, sessionHandle } from './sessions.service.ts';

/** Every privacy call is the signed-in person's own: 401 before anything else, never another's data. */
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await next();
});

/**
 * /api/v1/privacy: the person's own privacy centre (DPDP Act 2023; DESIGN §8). Every call reads
 * or changes only the caller's data, whatever their role; no id in a path can reach another's.
 */
export function privacyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', signedIn)
    .get('/overview', (c) =>
      c.json({ success: true as const, data: { grievanceOfficer: deps.config.grievanceOfficer ?? GRIEVANCE_OFFICER_DEFAULTS } }),
    )

    .get('/sessions', async (c) => {
      const user = requireUser(c);
      return c.json({ success: true as const, data: await listSessions(deps, user._id, c.get('session')?._id ?? null) });
    })

    .post('/sessions/sign-out-others', async (c) => {
      const user = requireUser(c);
      const signedOut = await deps.sessions.destroyOthers(user._id, c.get('session')?._id ?? '');
      return c.json({ success: true as const, message: signedOut === 0 ? M.noOtherSessions : M.othersSignedOut(signedOut), data: { signedOut } });
    })

    .delete('/sessions/:id', pathParams(sessionIdParam), async (c) => {
      const user = requireUser(c);
      const { id } = c.req.valid('param');
      const current = c.get('session');
      if (current && sessionHandle(current) === id) throw badRequest(M.cannotSignOutThisDevice);
      if (!(await endSession(deps, user._id, id))) throw notFound(M.sessionNotFound);
      return c.json({ success: true as const, message: M.sessionSignedOut });
    })

    .get('/access-log', async (c) => {
      const user = requireUser(c);
      return c.json({ success: true as const, data: await listAccessLog(deps, user._id) });
    });
}
