import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PRIVACY_MESSAGES } from '@bh/shared';
import { api as ops } from '@bh/shared/contract';
import { ApiClient, DEMO } from './api.ts';
import { ANSWERS, settle } from './a11y.ts';
import { PAGE_PROBE } from './a11y-page.ts';
import { castOfPortal, openScreen, ROLES, signInContext, type PortalCast, type PortalRole } from './portal-roles.ts';
import { createAccount, scheduleMeeting, startAfter, uniqueCouponCode, verifiedAssociate, type Account, type Admin } from './seed.ts';

/**
 * The screens and states the accessibility suite looks at (issue 53): every signed-in screen of
 * every role (the viewport test's list, from portal-roles.ts, built on portal/src/screens.ts), the
 * sign-in pages, and the states a person reaches on them: menus and dialogs open, forms after an
 * empty submit, grids sorted, the phone's side sheet.
 */

export type Who = PortalRole | 'visitor';

export interface PortalState {
  who: Who;
  path: string;
  name: string;
  /** Widths it exists at (the phone sheet only on a phone); both by default. */
  widths?: readonly number[];
  /** Brings the open screen into the state. */
  enter(page: Page): Promise<void>;
  /** Leaves it, where it would outlast a reload (the sheet). */
  leave?(page: Page): Promise<void>;
}

export interface A11yWorld {
  cast: PortalCast;
  /** The booked client's upcoming session can be rescheduled and cancelled; `cast.sessions.client` is theirs. */
  client: Account;
  couponCode: string;
  applicantPath: string;
}

/** The viewport test's people and screens, with a client of our own booked four days ahead (with an associate of our own) and a coupon of our own. */
export async function a11yWorld(baseUrl: string): Promise<A11yWorld> {
  const cast = await castOfPortal(baseUrl);
  const adminApi = cast.sessions.admin;
  const admin: Admin = { _id: '', name: 'Asha Admin', email: DEMO.admin, password: DEMO.password, api: adminApi };
  const client = await createAccount(admin, 'Leela Menon', 'user');
  const associate = await verifiedAssociate(admin, 'Gauri Iyer');
  await scheduleMeeting(admin, client, associate, startAfter(new Date(), 4 * 24 * 60));
  const clientApi = new ApiClient(baseUrl);
  await clientApi.login(client.email, client.password);
  cast.sessions.client = clientApi;
  const couponCode = uniqueCouponCode('A11Y');
  const link = (plan: string) => `https://payments.example.in/a11y/${couponCode.toLowerCase()}/${plan}`;
  const coupon = await adminApi.call(ops.payments.createCoupon, {
    body: {
      couponCode,
      forNewUsers: false,
      isActive: true,
      paymentLinks: {
        mentalHealthCounselling: { single: link('mh-single'), bundle: link('mh-bundle') },
        cosmetologistConsultancy: { single: link('cos-single'), bundle: link('cos-bundle') },
      },
    },
  });
  if (coupon.status !== 201) throw new Error(`creating coupon ${couponCode} failed: ${coupon.status}`);
  const applicantPath = cast.screens.admin.find((s) => s.path.startsWith('/admin/verification-pending/'))?.path;
  if (!applicantPath) throw new Error('the cast has no pending application');
  return { cast, client, couponCode, applicantPath };
}

/** Signs the context in as `who` (or out, for a visitor). */
export async function becomeWho(context: BrowserContext, baseUrl: string, world: A11yWorld, who: Who): Promise<void> {
  await context.clearCookies();
  if (who !== 'visitor') await signInContext(context, baseUrl, world.cast.sessions[who]);
}

/** The sign-in pages a visitor sees. */
export const VISITOR_PAGES = ['/login', '/login/forgot'] as const;

/** Opens a page: a visitor's by loading it, a signed-in screen with openScreen. */
export async function openPath(page: Page, baseUrl: string, who: Who, path: string, within = false): Promise<void> {
  if (who === 'visitor') {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator('form [type="submit"]').first().waitFor({ state: 'visible', timeout: 20_000 });
    await settle(page);
  } else {
    await openScreen(page, baseUrl, { path }, { within });
  }
}

