import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { GENERAL_MESSAGES } from '@bh/shared';
import { AppError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CsrfOptions {
  /** The product's origin (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Further origins allowed to make unsafe requests (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  multipartPaths: RegExp;
  trustProxy: boolean;
}

/** The origin the request was addressed to: its scheme and Host (as the proxy saw them when trusted). */
function ownOrigin(c: Context<AppEnv>, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const forwarded = (name: string) => (trustProxy ? c.req.header(name)?.split(',')[0]?.trim() : undefined) || undefined;
  const proto = forwarded('x-forwarded-proto') ?? url.protocol.replace(/:$/, '');
  const host = forwarded('x-forwarded-host') ?? url.host;
  return `${proto}://${host}`;
}

/**
 * Cross-site request defence for every unsafe method (DESIGN §3):
 * - the request must be addressed to the product's own origin (PUBLIC_ORIGIN, or ALLOWED_ORIGINS):
 *   a page on evil.example whose name was rebound to this server's address sends
 *   `Host: evil.example` and a matching Origin, which the old own-Host comparison let through;
 * - a browser's Sec-Fetch-Site / Origin must say the request comes from this origin;
 * - bodies must be JSON (or multipart on upload routes), which an HTML form cannot send
 *   cross-site without a preflight that this server never grants.
 * When the public origin is a loopback address (development, tests) any loopback host is the
 * product too: rebinding cannot make a browser send a loopback Host for a foreign page.
 * Safe methods pass whatever their Host: a rebound page carries none of our cookies, so it
 * can only read what any anonymous visitor reads.
 * Hono's csrf() only looks at form content types, so JSON needs this.
 */
export function csrfMiddleware(options: CsrfOptions) {
  const trusted = new Set([options.publicOrigin, ...options.allowedOrigins]);
  const loopback = LOOPBACK_HOSTS.has(new URL(options.publicOrigin).hostname);
  const isProduct = (origin: string): boolean => {
    if (trusted.has(origin)) return true;
    if (!loopback || !URL.canParse(origin)) return false;
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  };

  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();

    const own = ownOrigin(c, options.trustProxy);
    if (!isProduct(own)) throw new AppError(403, GENERAL_MESSAGES.crossSite);

    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError(403, GENERAL_MESSAGES.crossSite);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== own && !trusted.has(origin)) {
      throw new AppError(403, GENERAL_MESSAGES.crossSite);
    }

    const length = c.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (options.multipartPaths.test(c.req.path)) {
      if (type !== 'multipart/form-data') throw new AppError(415, 'Content-Type must be multipart/form-data');
    } else if (hasBody || type !== '') {
      if (type !== 'application/json') throw new AppError(415, GENERAL_MESSAGES.unsupportedMediaType);
    }
    return next();
  });
}
