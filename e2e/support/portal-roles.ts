import type { BrowserContext, Page } from 'playwright-core';
import { ApiClient, DEMO } from './api.ts';
import { createAccount, submitApplication, type Admin } from './seed.ts';
import { api as ops } from '@bh/shared/contract';

/** The five kinds of signed-in person the portal distinguishes (spec §6, DESIGN §3). */
export const ROLES = ['client', 'associate', 'unverifiedAssociate', 'admin', 'unverifiedAdmin'] as const;
export type PortalRole = (typeof ROLES)[number];

export interface PortalScreen {
  path: string;
  /** Brings the screen into the state worth looking at (e.g. a lookup with results). */
  prepare?: (page: Page) => Promise<void>;
}

export interface PortalCast {
  /** Signed-in API clients, one per role; their session cookies are handed to browser contexts. */
  sessions: Record<PortalRole, ApiClient>;
  /** Every screen each role may open, with the data to make it worth looking at. */
  screens: Record<PortalRole, PortalScreen[]>;
  clientEmail: string;
}

/** Looks up a client's meetings in the lookup screen, so its tables and list show. */
function lookUp(email: string) {
  return async (page: Page) => {
    await page.getByPlaceholder('Enter user email').fill(email);
    await page.getByRole('button', { name: 'Search Meetings' }).click();
    await page.getByRole('heading', { name: 'Upcoming Meetings' }).waitFor({ timeout: 20_000 });
  };
}

/**
 * The demo's people (whose meetings span past and future), plus an admin who is not verified yet
 * and an associate whose application waits for review, made through the API as an admin would.
 */
export async function castOfPortal(baseUrl: string): Promise<PortalCast> {
  const login = async (email: string, password: string = DEMO.password) => {
    const api = new ApiClient(baseUrl);
    await api.login(email, password);
    return api;
  };
  const adminApi = await login(DEMO.admin);
  const admin: Admin = { _id: '', name: 'Asha Admin', email: DEMO.admin, password: DEMO.password, api: adminApi };
  const newAdmin = await createAccount(admin, 'Kiran Joshi', 'admin');
  const applicant = await createAccount(admin, 'Ritu Sen', 'doctor');
  await submitApplication(baseUrl, applicant);
  const verified = await adminApi.call(ops.register.verified, { query: { page: 1, limit: 10, email: DEMO.associate } });
  const associateId = verified.json.user?.[0]?._id;
  if (!associateId) throw new Error(`the demo associate is not listed as verified: ${JSON.stringify(verified.json)}`);

  const sessions: Record<PortalRole, ApiClient> = {
    client: await login(DEMO.client),
    associate: await login(DEMO.associate),
    unverifiedAssociate: await login(DEMO.unverifiedAssociate),
    admin: adminApi,
    unverifiedAdmin: await login(newAdmin.email, newAdmin.password),
  };

  const staffLocked: PortalScreen[] = [{ path: '/dashboard' }, { path: '/meetinghistory' }, { path: '/meetings' }, { path: '/details' }];
  const screens: Record<PortalRole, PortalScreen[]> = {
    // Clients have their dashboard; the staff pages answer them with 'Access Denied'.
    client: [{ path: '/dashboard' }, { path: '/meetinghistory' }, { path: '/meetings' }, { path: '/privacy' }, { path: '/meetinghistory/no-such-screen' }],
    associate: [{ path: '/dashboard' }, { path: '/meetinghistory' }, { path: '/meetings', prepare: lookUp(DEMO.client) }, { path: '/details' }, { path: '/availability' }, { path: '/privacy' }],
    unverifiedAssociate: staffLocked,
    unverifiedAdmin: staffLocked,
    admin: [
      { path: '/dashboard' },
      { path: '/meetinghistory' },
      { path: '/meetings', prepare: lookUp(DEMO.client) },
      { path: '/details' },
      { path: '/admin/register' },
      { path: '/admin/create-meeting' },
      { path: '/admin/verify-documents' },
      { path: `/admin/verification-pending/${applicant._id}` },
      { path: '/admin/verified-doctors' },
      { path: `/admin/Verified-doc-details/${associateId}` },
      { path: '/admin/create-coupons' },
      { path: '/admin/all-coupons' },
      { path: '/admin/payment-links' },
      { path: '/admin/grids/meetings' },
      { path: '/admin/grids/users' },
      { path: '/admin/grids/audit' },
      { path: '/admin/grids/emails' },
      { path: '/admin/booking-requests' },
      { path: '/admin/refunds' },
      { path: '/admin/availability' },
      { path: '/privacy' },
      { path: '/admin/no-such-screen' },
    ],
  };
  return { sessions, screens, clientEmail: DEMO.client };
}

