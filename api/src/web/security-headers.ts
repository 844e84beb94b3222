/** The policy of every response that is not a page: it may load nothing and be framed by no one. */
const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Headers that only mean something for a document a browser displays. */
export const DOCUMENT_HEADERS: readonly [string, string][] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/**
 * Headers every response carries (DESIGN §3, issue on security), built once for each scheme. The
 * server's response class (connections.ts) adds them, with the document headers on HTML pages.
 */
export const HEADER_SETS: Record<'http' | 'https', readonly [string, string][]> = {
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
