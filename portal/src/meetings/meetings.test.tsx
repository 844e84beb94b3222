import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatIst, MEETING_MESSAGES } from '@bh/shared';
import { addMeeting, addUser, type MockDb } from '../mocks/db.ts';
import { renderPortal, testDb } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { http, HttpResponse } from 'msw';
import { mockPath } from '../mocks/contract.ts';
import { server } from '../test/server.ts';

const NOW = new Date('2026-03-10T04:30:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

function world(db: MockDb) {
  const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  const rahul = addUser(db, { name: 'Rahul Verma', email: 'rahul@example.in', role: 'user' });
  const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const arjun = addUser(db, { name: 'Arjun Pillai', email: 'arjun@example.in', role: 'doctor', isVerified: 'verified' });
  const asha = addUser(db, { name: 'Asha Iyer', email: 'asha@example.in', role: 'admin', isVerified: 'verified' });
  const vikram = addUser(db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor' });
  // Priya: one running now, one tomorrow, two past (one with a report); Rahul sees Arjun.
  const running = addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-20), userJoinedAt: minutes(-19) });
  addMeeting(db, { client: priya, associate: meera, startsAt: minutes(60 * 24) });
  addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-60 * 24 * 2), reportLink: 'https://forms.example.com/r/9' });
  addMeeting(db, { client: priya, associate: arjun, startsAt: minutes(-60 * 24 * 5) });
  addMeeting(db, { client: rahul, associate: arjun, startsAt: minutes(60) });
  return { priya, rahul, meera, arjun, asha, vikram, running };
}

function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

