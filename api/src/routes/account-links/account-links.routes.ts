import { setCookie } from 'hono/cookie';
import { ACCOUNT_LINK_MESSAGES as L, AUTH_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { recordAudit } from '../../lib/audit.ts';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { limitAddress } from '../../lib/rate-limit.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { toPublicUser } from '../../lib/types.ts';
import { isHttps } from '../../lib/network.ts';
import {
  acceptInvitation,
  inviteAccount,
  pendingInvitations,
  resendInvitation,
  RESET_LIMITS,
  resetPassword,
  revokeInvitation,
  sendPasswordReset,
} from '../../domain/accounts/invitations.service.ts';
import { idOf } from '../../lib/ids.ts';

const linkRefused = () => new AppError(400, L.linkInvalid, [{ path: 'token', message: L.linkInvalid }]);

export function accountLinkRoutes(deps: AppDeps) {
  const { limiter, config } = deps;

  const forgotPassword: Handler<typeof api.accountLinks.forgotPassword> = async (c) => {
    const { email } = c.req.valid('json');
    // Slots of the shared limiter (lib/rate-limit.ts): each request takes one by inserting it, and
    // an address or account this instance knows to be full costs no database work at all.
    const byAddress = await limiter.reserve([{ key: `reset:ip:${limitAddress(c.get('clientIp'))}`, limit: RESET_LIMITS.perIp, windowMs: RESET_LIMITS.windowMs }]);
    if (!byAddress.ok) throw tooManyRequests(L.tooManyResetRequests, byAddress.retryAfterSeconds);
    // The answer goes first and the account is looked up after it (AfterAnswer), so it takes as
    // long for an email nobody has as for an account's: its timing tells no one who has an account.
    deps.afterAnswer.run('password reset email', () => sendPasswordReset(deps, email));
    return c.json({ success: true as const, message: L.forgotPasswordSent }, 200);
  };

  const resetForgottenPassword: Handler<typeof api.accountLinks.resetPassword> = async (c) => {
    const { token, password } = c.req.valid('json');
    const user = await resetPassword(deps, token, password);
    if (!user) throw linkRefused();
    // The failures that may have locked the account out, account-wide and from this address, go.
    await Promise.all([limiter.forget(`login:account:${user.email}`), limiter.forget(`login:pair:${user.email}|${limitAddress(c.get('clientIp'))}`)]);
    await recordAudit(deps, { actor: null, action: 'password.reset', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
    return c.json({ success: true as const, message: L.passwordReset }, 200);
  };

  const accept: Handler<typeof api.accountLinks.acceptInvitation> = async (c) => {
    const { token, password } = c.req.valid('json');
    const user = await acceptInvitation(deps, token, password);
    if (!user) throw linkRefused();
    const { token: sessionToken } = await deps.sessions.create(user._id, false, { userAgent: c.req.header('user-agent'), ip: c.get('clientIp') });
    setCookie(c, SESSION_COOKIE, sessionToken, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c, config.trustProxy) });
    await recordAudit(deps, { actor: null, action: 'invitation.accept', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
    return c.json({ success: true as const, message: L.invitationAccepted, user: toPublicUser(user) }, 200);
  };

  const invite: Handler<typeof api.accountLinks.invite> = async (c) => {
    const created = await inviteAccount(deps, c.req.valid('json'));
    if (!created) throw conflict(AUTH_MESSAGES.emailTaken);
    await recordAudit(deps, { actor: c.var.account, action: 'account.invite', target: { type: 'user', id: created._id.toHexString(), label: created.email }, details: { role: created.role } });
    return c.json({ success: true as const, message: L.invitationSent, user: toPublicUser(created) }, 201);
  };

  const listInvitations: Handler<typeof api.accountLinks.invitations> = async (c) =>
    c.json({ success: true as const, data: await pendingInvitations(deps) }, 200);

  const resend: Handler<typeof api.accountLinks.resendInvitation> = async (c) => {
    const user = await resendInvitation(deps, idOf(c.req.valid('param').userId));
    if (!user) throw notFound(L.noPendingInvitation);
    await recordAudit(deps, { actor: c.var.account, action: 'invitation.resend', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
    return c.json({ success: true as const, message: L.invitationResent }, 200);
  };

  const revoke: Handler<typeof api.accountLinks.revokeInvitation> = async (c) => {
    const user = await revokeInvitation(deps, idOf(c.req.valid('param').userId));
    if (!user) throw notFound(L.noPendingInvitation);
    await recordAudit(deps, { actor: c.var.account, action: 'invitation.revoke', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
    return c.json({ success: true as const, message: L.invitationRevoked }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.accountLinks.forgotPassword), forgotPassword)
    .openapi(routeOf(api.accountLinks.resetPassword), resetForgottenPassword)
    .openapi(routeOf(api.accountLinks.acceptInvitation), accept)
    .openapi(routeOf(api.accountLinks.invite), invite)
    .openapi(routeOf(api.accountLinks.invitations), listInvitations)
    .openapi(routeOf(api.accountLinks.resendInvitation), resend)
    .openapi(routeOf(api.accountLinks.revokeInvitation), revoke);
}
