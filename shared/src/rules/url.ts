/** Browsers and link checkers give up on longer addresses; no real meeting or payment link is this long. */
export const URL_MAX_LENGTH = 2048;

/**
 * True for an absolute http(s) address with a host. Anything else (javascript:, data:, relative
 * paths, text with spaces) is refused, because these links are opened in a new tab for the user.
 */
export function isHttpUrl(text: string, options: { httpsOnly?: boolean } = {}): boolean {
  // Spaces, line breaks and other control characters: the URL parser would drop or encode some.
  if (text.length > URL_MAX_LENGTH || /[\s\p{Cc}]/u.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const allowed = options.httpsOnly ? ['https:'] : ['http:', 'https:'];
  return allowed.includes(url.protocol) && url.hostname.length > 0;
}