/** Every path `who` can open: the cast's screens, or the sign-in pages. */
export function pathsOf(world: A11yWorld, who: Who): string[] {
  return who === 'visitor' ? [...VISITOR_PAGES] : world.cast.screens[who].map((s) => s.path);
}

export const WHO: readonly Who[] = ['visitor', ...ROLES];

const popup = (page: Page) => page.locator('.MuiPopover-paper, .MuiMenu-paper').first();

/** Clicks the opener and waits for the menu, dialog or sheet to be shown and at rest. */
async function open(page: Page, opener: Locator, shown: Locator): Promise<void> {
  await opener.first().click();
  await shown.first().waitFor({ state: 'visible', timeout: 20_000 });
  await settle(page);
}

/** The form's submit button, pressed with nothing filled in; waits until the form has answered. */
export function submitButton(page: Page): Locator {
  return page.locator('form [type="submit"]').first();
}

export async function emptySubmit(page: Page): Promise<void> {
  await submitButton(page).click();
  await page
    .locator(ANSWERS)
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .catch(() => {});
  await settle(page);
}

/** A grid sorted by a click on its first sortable column header (a table's header row holds the sort buttons). */
async function sortGrid(page: Page): Promise<void> {
  const header = page.locator('#main-content thead').getByRole('button').first();
  await header.waitFor({ state: 'visible', timeout: 20_000 });
  const before = page.url();
  await header.click();
  for (let i = 0; i < 50 && page.url() === before; i++) await page.waitForTimeout(100);
  await settle(page);
}

/** Tab pressed once from the top of the page, and the focused control at rest. */
async function firstTab(page: Page): Promise<void> {
  await page.evaluate(PAGE_PROBE);
  await page.evaluate('window.__a11y.startAt(false)');
  await page.keyboard.press('Tab');
  await page.evaluate('window.__a11y.endStart()');
  await settle(page);
}

/** The phone's side sheet, open. */
export async function openSheet(page: Page): Promise<void> {
  await open(page, page.getByRole('button', { name: 'Open menu' }), page.locator(SIDEBAR));
}

/**
 * The menu's sheet on a phone and its sidebar wider up (react-admin's Sidebar paper). react-admin
 * remembers an open sheet across loads, so a check that opens it closes it again (Escape).
 */
export const SIDEBAR = '.RaSidebar-paper';

export async function closeSheet(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open menu' }).waitFor({ state: 'visible', timeout: 10_000 });
  await settle(page);
}

export const sheetOpener = (page: Page): Locator => page.getByRole('button', { name: 'Open menu' });

/** Openers of the dialogs and menus, shared by the axe states and the focus-return checks. */
export const openers = {
  profile: (page: Page) => page.getByRole('button', { name: 'Profile' }),
  bookMore: (page: Page) => page.getByRole('button', { name: 'Book More Sessions' }),
  reschedule: (page: Page) => page.getByRole('region', { name: 'Upcoming Sessions' }).getByRole('button', { name: 'Reschedule', exact: true }),
  cancelSession: (page: Page) => page.getByRole('region', { name: 'Upcoming Sessions' }).getByRole('button', { name: 'Cancel session' }),
  withdrawConsent: (page: Page) => page.getByRole('button', { name: PRIVACY_MESSAGES.withdrawConsent }),
  deleteCoupon: (page: Page, code: string) => page.getByRole('listitem', { name: code }).getByRole('button', { name: 'Delete' }),
  reject: (page: Page) => page.getByRole('button', { name: 'Reject', exact: true }),
  deleteMeeting: (page: Page) => page.locator('#main-content').getByRole('button', { name: 'Delete', exact: true }),
  saveReport: (page: Page) => page.getByRole('button', { name: 'Add Report Link' }),
};

export const dialogOf = (page: Page): Locator => page.getByRole('dialog');
export const menuOf = popup;

