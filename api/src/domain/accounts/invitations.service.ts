import { randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import type { PendingInvitation } from '@bh/shared';
import type { AccountLinkPurpose, UserDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { hashPassword } from '../../lib/password.ts';
import { queueInvitation, queuePasswordChanged, queuePasswordReset } from '../../mail/account-mail.ts';
import { createAccount, type NewAccount } from './user.service.ts';
import { findUserByEmail } from '../../lib/user-emails.ts';
import { endOutstandingLinks, findLiveLink, issueLink, linkUrl, revokeLinks, useLink } from './account-links.service.ts';

/**
 * What the emailed one-time links do (DESIGN §3): an admin's invitation (sent, resent, revoked,
 * accepted) and a forgotten password's reset. Each answer that refuses a link is `null` or false,
 * always the same whatever the reason, so a link says nothing about the account behind it.
 */
export const PENDING_INVITATIONS_MAX = 200;

/**
 * Forgot-password limits. Per address, a refusal (429). Per account, further requests are answered
 * the same but send nothing: a stranger can neither flood someone's inbox nor, by trying, learn
 * whether the account exists, nor lock its owner out of resetting for long.
 */
export const RESET_LIMITS = { windowMs: 60 * 60 * 1000, perIp: 20, perAccount: 3 } as const;

type LinkDeps = Pick<AppDeps, 'db' | 'cols' | 'clock' | 'outbox' | 'config'>;
type Invitee = Pick<UserDoc, '_id' | 'name' | 'email' | 'role'>;

/** The link and its account, when the token is valid right now (spent separately, by useLink). */
async function liveLink(deps: LinkDeps, token: string, purpose: AccountLinkPurpose) {
  const link = await findLiveLink(deps, token, purpose);
  if (!link) return null;
  const user = await deps.cols.users.findOne({ _id: link.userId });
  if (!user) return null;
  if (purpose === 'invitation' && user.invitation !== 'pending') return null;
  return { link, user };
}

/** A new invitation for the account: earlier links and unsent invitations go, a new link is emailed. */
async function invite(deps: LinkDeps, user: Invitee) {
  await revokeLinks(deps, user._id, 'invitation');
  await deps.outbox.cancelTo(user.email, 'invitation');
  const { token } = await issueLink(deps, user._id, 'invitation');
  await deps.cols.users.updateOne({ _id: user._id }, { $set: { invitation: 'pending', updatedAt: deps.clock.now() } });
  await queueInvitation(deps.outbox, user, linkUrl(deps.config.publicOrigin, 'invitation', token));
}

/**
 * The account exists from now on, with a password nobody knows until the link sets one; null when
 * the email is taken.
 */
export async function inviteAccount(deps: LinkDeps & Pick<AppDeps, 'passwords'>, input: Omit<NewAccount, 'password' | 'isVerified'>) {
  const created = await createAccount(deps, { ...input, password: randomBytes(32).toString('base64url') });
  if (created) await invite(deps, created);
  return created;
}

/** The invitations still waiting, newest first, each with its latest link's dates. */
export async function pendingInvitations(deps: Pick<AppDeps, 'cols'>): Promise<PendingInvitation[]> {
  const users = await deps.cols.users.find({ invitation: 'pending' }).sort({ createdAt: -1 }).limit(PENDING_INVITATIONS_MAX).toArray();
  const data: PendingInvitation[] = [];
  for (const user of users) {
    const latest = await deps.cols.accountLinks.find({ userId: user._id, purpose: 'invitation' }).sort({ createdAt: -1 }).limit(1).next();
    data.push({
      userId: user._id.toHexString(),
      name: user.name,
      email: user.email,
      role: user.role,
      sentAt: (latest?.createdAt ?? user.createdAt).toISOString(),
      expiresAt: (latest?.expiresAt ?? user.createdAt).toISOString(),
    });
  }
  return data;
}

/** Sends the invitation again (pending or revoked); null when the account has none. */
export async function resendInvitation(deps: LinkDeps, userId: ObjectId): Promise<UserDoc | null> {
  const user = await deps.cols.users.findOne({ _id: userId });
  if (!user?.invitation) return null;
  await invite(deps, user);
  return user;
}

/** Ends a pending invitation: its links stop working and an unsent email is cancelled; null when none is pending. */
export async function revokeInvitation(deps: LinkDeps, userId: ObjectId): Promise<UserDoc | null> {
  const user = await deps.cols.users.findOne({ _id: userId });
  if (user?.invitation !== 'pending') return null;
  await revokeLinks(deps, user._id, 'invitation');
  await deps.outbox.cancelTo(user.email, 'invitation');
  await deps.cols.users.updateOne({ _id: user._id }, { $set: { invitation: 'revoked', updatedAt: deps.clock.now() } });
  return user;
}

/**
 * Sets the invited account's password from the link; every session the account had ends. The
 * account as it now is (without its hash), or null when the link does not work.
 */
export async function acceptInvitation(deps: LinkDeps, token: string, password: string) {
  const found = await liveLink(deps, token, 'invitation');
  if (!found) return null;
  const { link, user } = found;
  // Hashed before the link is spent, so a failure here leaves the link usable.
  const passwordHash = await hashPassword(password);
  if (!(await useLink(deps, link))) return null;
  await endOutstandingLinks(deps, user);
  const updated = await deps.cols.users.findOneAndUpdate(
    { _id: user._id },
    { $set: { passwordHash, updatedAt: deps.clock.now() }, $unset: { invitation: '' } },
    { returnDocument: 'after' },
  );
  if (!updated) return null;
  await deps.cols.sessions.deleteMany({ userId: user._id });
  const { passwordHash: _omit, ...safe } = updated;
  return safe;
}

/**
 * The reset email, for an account that has a password to reset (not one still waiting on, or
 * revoked from, an invitation), at most RESET_LIMITS.perAccount an hour. Nothing is said about
 * whether the account exists.
 */
export async function sendPasswordReset(deps: LinkDeps & Pick<AppDeps, 'limiter'>, email: string): Promise<void> {
  const byAccount = await deps.limiter.reserve([{ key: `reset:account:${email}`, limit: RESET_LIMITS.perAccount, windowMs: RESET_LIMITS.windowMs }]);
  if (!byAccount.ok) return;
  const user = await findUserByEmail(deps.cols, email);
  if (!user || user.invitation) return;
  const { token } = await issueLink(deps, user._id, 'reset');
  await queuePasswordReset(deps.outbox, user, linkUrl(deps.config.publicOrigin, 'reset', token));
}

/**
 * Sets a new password from a reset link. Every session ends, this browser's too: whoever had the
 * old password is out. The account, or null when the link does not work.
 */
export async function resetPassword(deps: LinkDeps, token: string, password: string): Promise<UserDoc | null> {
  const found = await liveLink(deps, token, 'reset');
  if (!found) return null;
  const { link, user } = found;
  // Hashed before the link is spent, so a failure here leaves the link usable.
  const passwordHash = await hashPassword(password);
  if (!(await useLink(deps, link))) return null;
  await endOutstandingLinks(deps, user);
  const now = deps.clock.now();
  await deps.cols.users.updateOne({ _id: user._id }, { $set: { passwordHash, updatedAt: now } });
  await deps.cols.sessions.deleteMany({ userId: user._id });
  await queuePasswordChanged(deps.outbox, user, now);
  return user;
}
