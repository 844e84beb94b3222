import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { adminMenu } from '../screens.ts';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { addMeeting, addUser, type MockDb } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { setViewportWidth } from '../test/viewport.ts';
import { menuStructureProblems } from '../test/menuStructure.ts';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

/**
 * Admin Tools as the menu shows them: the registry's screens in order, each group as one submenu.
 * The registry may list tools beyond the spec's; the spec's come first, in the spec's order.
 */
const ADMIN_TOOLS = adminMenu.flatMap((entry, index) => {
  if (!entry.group) return [i18nProvider.translate(entry.labelKey)];
  const first = adminMenu.findIndex((other) => other.group === entry.group) === index;
  return first ? [entry.group === 'verification' ? 'Verification' : 'Coupons'] : [];
});

function accounts(db: MockDb) {
  return {
    client: addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }),
    associate: addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' }),
    newAssociate: addUser(db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor' }),
    admin: addUser(db, { name: 'Asha Iyer', email: 'asha@example.in', role: 'admin', isVerified: 'verified' }),
    pendingAdmin: addUser(db, { name: 'Dev Menon', email: 'dev@example.in', role: 'admin', isVerified: 'pending' }),
  };
}

/** The dashboard, signed in as one of `accounts`, with a user-event session for it. */
function dashboardAs(account: keyof ReturnType<typeof accounts>) {
  const user = userEvent.setup();
  const db = testDb();
  const people = accounts(db);
  const portal = renderPortal('/dashboard', { db, signedIn: people[account] });
  return { user, db, people, portal };
}

/** The sidebar (desktop menu or, on phones, the side sheet). */
async function sidebar(): Promise<HTMLElement> {
  const dashboard = await screen.findByRole('menuitem', { name: 'Dashboard' });
  const menu = dashboard.closest('[role="menu"]');
  if (!(menu instanceof HTMLElement)) throw new Error('no sidebar menu');
  return menu;
}

const labels = (menu: HTMLElement) => within(menu).queryAllByRole('menuitem').map((item) => item.textContent?.trim());

