import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../lib/deps.ts';
import type { AppEnv } from '../lib/types.ts';
import { SESSION_COOKIE } from '../lib/sessions.ts';

/**
 * Loads the session and its user on every API request. Role and verification status come
 * from the database each time, so a change takes effect on the next request.
 */
export function sessionMiddleware(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const session = await deps.sessions.resolve(token);
      if (session) {
        const user = await deps.cols.users.findOne({ _id: session.userId }, { projection: { passwordHash: 0 } });
        if (user) {
          c.set('session', session);
          c.set('user', user);
        } else {
          await deps.sessions.destroy(session._id);
        }
      }
    }
    await next();
  });
}