describe('meeting history (/meetinghistory)', () => {
  it('lists an associate’s sessions newest first, without join times', async () => {
    freezeClock();
    const db = testDb();
    const { meera } = world(db);
    renderPortal('/meetinghistory', { db, signedIn: meera });
    const table = await screen.findByRole('table', { name: 'Meeting History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Wed, 11 Mar, 2026',
      'Tue, 10 Mar, 2026',
      'Sun, 8 Mar, 2026',
    ]);
    expect(within(table).queryByText('User Joined')).not.toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Meeting Ended')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'View Report' })).toHaveAttribute('href', 'https://forms.example.com/r/9');
    expect(within(rows[1] as HTMLElement).getByText('Join Now!')).toBeInTheDocument();
  });

  it('adds both participants and the join times for admins', async () => {
    freezeClock();
    const db = testDb();
    const { asha } = world(db);
    renderPortal('/meetinghistory', { db, signedIn: asha });
    const table = await screen.findByRole('table', { name: 'Meeting History' });
    expect(within(table).getByText('User Joined')).toBeInTheDocument();
    expect(within(table).getByText('Associate Joined')).toBeInTheDocument();
    expect(within(table).getByText(formatIst(minutes(-19)))).toBeInTheDocument();
    expect(within(table).getAllByText('arjun@example.in').length).toBeGreaterThan(0);
  });

  it("shows 'Access Denied' to clients", async () => {
    const db = testDb();
    const { priya } = world(db);
    renderPortal('/meetinghistory', { db, signedIn: priya });
    expect(await screen.findByText("Access Denied - You don't have permission to view this page.")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an unverified associate the locked state instead', async () => {
    const db = testDb();
    const { vikram } = world(db);
    renderPortal('/meetinghistory', { db, signedIn: vikram });
    expect(await screen.findByText('Your dashboard is LOCKED')).toBeInTheDocument();
  });
});

describe('the meetings lookup (spec §2.8)', () => {
  async function search(email: string, user: ReturnType<typeof userEvent.setup>) {
    const box = await screen.findByPlaceholderText('Enter user email');
    await user.clear(box);
    if (email) await user.type(box, email);
    await user.click(screen.getByRole('button', { name: 'Search Meetings' }));
  }

  it("needs an input: 'Please enter a user ID'", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { asha } = world(db);
    renderPortal('/meetings', { db, signedIn: asha });
    await search('', user);
    // Said in the toast and beside the field.
    await waitFor(() => expect(screen.getAllByText('Please enter a user ID')).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('ties the problem to the field (invalid, described) and moves the focus there (issue 53)', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { asha } = world(db);
    renderPortal('/meetings', { db, signedIn: asha });
    const box = await screen.findByRole('textbox', { name: 'Enter user email' });
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Search Meetings' }));
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please enter a user ID');

    await user.type(box, 'priya');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveAccessibleDescription(MEETING_MESSAGES.invalidEmail));
    expect(box).toHaveFocus();
  });

  it("puts the server's refusal beside the field too, with the focus (issue 53)", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { asha } = world(db);
    db.failures[api.meeting.lookup.operationId] = 503;
    renderPortal('/meetings', { db, signedIn: asha });
    const box = await screen.findByRole('textbox', { name: 'Enter user email' });
    await user.type(box, 'priya@example.in');
    await user.click(screen.getByRole('button', { name: 'Search Meetings' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription('The service is temporarily unavailable. Please try again shortly.'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
  });

  it('says an input that is not an email is invalid, without searching', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { asha } = world(db);
    let lookups = 0;
    server.use(
      http.post(mockPath(api.meeting.lookup), () => {
        lookups += 1;
        return HttpResponse.json({ success: false, message: 'not expected' }, { status: 400 });
      }),
    );
    renderPortal('/meetings', { db, signedIn: asha });
    await search('priya', user);
    await waitFor(() => expect(screen.getAllByText(MEETING_MESSAGES.invalidEmail)).toHaveLength(2));
    expect(lookups).toBe(0);
  });

  it('finds a user’s meetings, shows the running one as Join now!, and the past with reports and join times', async () => {
    freezeClock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const db = testDb();
    const { asha } = world(db);
    renderPortal('/meetings', { db, signedIn: asha });
    await search('Priya@Example.in', user);
    expect(await screen.findByText('Found 4 meetings for user: Priya@Example.in')).toBeInTheDocument();

    const upcoming = screen.getByRole('table', { name: 'Upcoming Meetings' });
    const header = within(upcoming).getAllByRole('columnheader').map((c) => c.textContent);
    expect(header).toEqual(['Meeting Date', 'Meeting Time', 'Meeting Day', 'Doctor Email', 'User Joined', 'Doctor Joined']);
    const rows = within(upcoming).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Join now!')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText(formatIst(minutes(-19)))).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('10:00 AM')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Wednesday')).toBeInTheDocument();

    const past = screen.getByRole('list', { name: 'Past Meetings' });
    const items = within(past).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Meeting Ended')).toBeInTheDocument();
    // The email may wrap after '@' and before dots, so its text spans several nodes.
    expect(within(items[0] as HTMLElement).getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Doctor: Meera Rao (meera@example.in)')).toBeInTheDocument();
    // The day is named once: 'Sunday, 22 Nov, 2026 · 03:30 PM', never 'Sunday, Sun, 22 Nov, 2026'.
    const when = within(items[0] as HTMLElement).getByText(/ · \d{2}:\d{2} [AP]M$/).textContent ?? '';
    expect(when).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} [A-Z][a-z]{2},? \d{4} · /);
    expect(when.match(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/g)).toHaveLength(1);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'View Report' })).toHaveAttribute('href', 'https://forms.example.com/r/9');
    expect(within(items[1] as HTMLElement).queryByRole('link', { name: 'View Report' })).not.toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/User Joined/)).toBeInTheDocument();
  });

  it("hides join times from associates and searches with Enter", async () => {
    freezeClock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const db = testDb();
    const { arjun } = world(db);
    renderPortal('/meetings', { db, signedIn: arjun });
    const box = await screen.findByPlaceholderText('Enter user email');
    await user.type(box, 'rahul@example.in{Enter}');
    expect(await screen.findByText('Found 1 meetings for user: rahul@example.in')).toBeInTheDocument();
    const upcoming = screen.getByRole('table', { name: 'Upcoming Meetings' });
    expect(within(upcoming).queryByText('User Joined')).not.toBeInTheDocument();
    expect(within(upcoming).getByText('arjun@example.in')).toBeInTheDocument();
  });

  it("says 'No meetings found for user: …' for someone without meetings", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { meera } = world(db);
    renderPortal('/meetings', { db, signedIn: meera });
    await search('rahul@example.in', user);
    expect(await screen.findByText('No meetings found for user: rahul@example.in')).toBeInTheDocument();
  });

  it("shows the server's message when the lookup fails", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { asha } = world(db);
    db.failures[api.meeting.lookup.operationId] = 503;
    renderPortal('/meetings', { db, signedIn: asha });
    await search('priya@example.in', user);
    await waitFor(() => expect(screen.getAllByText('The service is temporarily unavailable. Please try again shortly.')).toHaveLength(2));
  });

  it("shows 'Access Denied' to clients", async () => {
    const db = testDb();
    const { priya } = world(db);
    renderPortal('/meetings', { db, signedIn: priya });
    expect(await screen.findByText("Access Denied - You don't have permission to view this page.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByPlaceholderText('Enter user email')).not.toBeInTheDocument());
  });
});