describe('the app shell on a desktop (spec §2.4, §6)', () => {
  it("titles the bar 'Better Health Dashboard', linking to the dashboard", async () => {
    const db = testDb();
    const { client } = accounts(db);
    renderPortal('/meetinghistory', { db, signedIn: client });
    const title = await screen.findByRole('link', { name: 'Better Health Dashboard' });
    expect(title).toHaveAttribute('href', '/dashboard');
  });

  it('gives clients the Dashboard only', async () => {
    dashboardAs('client');
    expect(labels(await sidebar())).toEqual(['Dashboard', 'Privacy & my data']);
  });

  it('adds Meeting History and Submit Documents for associates, verified or not, and My hours once verified', async () => {
    for (const who of ['associate', 'newAssociate'] as const) {
      const db = testDb();
      const user = accounts(db)[who];
      const portal = renderPortal('/dashboard', { db, signedIn: user });
      const menu = await sidebar();
      // Issue 18: a verified associate sets their working hours; issue 19: everyone has the privacy centre.
      expect(labels(menu)).toEqual(
        who === 'associate' ? ['Dashboard', 'Meeting History', 'My hours', 'Submit Documents', 'Privacy & my data'] : ['Dashboard', 'Meeting History', 'Submit Documents', 'Privacy & my data'],
      );
      portal.router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('lists the admin tools of the spec', () => {
    expect(ADMIN_TOOLS.slice(0, 4)).toEqual(['Create Accounts', 'Schedule Meetings', 'Verification', 'Coupons']);
  });

  it('shows Admin Tools with their submenus to verified admins only', async () => {
    const { user } = dashboardAs('admin');
    const menu = await sidebar();
    expect(within(menu).getByText('Admin Tools')).toBeInTheDocument();
    expect(labels(menu)).toEqual(['Dashboard', 'Meeting History', 'Submit Documents', 'Privacy & my data', ...ADMIN_TOOLS]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Verification' }));
    expect(await within(menu).findByRole('menuitem', { name: 'Pending Verifications' })).toHaveAttribute('href', '/admin/verify-documents');
    expect(within(menu).getByRole('menuitem', { name: 'Verified BH Associates' })).toHaveAttribute('href', '/admin/verified-doctors');
    await user.click(within(menu).getByRole('menuitem', { name: 'Coupons' }));
    expect(await within(menu).findByRole('menuitem', { name: 'Create Coupons' })).toHaveAttribute('href', '/admin/create-coupons');
    expect(within(menu).getByRole('menuitem', { name: 'Manage Coupons' })).toHaveAttribute('href', '/admin/all-coupons');
    expect(within(menu).getByRole('menuitem', { name: 'Create Accounts' })).toHaveAttribute('href', '/admin/register');
    expect(within(menu).getByRole('menuitem', { name: 'Schedule Meetings' })).toHaveAttribute('href', '/admin/create-meeting');
  });

  it('hides Admin Tools from an admin who is not verified', async () => {
    dashboardAs('pendingAdmin');
    const menu = await sidebar();
    expect(within(menu).queryByText('Admin Tools')).not.toBeInTheDocument();
    expect(labels(menu)).toEqual(['Dashboard', 'Meeting History', 'Submit Documents', 'Privacy & my data']);
  });

  it('opens the avatar menu with the initial, name, email and links', async () => {
    const { user } = dashboardAs('associate');
    const avatar = await screen.findByRole('button', { name: 'Profile' });
    expect(avatar).toHaveTextContent('M');
    await user.click(avatar);
    const menu = await screen.findByRole('menu', { name: '' });
    const dropdown = document.getElementById('bh-user-menu');
    expect(dropdown).not.toBeNull();
    const scope = within(dropdown as HTMLElement);
    expect(scope.getByText('Meera Rao')).toBeInTheDocument();
    expect(scope.getByText('meera@example.in')).toBeInTheDocument();
    expect(scope.getByRole('menuitem', { name: 'Meeting History' })).toHaveAttribute('href', '/meetinghistory');
    expect(scope.getByRole('menuitem', { name: 'Submit Documents' })).toHaveAttribute('href', '/details');
    expect(menu).toBeInTheDocument();
  });

  it('holds only menu items, separators and the named Admin Tools group in the avatar menu, walked by the arrow keys (issue 53)', async () => {
    const { user } = dashboardAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    const dropdown = document.getElementById('bh-user-menu');
    const menu = within(dropdown as HTMLElement).getByRole('menu');
    expect(menuStructureProblems(menu)).toEqual([]);
    expect(within(menu).getByText('Asha Iyer').closest('p')).toBeNull();
    const tools = within(menu).getByRole('group', { name: 'Admin Tools' });
    expect(within(tools).getAllByRole('menuitem').length).toBeGreaterThan(5);
    const items = within(menu).getAllByRole('menuitem');
    const lastMain = items.findIndex((item) => tools.contains(item)) - 1;
    items[lastMain]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(tools).getAllByRole('menuitem')[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  });

  it("falls back to 'U' and 'User' for an account without a name", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const nameless = addUser(db, { name: ' ', email: 'anon@example.in', role: 'user' });
    renderPortal('/dashboard', { db, signedIn: nameless });
    const avatar = await screen.findByRole('button', { name: 'Profile' });
    expect(avatar).toHaveTextContent('U');
    await user.click(avatar);
    const dropdown = await waitFor(() => {
      const element = document.getElementById('bh-user-menu');
      if (!element) throw new Error('menu not open');
      return element;
    });
    expect(within(dropdown).getByText('User')).toBeInTheDocument();
  });

  it("logs out with the server's message and goes to the login page", async () => {
    const { user, portal } = dashboardAs('client');
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('User logged out')).toBeInTheDocument();
    await waitFor(() => expect(portal.path()).toBe('/login'));
    expect(await screen.findByText('Welcome Back')).toBeInTheDocument();
    // The session is over: the dashboard, opened again, sends her to sign in.
    const again = portal.reload('/dashboard');
    expect(await screen.findByText('Welcome Back', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(again.path()).toBe('/login'));
  }, 60_000);

  it("says 'Logout failed. Please try again.' and stays when the server cannot be reached", async () => {
    const { user, portal } = dashboardAs('client');
    server.use(http.post(mockPath(api.user.logout), () => HttpResponse.error()));
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed. Please try again.')).toBeInTheDocument();
    expect(portal.path()).toBe('/dashboard');
    // Still signed in: the dashboard, loaded again, greets her.
    const again = portal.reload();
    expect(await screen.findByText(/^Hello, /, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(again.path()).toBe('/dashboard');
  }, 60_000);

  it.each([
    ['non-admins', 'associate', '/admin/all-coupons'],
    ['unverified admins', 'pendingAdmin', '/admin/register'],
  ] as const)('turns %s away from admin pages with the spec toast', async (_who, account, path) => {
    const db = testDb();
    const portal = renderPortal(path, { db, signedIn: accounts(db)[account] });
    expect(await screen.findByText('Access denied. Admin only.')).toBeInTheDocument();
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
  });

  it('sends clients away from the document form to the dashboard', async () => {
    const db = testDb();
    const { client } = accounts(db);
    const portal = renderPortal('/details', { db, signedIn: client });
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
    expect(await screen.findByText('Hello, Priya!')).toBeInTheDocument();
  });

  it('answers / and /Dashboard with the dashboard', async () => {
    const db = testDb();
    const { client } = accounts(db);
    const portal = renderPortal('/', { db, signedIn: client });
    await waitFor(() => expect(portal.path()).toBe('/dashboard'));
    portal.router.dispose();
    document.body.innerHTML = '';
    renderPortal('/Dashboard', { db, signedIn: client });
    expect(await screen.findByText('Hello, Priya!')).toBeInTheDocument();
  });

  it('has its own not-found page, and one for unknown admin pages', async () => {
    const db = testDb();
    const { admin } = accounts(db);
    const portal = renderPortal('/meetinghistory/nothing-here', { db, signedIn: admin });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    portal.router.dispose();
    document.body.innerHTML = '';
    renderPortal('/admin/nothing-here', { db, signedIn: admin });
    expect(await screen.findByText('This admin page does not exist.')).toBeInTheDocument();
  });
});

describe('the side sheet on a phone (spec §2.4, §6)', () => {
  async function openSheet(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: /open menu|close menu/i }));
    return sidebar();
  }

  it("titles the bar 'BetterHealth' and the sheet links to the public home page", async () => {
    setViewportWidth(390);
    const { user } = dashboardAs('client');
    expect(await screen.findByRole('link', { name: 'BetterHealth' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Profile' })).not.toBeInTheDocument();
    const sheet = await openSheet(user);
    // The sheet's header sits above its menu, inside the sheet (a dialog named 'Menu').
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toContainElement(sheet);
    const home = within(dialog).getAllByRole('link', { name: 'BetterHealth' });
    expect(home.some((link) => link.getAttribute('href') === '/')).toBe(true);
    expect(within(dialog).getByText('priya@example.in')).toBeInTheDocument();
  });

  it('shows every admin link to an admin who is not verified yet', async () => {
    setViewportWidth(390);
    const { user } = dashboardAs('pendingAdmin');
    const sheet = await openSheet(user);
    expect(labels(sheet)).toEqual(['Dashboard', 'Meeting History', 'Submit Documents', 'Privacy & my data', ...ADMIN_TOOLS, 'Logout']);
  });

  it('gives associates Meeting History and Submit Documents, and closes on navigation', async () => {
    setViewportWidth(390);
    const { user, portal } = dashboardAs('associate');
    const sheet = await openSheet(user);
    expect(labels(sheet)).toEqual(['Dashboard', 'Meeting History', 'My hours', 'Submit Documents', 'Privacy & my data', 'Logout']);
    await user.click(within(sheet).getByRole('menuitem', { name: 'Meeting History' }));
    await waitFor(() => expect(portal.path()).toBe('/meetinghistory'));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Submit Documents' })).not.toBeInTheDocument());
  });

  it('closes and logs out from the sheet', async () => {
    setViewportWidth(390);
    const { user, portal } = dashboardAs('client');
    const sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('User logged out')).toBeInTheDocument();
    await waitFor(() => expect(portal.path()).toBe('/login'));
  });
});

describe('navigation', () => {
  it('never reads the scroll position as the dashboard shows: the top bar stays put (react-admin patched, issue 20)', async () => {
    // react-admin's sidebar asked MUI's scroll trigger whether the bar should hide; reading the
    // scroll position laid the page out in the middle of the first commit.
    const read = vi.spyOn(window, 'pageYOffset', 'get');
    dashboardAs('client');
    await screen.findByRole('heading', { level: 1 });
    await sidebar();
    expect(read).not.toHaveBeenCalled();
  });

  it('starts every screen at its top', async () => {
    const { user } = dashboardAs('associate');
    const menu = await sidebar();
    const scrolled = vi.spyOn(window, 'scrollTo');
    await user.click(within(menu).getByRole('menuitem', { name: 'Meeting History' }));
    await screen.findByRole('heading', { name: 'Meeting History' });
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ top: 0 }));
  });
});

describe('the shell at every width (issue 13)', () => {
  it('keeps the side sheet open once it has slid in', async () => {
    setViewportWidth(390);
    const { user } = dashboardAs('associate');
    await user.click(await screen.findByRole('button', { name: /open menu/i }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    // It used to close itself about 200 ms after opening.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Submit Documents' })).toBeVisible();
  });

  it('names each screen in the browser title and moves focus to its heading after navigating', async () => {
    const { user } = dashboardAs('associate');
    await waitFor(() => expect(document.title).toBe('Dashboard · Better Health'));
    await user.click(within(await sidebar()).getByRole('menuitem', { name: 'Meeting History' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Meeting History' });
    await waitFor(() => expect(document.title).toBe('Meeting History · Better Health'));
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('disables Meeting History in the sidebar until the associate is verified, like the dashboard button', async () => {
    const { user, portal } = dashboardAs('newAssociate');
    const item = within(await sidebar()).getByRole('menuitem', { name: 'Meeting History' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).not.toHaveAttribute('href');
    expect(await screen.findByRole('button', { name: 'Meeting History' })).toBeDisabled();
    await user.click(item);
    expect(portal.path()).toBe('/dashboard');
    await user.hover(item);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Available once your documents are verified');
  });

  it("lists Admin Tools in a verified admin's avatar menu, and only there", async () => {
    const { user } = dashboardAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    const dropdown = await waitFor(() => {
      const element = document.getElementById('bh-user-menu');
      if (!element) throw new Error('menu not open');
      return element;
    });
    const scope = within(dropdown);
    expect(scope.getByText('Admin Tools')).toBeInTheDocument();
    for (const entry of adminMenu) {
      expect(scope.getByRole('menuitem', { name: i18nProvider.translate(entry.labelKey) })).toHaveAttribute('href', entry.path);
    }
  });

  it('keeps Admin Tools out of the avatar menu of an admin who is not verified', async () => {
    const { user } = dashboardAs('pendingAdmin');
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    expect(screen.queryByRole('menuitem', { name: 'Create Accounts' })).toBeNull();
    expect(screen.queryByText('Admin Tools')).toBeNull();
  });

  it('shows icons only in the collapsed rail, each with its name as a tooltip', async () => {
    const { user } = dashboardAs('admin');
    const menu = await sidebar();
    expect(within(menu).getByText('Admin Tools')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close menu/i }));
    await waitFor(() => expect(within(menu).queryByText('Admin Tools')).toBeNull());
    const verification = within(menu).getByRole('menuitem', { name: 'Verification' });
    // No label text left to wrap or stick out of the rail: the name lives in the tooltip.
    expect(verification.textContent).toBe('');
    expect(within(menu).getByRole('menuitem', { name: 'Coupons' }).textContent).toBe('');
    await user.hover(verification);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Verification');
  });
});

describe('meeting lists on a phone (issue 13)', () => {
  it('shows the sessions as cards, every column a labelled line, instead of a squeezed table', async () => {
    setViewportWidth(390);
    const db = testDb();
    const { client, associate } = accounts(db);
    addMeeting(db, { client, associate, startsAt: new Date(Date.now() + 3 * 86_400_000) });
    renderPortal('/dashboard', { db, signedIn: associate });
    const cards = await screen.findByRole('list', { name: 'Upcoming Sessions' });
    expect(screen.queryByRole('table')).toBeNull();
    const terms = within(cards).getAllByRole('term').map((t) => t.textContent);
    // Issue 18: the upcoming row offers the booking changes the policy allows.
    expect(terms).toEqual(['Date', 'Time', 'Client', 'Join', 'Booking', 'Report']);
    expect(within(cards).getByText('Priya Nair')).toBeInTheDocument();
  });

  it('keeps the table where there is room', async () => {
    setViewportWidth(1280);
    const db = testDb();
    const { client, associate } = accounts(db);
    addMeeting(db, { client, associate, startsAt: new Date(Date.now() + 3 * 86_400_000) });
    renderPortal('/dashboard', { db, signedIn: associate });
    expect(await screen.findByRole('table', { name: 'Upcoming Sessions' })).toBeInTheDocument();
  });
});
