import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
} from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, conflict, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { LOGIN_LIMITS } from '../../lib/rate-limit.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { toPublicUser, type AppEnv } from '../../lib/types.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser, requireVerifiedAdmin } from '../../middleware/auth.ts';
import { createAccount } from './user.service.ts';
import { recordAudit } from '../../lib/audit.ts';

function isHttps(c: Context<AppEnv>, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

export function userRoutes(deps: AppDeps) {
  const { cols, sessions, limiter, config } = deps;

  return new Hono<AppEnv>()
    .post('/login', jsonBody(loginRequestSchema), async (c) => {
      const { email, password, remember } = c.req.valid('json');
      const accountKey = `login:account:${email}`;
      const ipKey = `login:ip:${c.get('clientIp')}`;

      // Checked before the password so a locked account or address costs no hashing and reveals nothing.
      const [accountFailures, ipFailures] = await Promise.all([
        limiter.count(accountKey, LOGIN_LIMITS.windowMs),
        limiter.count(ipKey, LOGIN_LIMITS.windowMs),
      ]);
      if (accountFailures >= LOGIN_LIMITS.perAccount || ipFailures >= LOGIN_LIMITS.perIp) {
        throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
      }

      const user = await cols.users.findOne({ email });
      const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        await Promise.all([limiter.hit(accountKey, LOGIN_LIMITS.windowMs), limiter.hit(ipKey, LOGIN_LIMITS.windowMs)]);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await limiter.reset(accountKey);

      // A token from before this login (fixation) is dropped: every login gets a new one.
      const previous = c.get('session');
      if (previous) await sessions.destroy(previous._id);
      const { token, session } = await sessions.create(user._id, remember === true);
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure: isHttps(c, config.trustProxy),
        ...(session.remember ? { expires: session.absoluteExpiresAt } : {}),
      });
      const { passwordHash: _omit, ...safe } = user;
      return c.json({ success: true as const, message: AUTH_MESSAGES.loginSuccess, user: toPublicUser(safe) });
    })

    .post('/logout', async (c) => {
      requireUser(c);
      const session = c.get('session');
      if (session) await sessions.destroy(session._id);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.json({ success: true as const, message: AUTH_MESSAGES.loggedOut });
    })

    .get('/profile', (c) => {
      const user = requireUser(c);
      return c.json({ success: true as const, user: toPublicUser(user) });
    })

    .put('/profile/update', jsonBody(profileUpdateRequestSchema), async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      const set: Record<string, unknown> = { updatedAt: deps.clock.now() };
      if (body.name !== undefined) set.name = body.name;
      if (body.newPassword !== undefined) {
        const full = await cols.users.findOne({ _id: user._id });
        if (!full || !(await verifyPassword(full.passwordHash, body.currentPassword ?? ''))) {
          throw new AppError(400, AUTH_MESSAGES.currentPasswordWrong, [
            { path: 'currentPassword', message: AUTH_MESSAGES.currentPasswordWrong },
          ]);
        }
        set.passwordHash = await hashPassword(body.newPassword);
      }
      // No projection here: FerretDB does not support one on findAndModify.
      const updated = await cols.users.findOneAndUpdate({ _id: user._id }, { $set: set }, { returnDocument: 'after' });
      if (!updated) throw unauthorized();
      const { passwordHash: _hash, ...safeUpdated } = updated;
      if (body.newPassword !== undefined) {
        const session = c.get('session');
        await sessions.destroyOthers(user._id, session?._id ?? '');
        await recordAudit(deps, { actor: user, action: 'password.change', target: { type: 'user', id: user._id.toHexString(), label: user.email } });
      }
      return c.json({ success: true as const, message: AUTH_MESSAGES.profileUpdated, user: toPublicUser(safeUpdated) });
    })

    .post('/register', async (c, next) => {
      // Authorization comes before validation so anonymous callers learn nothing about the rules.
      requireVerifiedAdmin(c);
      await next();
    }, jsonBody(registerRequestSchema), async (c) => {
      const admin = requireVerifiedAdmin(c);
      const body = c.req.valid('json');
      const created = await createAccount(deps, body);
      if (!created) throw conflict(AUTH_MESSAGES.emailTaken);
      await recordAudit(deps, {
        actor: admin,
        action: 'account.create',
        target: { type: 'user', id: created._id.toHexString(), label: created.email },
        details: { role: created.role },
      });
      return c.json({ success: true as const, message: AUTH_MESSAGES.accountCreated, user: toPublicUser(created) }, 201);
    });
}

