import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { memoryStore } from 'react-admin';
import type { PublicUser } from '@bh/shared';
import { App, createPortalProviders } from './App.tsx';
import { FIRST_DATA_WAIT_MS, readyForFirstRender, SIGN_IN_CHECK_WAIT_MS } from './firstData.ts';
import { addMeeting, addUser } from './mocks/db.ts';
import type { PortalAuthProvider } from './providers/authProvider.ts';
import { loadDashboard, loadLayout, loadNoticeGate } from './signedInScreens.ts';
import { serveMockApi, testDb } from './test/render.tsx';

/** How often the shell's top bar has been drawn: each drawing of the shell draws it. */
const shellDrawn = vi.hoisted(() => ({ times: 0 }));
vi.mock('./layout/AppBar.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./layout/AppBar.tsx')>();
  return {
    ...real,
    AppBar: () => {
      shellDrawn.times += 1;
      return real.AppBar();
    },
  };
});

afterEach(() => {
  vi.useRealTimers();
});

/** The portal with these providers, opened at `path`. */
function portalAt(portal: ReturnType<typeof createPortalProviders>, path: string) {
  const app = <App authProvider={portal.authProvider} dataProvider={portal.dataProvider} queryClient={portal.queryClient} store={memoryStore()} />;
  return <RouterProvider router={createMemoryRouter([{ path: '*', element: app }], { initialEntries: [path] })} />;
}

/** What the portal's first render pass alone draws at `path` (server rendering runs no effects and waits for nothing). */
function firstPass(portal: ReturnType<typeof createPortalProviders>, path: string): string {
  return renderToString(portalAt(portal, path));
}

/** Priya, signed in, with a session with Meera in three hours, on the mock API. */
function signedInClientWithAMeeting(): void {
  const db = testDb();
  const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() + 3 * 3_600_000) });
  db.sessionUserId = priya._id;
  serveMockApi(db);
}

/** Priya's portal on /dashboard once the person and the first data are known, as start.tsx has it before its first render. */
async function readyDashboard(): Promise<ReturnType<typeof createPortalProviders>> {
  signedInClientWithAMeeting();
  const portal = createPortalProviders(() => '/dashboard');
  await readyForFirstRender(portal.authProvider, portal.firstData, '/dashboard');
  return portal;
}

describe('the first render of a page opened behind the login (issue 20)', () => {
  it('draws the shell and the dashboard with its data in the first, sliced render, once the person and the data are known', async () => {
    signedInClientWithAMeeting();
    // As on /dashboard, the screens' modules arrive beside the entry (the page names them).
    await Promise.all([loadLayout(), loadNoticeGate(), loadDashboard()]);

    // Drawn at once, the portal draws its loading page: react-admin has not heard who is signed in.
    const early = firstPass(createPortalProviders(() => '/dashboard'), '/dashboard');
    expect(early).not.toContain('Upcoming Sessions');

    const portal = createPortalProviders(() => '/dashboard');
    await readyForFirstRender(portal.authProvider, portal.firstData, '/dashboard');
    const html = firstPass(portal, '/dashboard');
    // The dashboard and its next meeting…
    expect(html).toContain('Hello, Priya!');
    expect(html).toContain('with Meera Rao');
    // (the tables below it come in the renders after this one: components/Later.tsx)
    expect(html).not.toContain('Upcoming Sessions');
    // …inside the shell, whose menu follows what the person may open (react-admin's permissions).
    expect(html).toContain('Privacy &amp; my data');
  });
});

describe('after the first render of a page opened behind the login', () => {
  it('does not ask react-admin’s sign-in check again as the shell and the dashboard mount, which would draw them twice more (issue 20)', async () => {
    const portal = await readyDashboard();
    const checks = vi.spyOn(portal.authProvider, 'checkAuth');

    render(portalAt(portal, '/dashboard'));
    expect(await screen.findByRole('table', { name: 'Upcoming Sessions' })).toBeInTheDocument();
    expect(screen.getByText('with Meera Rao')).toBeInTheDocument();
    expect(checks).not.toHaveBeenCalled();
  });

  it('draws the shell once as it mounts: react-admin’s router keeps the routes it started with instead of an equal copy that redrew everything (issue 20)', async () => {
    const portal = await readyDashboard();
    shellDrawn.times = 0;

    render(portalAt(portal, '/dashboard'));
    expect(await screen.findByRole('table', { name: 'Upcoming Sessions' })).toBeInTheDocument();
    // A moment for whatever the mount's effects would ask for (the copy came from one).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shellDrawn.times).toBe(1);
  });
});

function fakeAuth(currentUser: () => Promise<PublicUser | null>) {
  const check = vi.fn(currentUser);
  return { provider: { currentUser: check } as unknown as PortalAuthProvider, check };
}

const someone = { _id: 'u1', name: 'Priya Nair', email: 'priya@example.in', role: 'user', isVerified: 'verified' } as PublicUser;

describe('what the first render waits for', () => {
  it('on the sign-in pages, nothing: not even the sign-in check', async () => {
    const { provider, check } = fakeAuth(() => new Promise(() => {}));
    await readyForFirstRender(provider, () => new Promise(() => {}), '/login');
    expect(check).not.toHaveBeenCalled();
  });

  it('without a session, the check only: no data is waited for', async () => {
    const { provider } = fakeAuth(async () => null);
    await readyForFirstRender(provider, () => new Promise(() => {}), '/dashboard');
  });

  it('with a session, the data as long as it takes within its wait, and no longer', async () => {
    vi.useFakeTimers();
    const { provider } = fakeAuth(async () => someone);
    let done = false;
    void readyForFirstRender(provider, () => new Promise(() => {}), '/dashboard').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    let arrive: () => void = () => {};
    done = false;
    void readyForFirstRender(provider, () => new Promise<void>((resolve) => (arrive = resolve)), '/dashboard').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('a sign-in check that hangs holds the portal back no longer than its wait, and one that fails not at all', async () => {
    vi.useFakeTimers();
    let done = false;
    void readyForFirstRender(fakeAuth(() => new Promise(() => {})).provider, () => Promise.resolve(), '/meetinghistory').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(SIGN_IN_CHECK_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    vi.useRealTimers();
    await readyForFirstRender(fakeAuth(() => Promise.reject(new Error('offline'))).provider, () => new Promise(() => {}), '/dashboard');
  });
});
