/**
 * The pages the portal's build writes and the server sends (issue 20): `index.html` for the sign-in
 * pages, and for a route behind the login a copy of it that also names the files its first render
 * needs beyond the sign-in page's, so the browser fetches them beside the entry script: the shell
 * (top bar and menus, the privacy notice gate) everywhere, and the dashboard as well on /dashboard.
 * The app started on a path asks for the same screens (portal/src/signedInScreens.ts), so the server,
 * the build and the app read one rule.
 */
export const PORTAL_PAGES = {
  signIn: 'index.html',
  signedIn: 'signed-in.html',
  dashboard: 'dashboard.html',
} as const;

export type PortalPage = (typeof PORTAL_PAGES)[keyof typeof PORTAL_PAGES];

/** The page for a portal path: the sign-in page under /login, the dashboard's on /dashboard (and /, which goes there), the shell's elsewhere. */
export function portalPageFor(pathname: string): PortalPage {
  if (/^\/login(\/|$)/i.test(pathname)) return PORTAL_PAGES.signIn;
  return pathname === '/' || /^\/dashboard\/?$/i.test(pathname) ? PORTAL_PAGES.dashboard : PORTAL_PAGES.signedIn;
}
