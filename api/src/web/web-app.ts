import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import type { AppDeps } from '../lib/deps.ts';
import { createApiApp, handleError } from '../app.ts';
import { StaticFolder, type StaticFile } from './static-files.ts';
import { pageCsp } from './security-headers.ts';
import { forwardToDevServer, type DevProxy } from './dev-proxy.ts';
import type { Mailbox } from '../mail/mailbox.ts';
import { mailboxPage } from '../mail/mailbox-page.ts';
import { dbDeadline } from './db-deadline.ts';
import { getCookie } from 'hono/cookie';
import { api, API_BASE } from '@bh/shared/contract';
import { firstCallsFor, withinMs, type FirstCall } from '@bh/shared/rules/first-calls';
import { DASHBOARD_PATH, isSignInPage, PORTAL_PAGES, portalPageFor, type PortalPage } from '@bh/shared/rules/portal-pages';
import { SESSION_COOKIE } from '../lib/sessions.ts';
import { signedInUser } from '../middleware/session.ts';
import { isHttps } from '../lib/network.ts';
import { KeptMatchRouter } from './router.ts';

/** The portal's client-side routes (DESIGN §1); every other path belongs to the static site. */
export const PORTAL_ROUTE = /^\/(login|dashboard|details|meetinghistory|meetings|availability|privacy|admin)(\/.*)?$/i;
const HASHED_ASSET = /^\/(_astro|app-assets)\//;

export interface WebOptions {
  siteDir: string;
  portalDir: string;
  /** Dev mode re-reads files on every request instead of keeping them in memory. */
  cacheFiles?: boolean;
  /** Dev mode: pages come from the Vite and Astro dev servers instead of the built folders. */
  devProxy?: DevProxy;
  /** The local catch-all mailbox, when one runs (no SMTP_URL): its messages are read at /dev/mailbox. */
  mailbox?: Mailbox;
  /** Whether the database answers (db-deadline.ts): API requests get 503 once it stops. */
  dbIsUp?: () => Promise<boolean>;
}

/** The URL of each first call (all without parameters), from their definitions. */
const FIRST_CALL_URLS: Record<FirstCall, string> = {
  userProfile: `${API_BASE}${api.user.profile.path}`,
  privacyNotice: `${API_BASE}${api.privacy.notice.path}`,
  meetingList: `${API_BASE}${api.meeting.list.path}`,
  paymentServices: `${API_BASE}${api.payments.services.path}`,
};

/** How long a page waits to learn whose session it carries before it goes without preloads. */
const FIRST_CALLS_WAIT_MS = 250;
/** The health probes (/health, /live, /ready) answer without the database deadline. */
const HEALTH_PATHS = `${API_BASE}${api.health.status.path}`;

function send(c: Context, file: StaticFile, status: 200 | 404, cacheControl: string, https: boolean, options: { etag?: boolean } = {}): Response {
  const etag = options.etag ?? true;
  c.header('Cache-Control', cacheControl);
  if (etag) c.header('ETag', file.etag);
  // The server adds Vary, the security headers and, on a page, the document headers (connections.ts).
  if (file.type.startsWith('text/html')) c.header('Content-Security-Policy', pageCsp(file.scriptHashes, https));
  if (etag && status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304);
  c.header('Content-Type', file.type);
  const accept = c.req.header('accept-encoding') ?? '';
  let body = file.body;
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br;
    c.header('Content-Encoding', 'br');
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    c.header('Content-Encoding', 'gzip');
  }
  if (c.req.method === 'HEAD') {
    c.header('Content-Length', String(body.length));
    return c.body(null, status);
  }
  return c.body(new Uint8Array(body), status);
}

