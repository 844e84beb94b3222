import { AUTH_MESSAGES } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { PASSWORD_CHANGE_LIMITS } from '../../lib/rate-limit.ts';
import type { AuthUser } from '../../lib/types.ts';
import { queuePasswordChanged } from '../../mail/account-mail.ts';
import { recordAudit } from '../../lib/audit.ts';
import { endOutstandingLinks } from './account-links.service.ts';

export interface ProfileChange {
  name?: string;
  currentPassword?: string;
  newPassword?: string;
}

/** Where the change comes from: the address it is limited by, and the session that stays signed in. */
export interface ProfileCaller {
  /** The rate limiter's form of the caller's address (`limitAddress`). */
  address: string;
  sessionId: string | null;
}

type ProfileDeps = Pick<AppDeps, 'cols' | 'db' | 'clock' | 'limiter' | 'passwords' | 'sessions' | 'outbox'>;

/**
 * The new hash for a password change, once the current password is right. The check is a password
 * guess like a login: limited per account, and queued with the other password work.
 */
async function newPasswordHash(deps: ProfileDeps, user: AuthUser, change: ProfileChange & { newPassword: string }, address: string): Promise<string> {
  return deps.passwords.admit(async () => {
    const reservation = await deps.limiter.reserve([{ key: `password-check:${user._id.toHexString()}`, ...PASSWORD_CHANGE_LIMITS }]);
    if (!reservation.ok) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, reservation.retryAfterSeconds);
    let ok: boolean;
    try {
      const full = await deps.cols.users.findOne({ _id: user._id });
      ok = full !== null && (await deps.passwords.verify(full.passwordHash, change.currentPassword ?? ''));
    } catch (err) {
      await reservation.release().catch(() => {});
      throw err;
    }
    if (!ok) {
      throw new AppError(400, AUTH_MESSAGES.currentPasswordWrong, [{ path: 'currentPassword', message: AUTH_MESSAGES.currentPasswordWrong }]);
    }
    await reservation.release();
    return deps.passwords.hash(change.newPassword);
  }, address);
}

/**
 * The signed-in person's own name and password. A new password ends every other session, every
 * outstanding link, and is emailed about and audited. The account as it now is, without its hash.
 */
export async function updateProfile(deps: ProfileDeps, user: AuthUser, change: ProfileChange, caller: ProfileCaller): Promise<AuthUser> {
  const set: Record<string, unknown> = { updatedAt: deps.clock.now() };
  if (change.name !== undefined) set.name = change.name;
  const { newPassword } = change;
  if (newPassword !== undefined) {
    set.passwordHash = await newPasswordHash(deps, user, { ...change, newPassword }, caller.address);
    // A reset or invitation link asked for before the change must not set a password after it.
    await endOutstandingLinks(deps, user);
  }
  // No projection here: FerretDB does not support one on findAndModify.
  const updated = await deps.cols.users.findOneAndUpdate({ _id: user._id }, { $set: set }, { returnDocument: 'after' });
  if (!updated) throw unauthorized();
  const { passwordHash: _hash, ...safeUpdated } = updated;
  if (newPassword !== undefined) {
    await deps.sessions.destroyOthers(user._id, caller.sessionId ?? '');
    await queuePasswordChanged(deps.outbox, safeUpdated, updated.updatedAt);
    await recordAudit(deps, { actor: user, action: 'password.change', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
  }
  return safeUpdated;
}
