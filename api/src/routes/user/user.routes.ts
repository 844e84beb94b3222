import { deleteCookie, setCookie } from 'hono/cookie';
import { AUTH_MESSAGES } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, conflict, isDatabaseUnavailable, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { accountSpacingMs, limitAddress, LOGIN_LIMITS, RefusalPacer } from '../../lib/rate-limit.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { toPublicUser } from '../../lib/types.ts';
import { accountByEmail, createAccount } from '../../domain/accounts/user.service.ts';
import { updateProfile } from '../../domain/accounts/profile.service.ts';
import type { Handler } from '../../lib/handler.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isHttps } from '../../lib/network.ts';

export function userRoutes(deps: AppDeps) {
  const { sessions, limiter, passwords, config } = deps;
  const refusals = new RefusalPacer();

  const logout: Handler<typeof api.user.logout> = async (c) => {
    const session = c.get('session');
    if (session) await sessions.destroy(session._id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ success: true as const, message: AUTH_MESSAGES.loggedOut }, 200);
  };

  const profile: Handler<typeof api.user.profile> = (c) => c.json({ success: true as const, user: toPublicUser(c.var.account) }, 200);

  const changeProfile: Handler<typeof api.user.updateProfile> = async (c) => {
    const caller = { address: limitAddress(c.get('clientIp')), sessionId: c.get('session')?._id ?? null };
    const updated = await updateProfile(deps, c.var.account, c.req.valid('json'), caller);
    return c.json({ success: true as const, message: AUTH_MESSAGES.profileUpdated, user: toPublicUser(updated) }, 200);
  };

  const register: Handler<typeof api.user.register> = async (c) => {
    const created = await createAccount(deps, c.req.valid('json'));
    if (!created) throw conflict(AUTH_MESSAGES.emailTaken);
    await recordAudit(deps, {
      actor: c.var.account,
      action: 'account.create',
      target: { type: 'user', id: created._id.toHexString(), label: created.email },
      details: { role: created.role },
    });
    return c.json({ success: true as const, message: AUTH_MESSAGES.accountCreated, user: toPublicUser(created) }, 201);
  };

  // A login first meets the limits this process knows to be full (in memory: an address already
  // refused is refused again for nothing), then takes its place in the password queue, at most
  // its address's share of them: in a burst, what does not fit is refused at once (429 for the
  // one address, 503 when many fill the queue) before it costs any database work (issue 47).
  // Refusals (429) themselves are paced per address (RefusalPacer): a flood gets them no faster
  // than one per connection a second once past a small burst.
  const login: Handler<typeof api.user.login> = async (c) => {
    const { email } = c.req.valid('json');
    const ip = limitAddress(c.get('clientIp'));
    const { pair, address } = LOGIN_LIMITS;
    const byAddress = [
      { key: `login:pair:${email}|${ip}`, ...pair },
      { key: `login:ip:${ip}`, ...address },
    ];
    const attempt = () => passwords.admit(async () => {
      const { password, remember } = c.req.valid('json');
      const familiarKey = `login:familiar:${email}|${ip}`;
      const { account } = LOGIN_LIMITS;

      // One round trip for three independent reads and writes: the address's slots (taken before
      // the password is checked, so a burst cannot outrun the count), whether the account has
      // signed in from this address, and the account by its unique email index. A refused attempt
      // costs no hashing, and its answer says nothing about the account.
      const [reserved, familiar, found] = await Promise.allSettled([limiter.reserve(byAddress), limiter.rememberedAt(familiarKey), accountByEmail(deps, email)]);
      if (reserved.status === 'rejected' || familiar.status === 'rejected' || found.status === 'rejected') {
        // Not checked (database down): it does not count against anyone. Commands sent together
        // fail together; the error that says the database is unavailable is the one answered
        // (503), not a bulk write's wrapping of it.
        if (reserved.status === 'fulfilled' && reserved.value.ok) await reserved.value.release().catch(() => {});
        const reasons = [reserved, familiar, found].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
        throw reasons.find(isDatabaseUnavailable) ?? reasons[0];
      }
      const reservation = reserved.value;
      if (!reservation.ok) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, reservation.retryAfterSeconds);
      const familiarSince = familiar.value;
      // From an address it has not signed in from, the attempt also takes a slot of the
      // account-wide limit, after the address's own (a refusal gives those back too).
      if (!familiarSince) {
        const extended = await reservation.extend([{ key: `login:account:${email}`, limit: account.limit, windowMs: account.windowMs, spacingMs: accountSpacingMs }]);
        if (!extended.ok) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, extended.retryAfterSeconds);
      }

      const user = found.value;
      let ok: boolean;
      try {
        ok = user ? await passwords.verify(user.passwordHash, password) : (await passwords.burn(password), false);
      } catch (err) {
        // Not checked (busy): it does not count against anyone.
        await reservation.release().catch(() => {});
        throw err;
      }
      if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      // Only failures count; this address is now one the account is known to sign in from (marked
      // again once a day at most). A token from before this login (fixation) is dropped: every
      // login gets a new one. The three are independent writes, sent together.
      const renew = !familiarSince || deps.clock.now().getTime() - familiarSince.getTime() >= LOGIN_LIMITS.familiarRenewMs;
      const previous = c.get('session');
      const [, , { token, session }] = await Promise.all([
        reservation.release(),
        renew ? limiter.remember(familiarKey, LOGIN_LIMITS.familiarForMs) : undefined,
        (async () => {
          if (previous) await sessions.destroy(previous._id);
          return sessions.create(user._id, remember === true, { userAgent: c.req.header('user-agent'), ip: c.get('clientIp') });
        })(),
      ]);
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: isHttps(c, config.trustProxy),
        ...(session.remember ? { expires: session.absoluteExpiresAt } : {}),
      });
      const { passwordHash: _omit, ...safe } = user;
      return c.json({ success: true as const, message: AUTH_MESSAGES.loginSuccess, user: toPublicUser(safe) }, 200);
    }, ip);
    try {
      const refused = limiter.refusedAtOnce(byAddress);
      if (refused !== null) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, refused);
      return await attempt();
    } catch (err) {
      if (err instanceof AppError && err.status === 429) await refusals.pace(ip);
      throw err;
    }
  };

  return contractRouter()
    .openapi(routeOf(api.user.login), login)
    .openapi(routeOf(api.user.logout), logout)
    .openapi(routeOf(api.user.profile), profile)
    .openapi(routeOf(api.user.updateProfile), changeProfile)
    .openapi(routeOf(api.user.register), register);
}