/** One origin: /api/v1, the portal's routes and assets, and the static site (DESIGN §1). */
export function createWebApp(deps: AppDeps, options: WebOptions) {
  const site = new StaticFolder(options.siteDir, { cache: options.cacheFiles ?? true });
  const portal = new StaticFolder(options.portalDir, { cache: options.cacheFiles ?? true });
  const api = createApiApp(deps);
  const app = new Hono({ router: new KeptMatchRouter() });

  // JSON from the API is compressed on the fly for clients that accept it; static files arrive
  // already compressed. Every response says `Vary: Accept-Encoding` (the server's defaults). API
  // calls get a 503 as soon as the database stops answering (db-deadline.ts), except health: /health
  // and /health/ready have their own ping and answer 503 by themselves, /health/live never needs the
  // database. One middleware does both, as each one more adds an async step to every call.
  const compressJson = compress();
  const deadline = options.dbIsUp ? dbDeadline(options.dbIsUp) : null;
  app.use('/api/*', (c, next) => {
    const run = deadline && !c.req.path.startsWith(HEALTH_PATHS) ? () => deadline(c, next) : next;
    return /\b(gzip|deflate)\b/i.test(c.req.header('accept-encoding') ?? '') ? compressJson(c, run) : run();
  });
  app.route('/', api);
  if (options.mailbox) app.route('/dev/mailbox', mailboxPage(options.mailbox));

  const devProxy = options.devProxy;
  if (devProxy) {
    app.all('*', (c) => forwardToDevServer(c.req.raw, devProxy, PORTAL_ROUTE.test(c.req.path)));
  }

  /** Whose session the request carries, or null: none, or the database too slow to say (FIRST_CALLS_WAIT_MS). */
  const sessionOf = async (c: Context) => {
    const token = getCookie(c, SESSION_COOKIE);
    return token ? withinMs(FIRST_CALLS_WAIT_MS, signedInUser(deps, token)) : null;
  };

  /**
   * The `Link` header that preloads the first calls of a page behind the login for the person whose
   * session the request carries (`firstCallsFor`), or null: no session, or the database too slow
   * to say whose it is (the page never waits for it more than FIRST_CALLS_WAIT_MS).
   */
  const firstCalls = async (c: Context, page: PortalPage): Promise<string | null> => {
    const signedIn = await sessionOf(c);
    if (!signedIn) return null;
    const calls = firstCallsFor(page, signedIn.user);
    return calls.length ? calls.map((call) => `<${FIRST_CALL_URLS[call]}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ') : null;
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path;
    const https = isHttps(c, deps.config.trustProxy);
    const immutable = 'public, max-age=31536000, immutable';
    const revalidate = 'no-cache';

    if (PORTAL_ROUTE.test(path)) {
      // A build from before the other pages existed has index.html only.
      const page = portalPageFor(path);
      // The sign-in page is for guests (spec §2.3): someone signed in goes to the dashboard before
      // the drawn form shows, instead of once the app has started and asked.
      if (page === PORTAL_PAGES.login && (await sessionOf(c))) {
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(DASHBOARD_PATH, 302);
      }
      const index = (await portal.lookup(`/${page}`)) ?? (await portal.lookup(`/${PORTAL_PAGES.signIn}`));
      if (!index) return c.text('The portal has not been built. Run `pnpm build`.', 503);
      const preloads = isSignInPage(page) ? null : await firstCalls(c, page);
      if (!preloads) return send(c, index, 200, revalidate, https);
      // Named for this person: kept by no shared cache, and always sent whole (no 304 with another person's links).
      c.header('Link', preloads);
      return send(c, index, 200, 'private, no-cache', https, { etag: false });
    }
    if (path.startsWith('/app-assets/')) {
      const asset = await portal.lookup(path);
      if (asset) return send(c, asset, 200, immutable, https);
    } else {
      const file = await site.lookup(path);
      if (file) return send(c, file, 200, HASHED_ASSET.test(path) ? immutable : revalidate, https);
      // Payment pages exist for the catalogue's plans; any other service or plan gets the page
      // that explains it, with a 404 status.
      if (/^\/make-payment\/[^/]+\/[^/]+\/?$/.test(path)) {
        const unknown = await site.lookup('/make-payment/index.html');
        if (unknown) return send(c, unknown, 404, revalidate, https);
      }
    }
    const notFound = await site.lookup('/404.html');
    if (notFound) return send(c, notFound, 404, revalidate, https);
    return c.text('Not found', 404);
  });

  app.onError(handleError(deps));
  return app;
}
