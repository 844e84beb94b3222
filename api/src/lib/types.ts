import type { PublicUser } from '@bh/shared';
import type { SessionDoc, UserDoc } from '../db/collections.ts';

export type AuthUser = Omit<UserDoc, 'passwordHash'>;

/** Hono context variables set by the middleware chain. */
export type AppEnv = {
  Variables: {
    user: AuthUser | null;
    session: SessionDoc | null;
    clientIp: string;
  };
};

/**
 * The account's own fields as answers show them. Built field by field, so the password hash (or
 * anything added to users later) can never slip into a response.
 */
function accountFields(user: AuthUser) {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    isVerified: user.isVerified,
    ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
  };
}

/** The signed-in account as sign-in, the profile and account changes answer it. */
export function toPublicUser(user: AuthUser): PublicUser {
  return { _id: user._id.toHexString(), ...accountFields(user) };
}

/** An account with its id and dates: the profile in a privacy archive and, with `_id`, a row of the admin's grid. */
export function toUserRecord(user: AuthUser) {
  return { id: user._id.toHexString(), ...accountFields(user), createdAt: user.createdAt.toISOString(), updatedAt: user.updatedAt.toISOString() };
}