/** Every state worth looking at, per person. */
export function portalStates(world: A11yWorld): PortalState[] {
  const dialog = (who: Who, path: string, name: string, opener: (page: Page) => Locator): PortalState => ({
    who,
    path,
    name,
    enter: (page) => open(page, opener(page), dialogOf(page)),
  });
  const menu = (who: Who, path: string, name: string, opener: (page: Page) => Locator, widths?: readonly number[]): PortalState => ({
    who,
    path,
    name,
    ...(widths ? { widths } : {}),
    enter: (page) => open(page, opener(page), popup(page)),
  });
  // The first Tab shows "Skip to content": axe judges its colours only while it is shown.
  const skipLink = (who: Who): PortalState => ({ who, path: '/dashboard', name: 'first Tab (skip link shown)', enter: firstTab });
  const form = (who: Who, path: string): PortalState => ({ who, path, name: 'after an empty submit', enter: emptySubmit });
  const sorted = (path: string): PortalState => ({ who: 'admin', path, name: 'sorted by a column', widths: [1280], enter: sortGrid });
  const sheet = (who: Who): PortalState => ({ who, path: '/dashboard', name: 'phone sheet open', widths: [390], enter: openSheet, leave: closeSheet });
  return [
    form('visitor', '/login'),
    form('visitor', '/login/forgot'),
    skipLink('client'),
    menu('client', '/dashboard', 'profile menu open', openers.profile, [1280]),
    menu('client', '/dashboard', '"Book More Sessions" menu open', openers.bookMore),
    dialog('client', '/dashboard', 'reschedule dialog open', openers.reschedule),
    dialog('client', '/dashboard', 'cancel confirmation open', openers.cancelSession),
    dialog('client', '/privacy', 'withdraw-consent confirmation open', openers.withdrawConsent),
    sheet('client'),
    dialog('associate', '/meetinghistory', 'report link dialog open', openers.saveReport),
    form('associate', '/meetings'),
    sheet('associate'),
    form('unverifiedAssociate', '/details'),
    sheet('unverifiedAssociate'),
    skipLink('admin'),
    menu('admin', '/dashboard', 'profile menu open', openers.profile, [1280]),
    form('admin', '/meetings'),
    form('admin', '/admin/register'),
    form('admin', '/admin/create-meeting'),
    form('admin', '/admin/create-coupons'),
    dialog('admin', '/admin/all-coupons', 'delete confirmation open', (page) => openers.deleteCoupon(page, world.couponCode)),
    dialog('admin', world.applicantPath, 'reject dialog open', openers.reject),
    dialog('admin', '/dashboard', 'delete-meeting confirmation open', openers.deleteMeeting),
    sorted('/admin/grids/meetings'),
    sorted('/admin/grids/users'),
    sorted('/admin/grids/audit'),
    sorted('/admin/grids/emails'),
    sheet('admin'),
    sheet('unverifiedAdmin'),
  ];
}

/** The forms the suite submits empty, to check that their errors are tied to their fields. */
export const EMPTY_SUBMIT_FORMS: readonly { who: Who; path: string }[] = [
  { who: 'visitor', path: '/login' },
  { who: 'visitor', path: '/login/forgot' },
  { who: 'unverifiedAssociate', path: '/details' },
  { who: 'admin', path: '/admin/create-coupons' },
  { who: 'admin', path: '/admin/create-meeting' },
  { who: 'admin', path: '/admin/register' },
  { who: 'admin', path: '/meetings' },
];

/** Each distinct screen once (admins see every staff screen; the others add what only they see), with who opens it. */
export function distinctScreens(world: A11yWorld): { who: Who; path: string }[] {
  const own: Record<Exclude<Who, 'admin' | 'visitor' | 'unverifiedAdmin'>, string[]> = {
    client: ['/dashboard', '/meetinghistory', '/privacy'],
    associate: ['/dashboard', '/availability', '/meetinghistory'],
    unverifiedAssociate: ['/dashboard', '/details'],
  };
  return [
    ...VISITOR_PAGES.map((path) => ({ who: 'visitor' as const, path })),
    ...pathsOf(world, 'admin').map((path) => ({ who: 'admin' as const, path })),
    ...Object.entries(own).flatMap(([who, paths]) => paths.map((path) => ({ who: who as Who, path }))),
  ];
}
