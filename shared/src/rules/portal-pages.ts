/**
 * The portal's paths that more than the app names: the server sends a signed-in visitor of the
 * sign-in page to the dashboard, and emails the one-time links' pages (DESIGN §3).
 */
export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/dashboard';
export const FORGOT_PASSWORD_PATH = '/login/forgot';
export const RESET_PASSWORD_PATH = '/login/reset';
export const ACCEPT_INVITATION_PATH = '/login/welcome';

/**
 * The pages the portal's build writes and the server sends (issue 20): for the sign-in page itself a
 * page with the sign-in form already drawn in it (`login.html`), so a phone shows the form at its
 * first paint and the app takes it over when its scripts have run; `index.html` for the other pages
 * under /login (forgotten password, reset, invitation), which show the name and 'Loading…' until
 * then; and for a route behind the login a copy of it that also names the files its first render
 * needs beyond the sign-in page's, so the browser fetches them beside the entry script: the shell
 * (top bar and menus, the privacy notice gate) everywhere, and the dashboard as well on /dashboard.
 * The app started on a path asks for the same screens (portal/src/signedInScreens.ts), so the server,
 * the build and the app read one rule.
 */
export const PORTAL_PAGES = {
  login: 'login.html',
  signIn: 'index.html',
  signedIn: 'signed-in.html',
  dashboard: 'dashboard.html',
} as const;

export type PortalPage = (typeof PORTAL_PAGES)[keyof typeof PORTAL_PAGES];

/**
 * The page for a portal path: the drawn sign-in form on /login, the plain sign-in page under it, the
 * dashboard's on /dashboard (and /, which goes there), the shell's elsewhere.
 */
export function portalPageFor(pathname: string): PortalPage {
  const path = pathname.toLowerCase();
  if (path === LOGIN_PATH || path === `${LOGIN_PATH}/`) return PORTAL_PAGES.login;
  if (path.startsWith(`${LOGIN_PATH}/`)) return PORTAL_PAGES.signIn;
  return path === '/' || path === DASHBOARD_PATH || path === `${DASHBOARD_PATH}/` ? PORTAL_PAGES.dashboard : PORTAL_PAGES.signedIn;
}

/** Whether a page is one of the sign-in pages, which no session is looked up for and nothing waits on. */
export function isSignInPage(page: PortalPage): boolean {
  return page === PORTAL_PAGES.login || page === PORTAL_PAGES.signIn;
}