/** Hands an API session to a browser context, so its pages open signed in. */
export async function signInContext(context: BrowserContext, baseUrl: string, api: ApiClient): Promise<void> {
  const eq = api.cookie.indexOf('=');
  if (eq < 1) throw new Error('the API client holds no session');
  await context.addCookies([{ name: api.cookie.slice(0, eq), value: api.cookie.slice(eq + 1), url: baseUrl }]);
}

const SETTLED = '!document.querySelector("#main-content .MuiCircularProgress-root, #main-content .MuiLinearProgress-root")';
/** No finite animation or transition is still running (endless ones are spinners, checked above). */
const ANIMATIONS_DONE =
  'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming?.().endTime === Infinity)';
/**
 * No dialog or drawer left over from the screen before: MUI hides the app (`#root`, aria-hidden)
 * while one is open and gives it back only once the one closing has left the page, a moment after
 * its transition ends (a drawer then sits outside the window). Measured in that moment, the new
 * screen reads as hidden behind a dialog it never opened (axe's aria-hidden-focus on #root). The
 * app may be hidden only while a dialog is on screen, as one a screen opens itself.
 */
const NO_DIALOG_LEFT =
  '!document.querySelector("#root[aria-hidden=true]") || [...document.querySelectorAll("[role=dialog]")].some((d) => { const r = d.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight; })';
/** Focus is on the new screen's heading, or inside the dialog the screen opened (which keeps it). */
const HEADING_FOCUSED = 'document.activeElement?.matches?.("#main-content h1") === true || !!document.activeElement?.closest?.("[role=dialog]")';

/**
 * Polls an expression in the page until it is true. (page.waitForFunction evaluates a string with
 * eval inside the page, which the portal's Content Security Policy rightly forbids.)
 */
async function waitUntil(page: Page, expression: string, what: string, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while ((await page.evaluate(expression)) !== true) {
    if (Date.now() > deadline) {
      const state = await page.evaluate('[location.pathname, document.title, document.activeElement?.outerHTML?.slice(0, 120)]');
      throw new Error(`${what} (after ${timeout} ms; page: ${JSON.stringify(state)})`);
    }
    await page.waitForTimeout(100);
  }
}

/**
 * Opens a portal screen and waits until it has settled: its heading is shown and no spinner is
 * left in the content. With `within: true` the screen is reached inside the running app (as a
 * click on a link does), and it must then move focus to the new screen's heading.
 */
export async function openScreen(page: Page, baseUrl: string, screen: PortalScreen, options: { within?: boolean } = {}): Promise<void> {
  if (options.within) {
    await page.evaluate(`(() => {
      document.activeElement?.blur?.();
      history.pushState(null, '', ${JSON.stringify(screen.path)});
      dispatchEvent(new PopStateEvent('popstate'));
    })()`);
    await waitUntil(page, HEADING_FOCUSED, `after navigating to ${screen.path} focus is not on the screen's heading`);
  } else {
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'domcontentloaded' });
    await page.locator('#main-content h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  }
  await waitUntil(page, SETTLED, `${screen.path} keeps showing a spinner`);
  // Drawers and dialogs slide in: measure once they have come to rest.
  await waitUntil(page, ANIMATIONS_DONE, `${screen.path} keeps moving`);
  await waitUntil(page, NO_DIALOG_LEFT, `${screen.path} stays hidden behind a dialog it did not open`);
  if (screen.prepare) await screen.prepare(page);
}
