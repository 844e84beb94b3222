import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { api, createApiClient } from '@bh/shared/contract';
import { addMeeting, addUser, type MockDb } from './mocks/db.ts';
import { mockPath } from './mocks/contract.ts';
import { findHeading, renderPortal, serveMockApi, testDb } from './test/render.tsx';
import { server } from './test/server.ts';

const urls = createApiClient();
const PROFILE = urls.url(api.user.profile);
const NOTICE = urls.url(api.privacy.notice);
const MEETINGS = urls.url(api.meeting.list);
const SERVICES = urls.url(api.payments.services);

/**
 * Every API call this render starts, in order, and whether the notice's answer had come back by
 * then (answers to calls an earlier test left running are not this render's).
 */
function recordCalls() {
  const calls: { path: string; noticeAnswered: boolean }[] = [];
  const ours = new Set<string>();
  let noticeAnswered = false;
  server.events.on('request:start', ({ request, requestId }) => {
    ours.add(requestId);
    calls.push({ path: new URL(request.url).pathname, noticeAnswered });
  });
  server.events.on('response:mocked', ({ request, requestId }) => {
    if (ours.has(requestId) && new URL(request.url).pathname === NOTICE) noticeAnswered = true;
  });
  return {
    calls,
    count: (path: string) => calls.filter((c) => c.path === path).length,
    startedBeforeNotice: (path: string) => calls.find((c) => c.path === path)?.noticeAnswered === false,
  };
}

/** The mock API for `db`, whose notice status answers late (a slow phone network) and then as usual. */
function slowNotice(db: MockDb, ms = 400) {
  serveMockApi(db);
  server.use(
    http.get(mockPath(api.privacy.notice), async () => {
      await delay(ms);
      return undefined;
    }),
  );
}

function people(db: MockDb) {
  const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user', password: 'Secret-Pass-1' });
  addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() + 3 * 3_600_000) });
  return { meera, priya };
}

afterEach(() => {
  server.events.removeAllListeners();
});

describe("the first screen's data", () => {
  it('on a dashboard opened with a session, asks for the notice, the meetings and the services together, once each', async () => {
    const db = testDb();
    const { priya } = people(db);
    slowNotice(db);
    const record = recordCalls();
    renderPortal('/dashboard', { db, signedIn: priya });
    expect(await screen.findByRole('table', { name: 'Upcoming Sessions' })).toBeInTheDocument();
    // Not one after the other: the meetings and services were asked for while the notice's status was still on its way.
    expect(record.startedBeforeNotice(MEETINGS)).toBe(true);
    expect(record.startedBeforeNotice(SERVICES)).toBe(true);
    expect([record.count(PROFILE), record.count(NOTICE), record.count(MEETINGS), record.count(SERVICES)]).toEqual([1, 1, 1, 1]);
  });

  it('after the Login click, asks for the dashboard’s data with the answer to the login, once each', async () => {
    const db = testDb();
    people(db);
    slowNotice(db);
    const record = recordCalls();
    renderPortal('/login', { db });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Better Health ID/), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('table', { name: 'Upcoming Sessions' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(record.startedBeforeNotice(MEETINGS)).toBe(true);
    expect([record.count(NOTICE), record.count(MEETINGS), record.count(SERVICES)]).toEqual([1, 1, 1]);
  });

  it("asks only for what the page shows: an associate's dashboard has no services, another page no meetings", async () => {
    const db = testDb();
    const { meera, priya } = people(db);
    slowNotice(db);
    let record = recordCalls();
    renderPortal('/dashboard', { db, signedIn: meera });
    await screen.findByRole('table', { name: 'Upcoming Sessions' });
    expect(record.startedBeforeNotice(MEETINGS)).toBe(true);
    expect([record.count(NOTICE), record.count(MEETINGS), record.count(SERVICES)]).toEqual([1, 1, 0]);

    server.events.removeAllListeners();
    record = recordCalls();
    renderPortal('/privacy', { db, signedIn: priya });
    await findHeading(/privacy/i);
    expect(record.count(NOTICE)).toBe(1);
    expect([record.count(MEETINGS), record.count(SERVICES)]).toEqual([0, 0]);
  });
});
