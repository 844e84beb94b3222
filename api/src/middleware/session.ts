import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { readById } from '../db/read-by-id.ts';
import type { AppDeps } from '../lib/deps.ts';
import type { AppEnv } from '../lib/types.ts';
import { SESSION_COOKIE } from '../lib/sessions.ts';

/**
 * The session a cookie's token names and its account (without the password hash), or null: no
 * such session, it has expired, or its account is gone (the session is then ended too).
 */
export async function signedInUser(deps: Pick<AppDeps, 'sessions' | 'cols'>, token: string) {
  const session = await deps.sessions.resolve(token);
  if (!session) return null;
  const user = await readById(deps.cols.users, session.userId, { passwordHash: 0 });
  if (user) return { session, user };
  await deps.sessions.destroy(session._id);
  return null;
}

/**
 * Loads the session and its user on every API request. Role and verification status come
 * from the database each time, so a change takes effect on the next request.
 */
export function sessionMiddleware(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    const token = getCookie(c, SESSION_COOKIE);
    const signedIn = token ? await signedInUser(deps, token) : null;
    if (signedIn) {
      c.set('session', signedIn.session);
      c.set('user', signedIn.user);
    }
    await next();
  });
}
