import { createMiddleware } from 'hono/factory';
import { GENERAL_MESSAGES } from '@bh/shared';
import { AppError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request defence for every unsafe method (DESIGN §3):
 * - a browser's Sec-Fetch-Site / Origin must say the request comes from this origin;
 * - bodies must be JSON (or multipart on upload routes), which an HTML form cannot send
 *   cross-site without a preflight that this server never grants.
 * Hono's csrf() only looks at form content types, so JSON needs this.
 */
export function csrfMiddleware(options: { allowedOrigins: string[]; multipartPaths: RegExp; trustProxy: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();

    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError(403, GENERAL_MESSAGES.crossSite);
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      const url = new URL(c.req.url);
      const proto = options.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
      const own = proto ? `${proto}://${url.host}` : url.origin;
      if (origin !== own && !options.allowedOrigins.includes(origin)) {
        throw new AppError(403, GENERAL_MESSAGES.crossSite);
      }
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
