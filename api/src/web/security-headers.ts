import type { Context } from 'hono';

/** The policy of every response that is not a page: it may load nothing and be framed by no one. */
const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Headers that only mean something for a document a browser displays. */
export const DOCUMENT_HEADERS: readonly [string, string][] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/** Headers every response carries (DESIGN §3, issue on security), built once for each scheme. */
const HEADER_SETS: Record<'http' | 'https', readonly [string, string][]> = {
  http: [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Content-Security-Policy', DEFAULT_CSP],
  ],
  https: [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Content-Security-Policy', DEFAULT_CSP],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ],
};

/**
 * Sets the headers before the handler runs, so a response built through the context (c.json,
 * c.body) is created with them at once; a page replaces the default policy with its own. The sets
 * are built once, and the answer is not looked at afterwards: reading a finished response's
 * headers turns Hono's plain header record into a Headers object, which cost more than the rest
 * of a small API call (issue 20). Only responses built elsewhere, the dev servers' pages
 * (`foreignResponses`), are checked after the handler and given the headers they lack.
 */
export function securityHeadersMiddleware(isHttps: (c: Context) => boolean, options: { foreignResponses?: boolean } = {}) {
  return async (c: Context, next: () => Promise<void>): Promise<void> => {
    const headers = HEADER_SETS[isHttps(c) ? 'https' : 'http'];
    for (const [name, value] of headers) c.header(name, value);
    await next();
    if (options.foreignResponses && c.res.headers.get('X-Content-Type-Options') === null) {
      for (const [name, value] of headers) if (name !== 'Content-Security-Policy' || !c.res.headers.has(name)) c.header(name, value);
      if (c.res.headers.get('Content-Type')?.startsWith('text/html')) for (const [name, value] of DOCUMENT_HEADERS) c.header(name, value);
    }
  };
}

/**
 * The policy for pages: scripts only from this origin or inline blocks whose hashes are listed,
 * styles may be inline (component libraries inject them), nothing may frame the page.
 */
export function pageCsp(scriptHashes: string[], https: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ' ' + scriptHashes.join(' ') : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
