import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MEETING_MESSAGES } from '@bh/shared';
import { server } from '../test/server.ts';
import { addMeeting, addUser } from '../mocks/db.ts';
import { formatMeetingDate } from './meetingTime.ts';
import { adminWorld, findHeading, renderPortal, type RenderedPortal } from '../test/render.tsx';
import { api } from '@bh/shared/contract';
import { mockPath } from '../mocks/contract.ts';

const DAY = 86_400_000;

/** `count` meetings a day apart, the first tomorrow; every third with Rahul, the rest with Priya. */
function world(count: number) {
  const w = adminWorld();
  const priya = addUser(w.db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  const rahul = addUser(w.db, { name: 'Rahul Verma', email: 'rahul@example.in', role: 'user' });
  const meera = addUser(w.db, { name: 'Dr. Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const base = Math.floor((Date.now() + DAY) / 60_000) * 60_000;
  const meetings = Array.from({ length: count }, (_, i) =>
    addMeeting(w.db, { client: i % 3 === 0 ? rahul : priya, associate: meera, startsAt: new Date(base + i * DAY) }),
  );
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(mockPath(api.admin.meetings), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
    }),
  );
  return { ...w, meetings, queries };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** The grid loaded again, once it shows `count` meetings. */
async function reopened(page: RenderedPortal, count: number) {
  page.reload();
  await findHeading('All Meetings');
  // The grid draws empty placeholder rows until its page has come.
  await waitFor(() => {
    expect(rows()).toHaveLength(count);
    expect(within(rows()[0]!).getAllByRole('cell')[0]?.textContent).not.toBe('');
  }, { timeout: 10_000 });
}

async function open() {
  const page = renderPortal('/admin/grids/meetings');
  await findHeading('All Meetings');
  await screen.findByRole('table');
  return page;
}

describe('All Meetings grid (/admin/grids/meetings)', () => {
  it('lists every meeting newest first, 25 to a page, from the admin resource', async () => {
    const { meetings, queries } = world(30);
    const user = userEvent.setup();
    await open();
    await waitFor(() => expect(rows()).toHaveLength(25));
    const newest = meetings.at(-1)!;
    expect(within(rows()[0]!).getByText(`${formatMeetingDate(newest.meetingDate)} · ${newest.meetingTime}`)).toBeTruthy();
    expect(within(rows()[0]!).getByText('priya@example.in')).toBeTruthy();
    expect(within(rows()[0]!).getAllByText('Not joined')).toHaveLength(2);
    expect(within(rows()[0]!).getByText('None yet')).toBeTruthy();
    expect(queries[0]?.get('sort')).toBe('["startsAt","DESC"]');
    expect(queries[0]?.get('range')).toBe('[0,24]');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(queries.at(-1)?.get('range')).toBe('[25,49]');
  });

  it('sorts by a column the API can sort by', async () => {
    const { queries } = world(4);
    const user = userEvent.setup();
    await open();
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Client' }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('["clientId","ASC"]'));
    await waitFor(() => expect(within(rows()[0]!).getByText('priya@example.in')).toBeTruthy());
    expect(within(rows()[3]!).getByText('rahul@example.in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^User joined/i })).toBeNull();
  });

  it('filters with the search box', async () => {
    const { queries } = world(6);
    const user = userEvent.setup();
    await open();
    await waitFor(() => expect(rows()).toHaveLength(6));
    // The search box has a name of its own, not only a placeholder (issue 13).
    await user.type(screen.getByRole('textbox', { name: 'Search meetings' }), 'rahul');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(JSON.parse(queries.at(-1)?.get('filter') ?? '{}')).toEqual({ q: 'rahul' });
  });

  it('deletes a meeting after confirmation', async () => {
    const { meetings } = world(2);
    const user = userEvent.setup();
    const page = await open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const target = meetings[1]!;
    await user.click(within(rows()[0]!).getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Delete the meeting of ${formatMeetingDate(target.meetingDate)} at ${target.meetingTime}? This cannot be undone.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText(MEETING_MESSAGES.deleted)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    // Loaded again: only the other meeting is left.
    await reopened(page, 1);
    expect(within(rows()[0]!).getByText(`${formatMeetingDate(meetings[0]!.meetingDate)} · ${meetings[0]!.meetingTime}`)).toBeTruthy();
  }, 60_000);

  it("says 'Failed to delete meeting.' when the deletion fails", async () => {
    const { db } = world(1);
    db.failures[api.admin.deleteMeeting.operationId] = 500;
    const user = userEvent.setup();
    const page = await open();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]!).getByRole('button', { name: /delete/i }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText(MEETING_MESSAGES.deleteFailed)).toBeTruthy();
    // Loaded again: the meeting is still there.
    await reopened(page, 1);
  }, 60_000);
});
