import type { Context } from 'hono';
import type { Role } from '@bh/shared';
import { AUTH_MESSAGES } from '@bh/shared';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AppEnv, AuthUser } from '../lib/types.ts';

/** The signed-in user, or 401. */
export function requireUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/**
 * The signed-in user if their role is allowed; associates and admins must also be verified
 * (clients need no verification). 401 without a session, 403 otherwise (DESIGN §5).
 */
export function requireRole(c: Context<AppEnv>, roles: readonly Role[], message: string = AUTH_MESSAGES.forbidden): AuthUser {
  const user = requireUser(c);
  if (!roles.includes(user.role)) throw forbidden(message);
  if (user.role !== 'user' && user.isVerified !== 'verified') throw forbidden(message);
  return user;
}

export function requireVerifiedAdmin(c: Context<AppEnv>): AuthUser {
  return requireRole(c, ['admin'], AUTH_MESSAGES.adminOnly);
}
