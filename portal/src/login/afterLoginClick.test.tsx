import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, createApiClient } from '@bh/shared/contract';
import { addMeeting, addUser, MOCK_PASSWORD, type MockDb } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { server } from '../test/server.ts';

/**
 * The dashboard's module, held back until a test lets it arrive: a phone on which the screen's
 * code comes later than the login's answer. (Imported once per file: the first test to load it
 * decides.)
 */
const dashboardModule = vi.hoisted(() => {
  let arrive: () => void = () => {};
  const here = new Promise<void>((resolve) => (arrive = resolve));
  return { here, arrive: () => arrive(), arrived: false };
});
vi.mock('../dashboard/Dashboard.tsx', async (importOriginal) => {
  await dashboardModule.here;
  const module = await importOriginal<typeof import('../dashboard/Dashboard.tsx')>();
  dashboardModule.arrived = true;
  return module;
});

const urls = createApiClient();
const LOGIN = urls.url(api.user.login);
const MEETINGS = urls.url(api.meeting.list);
const SERVICES = urls.url(api.payments.services);
const NOTICE = urls.url(api.privacy.notice);

/** Each API call's path as it starts, and whether the dashboard's module had arrived by then. */
function recordCalls() {
  const calls: { path: string; dashboardHere: boolean }[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push({ path: new URL(request.url).pathname, dashboardHere: dashboardModule.arrived });
  });
  return { calls, count: (path: string) => calls.filter((c) => c.path === path).length };
}

function priyaWithAMeeting(db: MockDb) {
  const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user', password: MOCK_PASSWORD });
  addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() + 3 * 3_600_000) });
}

async function signIn(): Promise<void> {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Better Health ID/), 'priya@example.in');
  await user.type(screen.getByLabelText(/^Password/), MOCK_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  server.events.removeAllListeners();
});

describe('after the Login click (issue 52)', () => {
  it("asks for the dashboard's data before the dashboard's code has arrived, and the dashboard then shows it without asking again", async () => {
    const db = testDb();
    priyaWithAMeeting(db);
    const record = recordCalls();
    const portal = renderPortal('/login', { db });
    await signIn();
    // The login has answered and the portal is on its way to the dashboard, whose module is held back.
    await waitFor(() => expect(record.count(SERVICES)).toBe(1));
    expect(record.count(LOGIN)).toBe(1);
    expect(record.calls.filter((c) => [MEETINGS, SERVICES, NOTICE].includes(c.path)).map((c) => [c.path, c.dashboardHere])).toEqual(
      expect.arrayContaining([
        [NOTICE, false],
        [MEETINGS, false],
        [SERVICES, false],
      ]),
    );
    expect(dashboardModule.arrived).toBe(false);
    expect(screen.queryByText('Hello, Priya!')).not.toBeInTheDocument();

    dashboardModule.arrive();
    expect(await screen.findByRole('table', { name: 'Upcoming Sessions' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(portal.path()).toBe('/dashboard');
    expect(screen.getByText('Hello, Priya!')).toBeInTheDocument();
    // Served from the cache the login's answer filled: each call once.
    expect([record.count(NOTICE), record.count(MEETINGS), record.count(SERVICES)]).toEqual([1, 1, 1]);
    expect(screen.getByText('Login Success')).toBeInTheDocument();
  });

  it('shows the upcoming sessions in the same commit as the next meeting: no render of their own after it', async () => {
    dashboardModule.arrive();
    const db = testDb();
    priyaWithAMeeting(db);
    renderPortal('/login', { db });
    await signIn();
    // Found as soon as the DOM has it, in the commit that brought it.
    await screen.findByRole('region', { name: 'Next Meeting' }, { timeout: 10_000 });
    expect(screen.getByRole('table', { name: 'Upcoming Sessions' })).toBeInTheDocument();
  });
});
