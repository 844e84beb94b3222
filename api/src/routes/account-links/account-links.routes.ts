import { randomBytes } from 'node:crypto';
import { setCookie } from 'hono/cookie';
import { ObjectId } from 'mongodb';
import { ACCOUNT_LINK_MESSAGES as L, AUTH_MESSAGES, type PendingInvitation } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { recordAudit } from '../../lib/audit.ts';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { findUserByEmail } from '../../lib/user-emails.ts';
import { hashPassword } from '../../lib/password.ts';
import { limitAddress } from '../../lib/rate-limit.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { toPublicUser } from '../../lib/types.ts';
import { queueInvitation, queuePasswordChanged, queuePasswordReset } from '../../mail/account-mail.ts';
import { isHttps } from '../../lib/network.ts';
import { createAccount } from '../../domain/accounts/user.service.ts';
import type { AccountLinkPurpose } from '../../db/collections.ts';
import { endOutstandingLinks, findLiveLink, issueLink, linkUrl, revokeLinks, useLink } from '../../domain/accounts/account-links.service.ts';
import { idOf } from '../../lib/ids.ts';

/**
 * Forgot-password limits. Per address, a refusal (429). Per account, further requests are answered
 * the same but send nothing: a stranger can neither flood someone's inbox nor, by trying, learn
 * whether the account exists, nor lock its owner out of resetting for long.
 */
export const RESET_LIMITS = { windowMs: 60 * 60 * 1000, perIp: 20, perAccount: 3 } as const;
export const PENDING_INVITATIONS_MAX = 200;

const linkRefused = () => new AppError(400, L.linkInvalid, [{ path: 'token', message: L.linkInvalid }]);

