import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AUTH_MESSAGES, GENERAL_MESSAGES } from '@bh/shared';
import { api as contract, API_BASE, type OperationConfig } from '@bh/shared/contract';
import type { AppDeps } from './lib/deps.ts';
import { AppError, isDatabaseUnavailable, isStorageFull } from './lib/errors.ts';
import { methodNotAllowed } from './lib/contract.ts';
import type { AppEnv } from './lib/types.ts';
import { csrfMiddleware } from './middleware/csrf.ts';
import { sessionMiddleware } from './middleware/session.ts';
import { userRoutes } from './routes/user/user.routes.ts';
import { bookingRoutes } from './routes/meeting/booking.routes.ts';
import { meetingRoutes } from './routes/meeting/meeting.routes.ts';
import { paymentsRoutes } from './routes/payments/payments.routes.ts';
import { adminRoutes } from './routes/admin/admin.routes.ts';
import { registerRoutes } from './routes/register/register.routes.ts';
import { uploadsRoutes } from './routes/uploads/uploads.routes.ts';
import { apiDocsRoutes, openapiRoutes } from './routes/openapi/openapi.routes.ts';
import { contractDocument, type OpenApiDocument } from './routes/openapi/openapi.document.ts';
import { testClockRoutes } from './routes/test-clock/test-clock.routes.ts';
import { healthRoutes } from './routes/health/health.routes.ts';
import { accountLinkRoutes } from './routes/account-links/account-links.routes.ts';
import { calendarRoutes } from './routes/calendar/calendar.routes.ts';
import { privacyRoutes } from './routes/privacy/privacy.routes.ts';

/** JSON bodies are small forms; uploads stream through their own route with their own limit. */
const JSON_BODY_LIMIT = 256 * 1024;
const MULTIPART_PATHS = /^\/api\/v1\/uploads\/?$/;

function clientIp(trustProxy: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let ip = 'unknown';
    if (trustProxy) ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || ip;
    if (ip === 'unknown') {
      try {
        ip = getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        // app.request() in tests has no socket.
      }
    }
    c.set('clientIp', ip);
    await next();
  });
}

/** The /api/v1 application: every route, the middleware chain and one error mapping. */
export function createApi(deps: AppDeps) {
  const api = new OpenAPIHono<AppEnv>();
  let document: OpenApiDocument | null = null;
  // Produced once, on first request: the operations do not change while the process runs.
  const openapi = () => (document ??= contractDocument(api));

  api
    .route('/', healthRoutes(deps))
    .use('*', methodNotAllowed(API_BASE, Object.values(contract).flatMap((area) => Object.values(area) as OperationConfig[])))
    .use('*', clientIp(deps.config.trustProxy))
    .use(
      '*',
      csrfMiddleware({
        publicOrigin: deps.config.publicOrigin,
        allowedOrigins: deps.config.allowedOrigins,
        multipartPaths: MULTIPART_PATHS,
        trustProxy: deps.config.trustProxy,
      }),
    )
    .use('*', async (c, next) => {
      // A GET has no body to limit, and looking for one would build a whole web Request.
      if (c.req.method === 'GET' || c.req.method === 'HEAD' || MULTIPART_PATHS.test(c.req.path)) return next();
      return bodyLimit({
        maxSize: JSON_BODY_LIMIT,
        onError: () => {
          throw new AppError(413, 'Request body is too large');
        },
      })(c, next);
    })
    .use('*', sessionMiddleware(deps));
  // Every operation's path is whole (`/user/login`), so each router is mounted at the root.
  api
    .route('/', userRoutes(deps))
    .route('/', accountLinkRoutes(deps))
    .route('/', meetingRoutes(deps))
    .route('/', calendarRoutes(deps))
    .route('/', bookingRoutes(deps))
    .route('/', paymentsRoutes(deps))
    .route('/', adminRoutes(deps))
    .route('/', registerRoutes(deps))
    .route('/', uploadsRoutes(deps))
    .route('/', privacyRoutes(deps))
    .route('/', openapiRoutes(openapi));

  if (deps.config.testClock) api.route('/test', testClockRoutes(deps.config.testClock));
  return Object.assign(api, { openapi });
}

/**
 * One log line per request (method, route pattern, status, duration, request id: never bodies,
 * query strings, cookies or emails) and the request metrics. The route is the pattern that
 * answered (`/api/v1/uploads/:id`), so neither the log nor the metrics see ids or tokens in paths.
 */
