import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { createMiddleware } from 'hono/factory';
import { ACCESS, accessCell, type AccessRule, type OperationConfig } from '@bh/shared/contract';
import { forbidden, unauthorized } from './errors.ts';
import type { AppEnv, AuthUser } from './types.ts';
import { toAppError } from './validate.ts';

/** What a guarded handler sees: the caller the access rule let through, never null. */
export type SignedInEnv = { Variables: { account: AuthUser } };

type GuardEnv<A extends AccessRule> = A extends 'public' ? AppEnv : SignedInEnv;
type Guard<A extends AccessRule> = MiddlewareHandler<GuardEnv<A>>;

/**
 * The one role guard (DESIGN §5): reads the operation's row of the shared access table before any
 * validator runs, so a caller without access learns nothing about the rules. 401 without a
 * session, 403 with the row's message; otherwise the caller is `c.var.account`.
 */
export function guard<A extends AccessRule>(rule: A): Guard<A> {
  return createMiddleware<GuardEnv<A>>(async (c, next) => {
    if (rule !== 'public') {
      const user = (c as unknown as { get(key: 'user'): AuthUser | null }).get('user');
      if (accessCell(rule, user) === 'no') throw user ? forbidden(ACCESS[rule].forbidden) : unauthorized();
      (c as unknown as { set(key: 'account', value: AuthUser): void }).set('account', user!);
    }
    await next();
  });
}

/** What a route may add to its definition when it is mounted. */
export interface MountOptions {
  /**
   * Runs after the guard and before any validator: a refusal that does not depend on the input
   * (an applicant whose application is already pending is 409 whatever they sent).
   */
  before?: MiddlewareHandler<SignedInEnv>;
  /**
   * Validates the JSON body with this schema instead of the definition's: the same schema bound to
   * the API's clock (dates "in the future" judged by `deps.clock`), or one that also reads the
   * spec's older spelling of a field. The document and the client keep the definition's.
   */
  body?: z.ZodType;
}

/**
 * A shared operation as a Hono route: its guard, its validators (failures become the 400 envelope)
 * and its entry in the OpenAPI document (`x-access` says DESIGN §5's cell in words).
 */
export function routeOf<const O extends OperationConfig>(op: O, options: MountOptions = {}) {
  const { access, ...rest } = op;
  const request = options.body && rest.request?.body ? { ...rest.request, body: { ...rest.request.body, content: { 'application/json': { schema: options.body } } } } : rest.request;
  // A public operation has nothing to guard, and no middleware at all when it needs no `before`:
  // each one adds an async step to every call.
  const middleware = [...(access === 'public' ? [] : [guard(access)]), ...(options.before ? [options.before] : [])];
  const config = {
    ...rest,
    ...(request ? { request } : {}),
    'x-access': ACCESS[access].label,
    security: access === 'public' ? [] : [{ sessionCookie: [] }],
    ...(middleware.length ? { middleware } : {}),
  };
  return createRoute(config as unknown as Omit<O, 'access'> & { middleware: Guard<O['access']> });
}

/** What a validator reports to a route's own hook (e.g. a path naming no resource is 404). */
export interface ValidationResult {
  success: boolean;
  target: string;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}

/** A router for shared operations: request validation answers with the spec's first message. */
export function contractRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw toAppError(result.error.issues);
    },
  });
}