export function accountLinkRoutes(deps: AppDeps) {
  const { cols, limiter, outbox, config } = deps;

  /** The link and its account, when the token is valid right now (spent separately, by useLink). */
  async function liveLink(token: string, purpose: AccountLinkPurpose) {
    const link = await findLiveLink(deps, token, purpose);
    if (!link) throw linkRefused();
    const user = await cols.users.findOne({ _id: link.userId });
    if (!user) throw linkRefused();
    if (purpose === 'invitation' && user.invitation !== 'pending') throw linkRefused();
    return { link, user };
  }

  async function invite(user: { _id: ObjectId; name: string; email: string; role: 'user' | 'doctor' | 'admin' }) {
    await revokeLinks(deps, user._id, 'invitation');
    await outbox.cancelTo(user.email, 'invitation');
    const { token } = await issueLink(deps, user._id, 'invitation');
    await cols.users.updateOne({ _id: user._id }, { $set: { invitation: 'pending', updatedAt: deps.clock.now() } });
    await queueInvitation(outbox, user, linkUrl(config.publicOrigin, 'invitation', token));
  }

  return contractRouter()
    .openapi(routeOf(api.accountLinks.forgotPassword), async (c) => {
      const { email } = c.req.valid('json');
      // Slots of the shared limiter (lib/rate-limit.ts): each request takes one by inserting it, and
      // an address or account this instance knows to be full costs no database work at all.
      const byAddress = await limiter.reserve([{ key: `reset:ip:${limitAddress(c.get('clientIp'))}`, limit: RESET_LIMITS.perIp, windowMs: RESET_LIMITS.windowMs }]);
      if (!byAddress.ok) throw tooManyRequests(L.tooManyResetRequests, byAddress.retryAfterSeconds);
      // The answer goes first and the account is looked up after it (AfterAnswer), so it takes as
      // long for an email nobody has as for an account's: its timing tells no one who has an account.
      deps.afterAnswer.run('password reset email', async () => {
        const byAccount = await limiter.reserve([{ key: `reset:account:${email}`, limit: RESET_LIMITS.perAccount, windowMs: RESET_LIMITS.windowMs }]);
        if (!byAccount.ok) return;
        const user = await findUserByEmail(cols, email);
        // Accounts still waiting on (or revoked from) an invitation have no password to reset.
        if (user && !user.invitation) {
          const { token } = await issueLink(deps, user._id, 'reset');
          await queuePasswordReset(outbox, user, linkUrl(config.publicOrigin, 'reset', token));
        }
      });
      return c.json({ success: true as const, message: L.forgotPasswordSent }, 200);
    })

    .openapi(routeOf(api.accountLinks.resetPassword), async (c) => {
      const { token, password } = c.req.valid('json');
      const { link, user } = await liveLink(token, 'reset');
      // Hashed before the link is spent, so a failure here leaves the link usable.
      const passwordHash = await hashPassword(password);
      if (!(await useLink(deps, link))) throw linkRefused();
      await endOutstandingLinks(deps, user);
      const now = deps.clock.now();
      await cols.users.updateOne({ _id: user._id }, { $set: { passwordHash, updatedAt: now } });
      // Every session ends, this browser's too: whoever had the old password is out.
      await cols.sessions.deleteMany({ userId: user._id });
      // The failures that may have locked the account out, account-wide and from this address, go.
      await Promise.all([limiter.forget(`login:account:${user.email}`), limiter.forget(`login:pair:${user.email}|${limitAddress(c.get('clientIp'))}`)]);
      await queuePasswordChanged(outbox, user, now);
      await recordAudit(deps, { actor: null, action: 'password.reset', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
      return c.json({ success: true as const, message: L.passwordReset }, 200);
    })

    .openapi(routeOf(api.accountLinks.acceptInvitation), async (c) => {
      const { token, password } = c.req.valid('json');
      const { link, user } = await liveLink(token, 'invitation');
      // Hashed before the link is spent, so a failure here leaves the link usable.
      const passwordHash = await hashPassword(password);
      if (!(await useLink(deps, link))) throw linkRefused();
      await endOutstandingLinks(deps, user);
      const now = deps.clock.now();
      const updated = await cols.users.findOneAndUpdate(
        { _id: user._id },
        { $set: { passwordHash, updatedAt: now }, $unset: { invitation: '' } },
        { returnDocument: 'after' },
      );
      if (!updated) throw linkRefused();
      await cols.sessions.deleteMany({ userId: user._id });
      const { token: sessionToken } = await deps.sessions.create(user._id, false, { userAgent: c.req.header('user-agent'), ip: c.get('clientIp') });
      setCookie(c, SESSION_COOKIE, sessionToken, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c, config.trustProxy) });
      await recordAudit(deps, { actor: null, action: 'invitation.accept', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
      const { passwordHash: _omit, ...safe } = updated;
      return c.json({ success: true as const, message: L.invitationAccepted, user: toPublicUser(safe) }, 200);
    })

    .openapi(routeOf(api.accountLinks.invite), async (c) => {
      const admin = c.var.account;
      const body = c.req.valid('json');
      // The account exists from now on, with a password nobody knows until the link sets one.
      const created = await createAccount(deps, { ...body, password: randomBytes(32).toString('base64url') });
      if (!created) throw conflict(AUTH_MESSAGES.emailTaken);
      await invite(created);
      await recordAudit(deps, { actor: admin, action: 'account.invite', target: { type: 'user', id: created._id.toHexString(), label: created.email }, details: { role: created.role } });
      return c.json({ success: true as const, message: L.invitationSent, user: toPublicUser(created) }, 201);
    })

    .openapi(routeOf(api.accountLinks.invitations), async (c) => {
      const users = await cols.users.find({ invitation: 'pending' }).sort({ createdAt: -1 }).limit(PENDING_INVITATIONS_MAX).toArray();
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
      return c.json({ success: true as const, data }, 200);
    })

    .openapi(routeOf(api.accountLinks.resendInvitation), async (c) => {
      const admin = c.var.account;
      const user = await cols.users.findOne({ _id: idOf(c.req.valid('param').userId) });
      if (!user?.invitation) throw notFound(L.noPendingInvitation);
      await invite(user);
      await recordAudit(deps, { actor: admin, action: 'invitation.resend', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
      return c.json({ success: true as const, message: L.invitationResent }, 200);
    })

    .openapi(routeOf(api.accountLinks.revokeInvitation), async (c) => {
      const admin = c.var.account;
      const user = await cols.users.findOne({ _id: idOf(c.req.valid('param').userId) });
      if (user?.invitation !== 'pending') throw notFound(L.noPendingInvitation);
      await revokeLinks(deps, user._id, 'invitation');
      await outbox.cancelTo(user.email, 'invitation');
      await cols.users.updateOne({ _id: user._id }, { $set: { invitation: 'revoked', updatedAt: deps.clock.now() } });
      await recordAudit(deps, { actor: admin, action: 'invitation.revoke', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
      return c.json({ success: true as const, message: L.invitationRevoked }, 200);
    });
}