function requestLog(deps: Pick<AppDeps, 'log' | 'metrics'>) {
  // The level is set once for the process: a silent log costs a request nothing, not even its id.
  const logged = deps.log.enabled('info');
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const route = routePath(c);
      const status = c.res.status;
      deps.metrics.observe(c.req.method, route, status, ms / 1000);
      if (logged) deps.log.request(c.req.method, route, status, Math.round(ms * 10) / 10, loggedRequestId(c));
    }
  });
}

/** What the server hands every request (`@hono/node-server`'s bindings): its response is ours. */
interface ServedBindings {
  outgoing: { requestId?: string };
}

/**
 * The id the server's response class sends in X-Request-Id (connections.ts); a request made
 * in-process (app.request in tests) has no server and gets one of its own.
 */
function loggedRequestId(c: import('hono').Context): string {
  return (c.env as Partial<ServedBindings> | undefined)?.outgoing?.requestId ?? randomUUID();
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * GET /metrics (Prometheus text format): for a caller on this machine that came directly (no proxy
 * headers), or anyone with `Authorization: Bearer <METRICS_TOKEN>`. Others get 404, or 401 when a
 * token is configured.
 */
function metricsRoute(deps: Pick<AppDeps, 'metrics' | 'config'>) {
  return createMiddleware<AppEnv>(async (c) => {
    let direct = false;
    try {
      direct = LOOPBACK.test(getConnInfo(c).remote.address ?? '') && !c.req.header('x-forwarded-for') && !c.req.header('forwarded');
    } catch {
      // app.request() in tests has no socket: not a local caller.
    }
    const token = deps.config.metricsToken;
    const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const tokenOk = !!token && !!bearer && timingSafeEqual(sha256(bearer), sha256(token));
    if (!direct && !tokenOk) {
      if (!token) return c.json({ success: false, message: GENERAL_MESSAGES.notFound }, 404);
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ success: false, message: AUTH_MESSAGES.notAuthenticated }, 401);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await deps.metrics.registry.metrics(), 200, { 'Content-Type': deps.metrics.registry.contentType });
  });
}

/** Maps every failure to the error envelope; nothing internal leaves the server. */
export function handleError(deps: Pick<AppDeps, 'log'> & Partial<Pick<AppDeps, 'metrics' | 'storage'>>) {
  return (err: Error, c: import('hono').Context) => {
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.json({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      // The router's media-type gate says 415 in its own words; the product's are the CSRF check's.
      const message =
        status === 400 ? 'Malformed request body' : status === 415 ? GENERAL_MESSAGES.unsupportedMediaType : err.message || GENERAL_MESSAGES.internal;
      return c.json({ success: false, message }, status);
    }
    if (isStorageFull(err)) {
      // The write was refused and nothing of it kept: a clear answer, and readiness says why (DESIGN §2).
      deps.metrics?.dbErrors.inc({ kind: 'disk_full' });
      deps.storage?.noteFull();
      deps.log.error('database disk full', { path: c.req.path, error: err.name });
      c.header('Retry-After', '30');
      return c.json({ success: false, message: GENERAL_MESSAGES.storageFull }, 507);
    }
    if (isDatabaseUnavailable(err)) {
      deps.metrics?.dbErrors.inc({ kind: 'unavailable' });
      deps.log.error('database unavailable', { path: c.req.path, error: err.name });
      c.header('Retry-After', '5');
      return c.json({ success: false, message: GENERAL_MESSAGES.databaseUnavailable }, 503);
    }
    deps.log.error('unhandled error', { path: c.req.path, error: err.name, detail: err.message });
    return c.json({ success: false, message: GENERAL_MESSAGES.internal }, 500);
  };
}

/**
 * The API mounted at /api/v1, without an error handler of its own: for mounting in an app that
 * has one (the web app). Hono wraps every route of a mounted app that has its own handler in one
 * more async step, on every request.
 */
export function createApiApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(deps));
  app.get('/metrics', metricsRoute(deps));
  // TRACE would echo a request's headers (cookies included) back to a script; no path serves it.
  app.on(['TRACE', 'TRACK'], '*', (c) => {
    c.header('Allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    return c.json({ success: false, message: GENERAL_MESSAGES.methodNotAllowed }, 405);
  });
  const v1 = createApi(deps);
  app.route(API_BASE, v1);
  app.route('/api/docs', apiDocsRoutes(v1.openapi));
  app.all('/api/*', (c) => c.json({ success: false, message: GENERAL_MESSAGES.notFound }, 404));
  return app;
}

/** The API mounted at /api/v1 with its error handling, ready to be served or tested with app.request(). */
export function createApp(deps: AppDeps) {
  const app = createApiApp(deps);
  app.onError(handleError(deps));
  return app;
}
