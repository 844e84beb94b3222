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

export function toPublicUser(user: AuthUser): PublicUser {
  return {
    _id: user._id.toHexString(),
    name: user.name,
    email: user.email,
    role: user.role,
    isVerified: user.isVerified,
    ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
  };
}
