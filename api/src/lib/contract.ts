import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { ACCESS, accessCell, declares, isZodSchema, type AccessRule, type OperationConfig } from '@bh/shared/contract';
import { GENERAL_MESSAGES } from '@bh/shared';
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

/**
 * In tests and development, an answer whose status the operation does not declare becomes a 500
 * that names both (and is logged to stderr), so every test that reaches it fails: a handler or a
 * service that throws a status its operation's definition lacks is caught by the suite, not by a
 * client. Production answers as it is (schemathesis' `status_code_conformance` watches it there).
 */
const CHECK_DECLARED = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

/** The check above, as the first step of an operation's route; a 500 (a fault) is left as it is. */
export function declaredStatusesOnly(op: Pick<OperationConfig, 'operationId' | 'responses'>): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    await next();
    const status = c.res.status;
    if (status === 500 || declares(op, status)) return;
    const message = `${op.operationId} answered ${status}, which its definition does not declare`;
    console.error(`[contract] ${message}`);
    c.res = undefined;
    c.res = c.json({ success: false, message }, 500);
  });
}

/**
 * A required JSON body that may be empty (`{}`, "change nothing") must still be sent: the router
 * reads a missing body as `{}`, so without this a call with no body at all would pass, against the
 * definition. Bodies whose schema refuses `{}` are refused by their validator already.
 */
const bodyRequired = createMiddleware(async (c, next) => {
  const length = c.req.header('content-length');
  const sent = c.req.header('content-type') !== undefined || (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (!sent) throw new HTTPException(400, { message: 'Malformed request body' });
  await next();
});

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
  const bodySchema = (request?.body?.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema;
  const middleware = [
    ...(CHECK_DECLARED ? [declaredStatusesOnly(op)] : []),
    ...(access === 'public' ? [] : [guard(access)]),
    ...(options.before ? [options.before] : []),
    ...(request?.body?.required && isZodSchema(bodySchema) && bodySchema.safeParse({}).success ? [bodyRequired] : []),
  ];
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

/**
 * 405 with `Allow` for a method no operation of the path takes (`QUERY /user/profile`, `DELETE
 * /meeting/get-meetings`), as RFC 9110 asks, before any route is matched: the path of a URL is
 * the document's most literal one (`/meeting/get-meetings`, not `/meeting/{meetingId}`), so a
 * template route does not take a method its literal sibling lacks. The methods are the
 * contract's; a path no operation has goes on (to the 404). One map lookup for a literal path.
 */
export function methodNotAllowed(base: string, operations: readonly Pick<OperationConfig, 'method' | 'path'>[]): MiddlewareHandler {
  type Entry = { pattern: RegExp; literal: number; methods: Set<string> };
  const literalPaths = new Map<string, Set<string>>();
  const templates = new Map<string, Entry>();
  const segments = (path: string) => path.split('/').length;
  for (const op of operations) {
    const method = op.method.toUpperCase();
    if (!op.path.includes('{')) {
      const methods = literalPaths.get(`${base}${op.path}`) ?? new Set<string>();
      literalPaths.set(`${base}${op.path}`, methods.add(method));
      continue;
    }
    let entry = templates.get(op.path);
    if (!entry) {
      const pattern = new RegExp(`^${base}${op.path.replaceAll(/[.*+?^$()|[\]\\]/g, '\\$&').replaceAll(/\{\w+\}/g, '[^/]+')}$`);
      const literal = op.path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length;
      templates.set(op.path, (entry = { pattern, literal, methods: new Set() }));
    }
    entry.methods.add(method);
  }
  // Templates by their number of segments: a URL is only tried against those of its length.
  const byLength = new Map<number, Entry[]>();
  for (const [path, entry] of templates) byLength.set(segments(base + path), [...(byLength.get(segments(base + path)) ?? []), entry]);
  const refuse = (c: Context, allowed: Set<string>) => {
    const allow = new Set(allowed);
    if (allow.has('GET')) allow.add('HEAD');
    c.header('Allow', [...allow].join(', '));
    return c.json({ success: false, message: GENERAL_MESSAGES.methodNotAllowed }, 405);
  };
  return createMiddleware(async (c, next) => {
    const path = c.req.path;
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const literal = literalPaths.get(path);
    if (literal) return literal.has(method) ? next() : refuse(c, literal);
    const matches = (byLength.get(segments(path)) ?? []).filter(({ pattern }) => pattern.test(path));
    if (matches.length === 0) return next();
    const most = Math.max(...matches.map((entry) => entry.literal));
    const best = matches.filter((entry) => entry.literal === most);
    if (best.some(({ methods }) => methods.has(method))) return next();
    return refuse(c, new Set(best.flatMap(({ methods }) => [...methods])));
  });
}
