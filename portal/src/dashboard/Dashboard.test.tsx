import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatIst } from '@bh/shared';
import { addMeeting, addUser, type MockDb, type MockUser } from '../mocks/db.ts';
import { renderPortal, testDb, type RenderedPortal } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { stubTabs } from '../test/tabs.ts';
import { QUOTE_KEYS } from './quotes.ts';
import { menuStructureProblems } from '../test/menuStructure.ts';
import { portalMessages } from '../i18n/en.ts';
import { mockPath } from '../mocks/contract.ts';
import { createApiClient, api } from '@bh/shared/contract';

/** 10:00 in India on a Tuesday; every meeting below is placed relative to it. */
const NOW = new Date('2026-03-10T04:30:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

function freezeClock(at: Date = NOW) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

/** Lets React finish the renders it has left (the dashboard draws its tables after the rest). */
async function everythingDrawn(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function people(db: MockDb) {
  return {
    priya: addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' }),
    rahul: addUser(db, { name: 'Rahul Verma', email: 'rahul@example.in', role: 'user' }),
    meera: addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' }),
    asha: addUser(db, { name: 'Asha Iyer', email: 'asha@example.in', role: 'admin', isVerified: 'verified' }),
  };
}

function quoteTexts(): string[] {
  return QUOTE_KEYS.map((key) => {
    const leaf = key.slice('bh.quotes.'.length);
    return Object.entries(portalMessages.quotes).find(([name]) => name === leaf)?.[1] ?? '';
  });
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('the client dashboard', () => {
  it('greets by first name with the email, a quote and today’s date', async () => {
    freezeClock();
    const db = testDb();
    const { priya } = people(db);
    renderPortal('/dashboard', { db, signedIn: priya });
    expect(await screen.findByText('Hello, Priya!')).toBeInTheDocument();
    expect(screen.getByText('priya@example.in')).toBeInTheDocument();
    expect(quoteTexts()).toContain(screen.getByTestId('dashboard-quote').textContent);
    expect(quoteTexts().filter(Boolean)).toHaveLength(10);
    expect(screen.getByText('Today is Tuesday, 10 March 2026')).toBeInTheDocument();
  });

  it("falls back to 'User' when the account has no name", async () => {
    freezeClock();
    const db = testDb();
    const nameless = addUser(db, { name: '   ', email: 'anon@example.in', role: 'user' });
    renderPortal('/dashboard', { db, signedIn: nameless });
    expect(await screen.findByText('Hello, User!')).toBeInTheDocument();
  });

  it('shows the next meeting, the upcoming table with the associate, and no past sessions', async () => {
    freezeClock();
    const db = testDb();
    const { priya, rahul, meera } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(60 * 26) });
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(30) });
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-60 * 24) });
    addMeeting(db, { client: rahul, associate: meera, startsAt: minutes(10) });
    renderPortal('/dashboard', { db, signedIn: priya });

    const next = await screen.findByRole('region', { name: 'Next Meeting' });
    expect(within(next).getByText('Tue, 10 Mar, 2026 · 10:30 AM')).toBeInTheDocument();
    expect(within(next).getByText('with Meera Rao')).toBeInTheDocument();
    expect(within(next).getByTestId('countdown-minutes')).toHaveTextContent('30');

    // The tables come in the renders after the one that draws the next meeting (components/Later.tsx).
    const upcoming = await screen.findByRole('table', { name: 'Upcoming Sessions' });
    const rows = within(upcoming).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['10:30 AM', '12:00 PM']);
    expect(within(upcoming).getAllByText('Meera Rao')).toHaveLength(2);
    expect(within(upcoming).queryByText('Rahul Verma')).not.toBeInTheDocument();
    expect(within(upcoming).queryByText('User Joined')).not.toBeInTheDocument();
    await everythingDrawn();
    expect(screen.queryByRole('region', { name: 'Past Sessions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('keeps its headings in order, the next meeting card and the menu adding none of their own (Lighthouse heading-order)', async () => {
    freezeClock();
    const db = testDb();
    const { priya, meera } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-10) });
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(60 * 26) });
    renderPortal('/dashboard', { db, signedIn: priya });
    await screen.findByRole('table', { name: 'Upcoming Sessions' });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i + 1} of ${levels.join(',')}`).toBeLessThanOrEqual(1));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Next Meeting' })).queryAllByRole('heading')).toEqual([]);
  });

  it("shows 'All Caught Up!' with nothing ahead", async () => {
    freezeClock();
    const db = testDb();
    const { priya, meera } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-60 * 3) });
    renderPortal('/dashboard', { db, signedIn: priya });
    expect(await screen.findByText('All Caught Up!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Next Meeting' })).not.toBeInTheDocument();
  });

  it('books more sessions: services and plans, then the payment link in a new tab', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya } = people(db);
    const { tab, open } = stubTabs();
    renderPortal('/dashboard', { db, signedIn: priya });
    await user.click(await screen.findByRole('button', { name: 'Book More Sessions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Mental Health Counselling')).toBeInTheDocument();
    expect(within(menu).getByText('Cosmetologist Consultancy')).toBeInTheDocument();
    expect(within(menu).getByText('₹3,000')).toBeInTheDocument();
    await user.click(within(menu).getByText('3-Session Pack'));
    await waitFor(() => expect(tab.location.href).toBe(db.paymentLinks.mentalHealthCounselling.bundle));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('groups the plans under each service’s name, a menu holding only items and named groups, walked by the arrow keys (issue 53)', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya } = people(db);
    stubTabs();
    renderPortal('/dashboard', { db, signedIn: priya });
    const button = await screen.findByRole('button', { name: 'Book More Sessions' });
    await waitFor(() => expect(button.querySelector('[role="progressbar"]')).toBeNull());
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('menu');
    expect(menuStructureProblems(menu)).toEqual([]);
    const mental = within(menu).getByRole('group', { name: 'Mental Health Counselling' });
    const cosmetic = within(menu).getByRole('group', { name: 'Cosmetologist Consultancy' });
    expect(within(mental).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Single Session'), expect.stringContaining('3-Session Pack')]);
    expect(within(cosmetic).getAllByRole('menuitem')).toHaveLength(2);
    // The first plan has the focus; the arrows go from one group into the next.
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(items[2]).toHaveFocus();
    expect(within(cosmetic).getAllByRole('menuitem')[0]).toBe(items[2]);
    await user.keyboard('{ArrowUp}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Mental Health Counselling' })).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("says 'Failed to get payment link' and closes the tab when no link comes back", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya } = people(db);
    db.failures[api.payments.defaultLink.operationId] = 404;
    const { tab, close } = stubTabs();
    renderPortal('/dashboard', { db, signedIn: priya });
    await user.click(await screen.findByRole('button', { name: 'Book More Sessions' }));
    await user.click(within(await screen.findByRole('menu')).getByText('Single Consultation'));
    expect(await screen.findByText('Failed to get payment link')).toBeInTheDocument();
    expect(close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it("says 'Failed to load services' and lists 'No services available' when the catalogue fails", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya } = people(db);
    db.failures[api.payments.services.operationId] = 503;
    renderPortal('/dashboard', { db, signedIn: priya });
    expect(await screen.findByText('Failed to load services')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book More Sessions' }));
    expect(within(await screen.findByRole('menu')).getByText('No services available')).toBeInTheDocument();
  });
});

describe('the associate dashboard', () => {
  it('shows clients, numbers past sessions in reverse, and offers reports', async () => {
    freezeClock();
    const db = testDb();
    const { priya, rahul, meera } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(120) });
    addMeeting(db, { client: rahul, associate: meera, startsAt: minutes(-60 * 24 * 7), reportLink: 'https://forms.example.com/r/1' });
    addMeeting(db, { client: priya, associate: meera, startsAt: minutes(-60 * 24 * 2) });
    addMeeting(db, { client: rahul, associate: meera, startsAt: minutes(-60 * 24), reportLink: '   ' });
    renderPortal('/dashboard', { db, signedIn: meera });

    expect(await screen.findByText('Hello, Meera!')).toBeInTheDocument();
    // The greeting shows before the meetings have loaded (the privacy notice gate reads its status first).
    const upcoming = await screen.findByRole('table', { name: 'Upcoming Sessions' });
    expect(within(upcoming).getByText('Priya Nair')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meeting History' })).toHaveAttribute('href', '/meetinghistory');

    const past = await screen.findByRole('table', { name: 'Past Sessions' });
    const rows = within(past).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['3', '2', '1']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Mon, 9 Mar, 2026',
      'Sun, 8 Mar, 2026',
      'Tue, 3 Mar, 2026',
    ]);
    // A blank report link is no report: the associate can still submit one.
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Submit Report' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Submit Report' })).toBeInTheDocument();
    const view = within(rows[2] as HTMLElement).getByRole('link', { name: 'View Report' });
    expect(view).toHaveAttribute('href', 'https://forms.example.com/r/1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('User Joined')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("opens the meeting's report form with Submit Report, and saves the finished report's link", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera } = people(db);
    const meeting = addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() - 3 * 3600_000) });
    const { open } = stubTabs();
    const page = renderPortal('/dashboard', { db, signedIn: meera });
    const past = await screen.findByRole('table', { name: 'Past Sessions' });

    await user.click(within(past).getByRole('button', { name: 'Submit Report' }));
    expect(open).toHaveBeenCalledWith(meeting.formLink, '_blank', 'noopener,noreferrer');

    await user.click(within(past).getByRole('button', { name: 'Add Report Link' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Report link is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Report link/), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Report link/));
    await user.type(within(dialog).getByLabelText(/^Report link/), 'https://forms.example.com/filled/77');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report link saved')).toBeInTheDocument();
    expect(await within(past).findByRole('link', { name: 'View Report' })).toHaveAttribute('href', 'https://forms.example.com/filled/77');
    // Loaded again: the link is the meeting's.
    page.reload();
    const again = await screen.findByRole('table', { name: 'Past Sessions' }, { timeout: 10_000 });
    expect(within(again).getByRole('link', { name: 'View Report' })).toHaveAttribute('href', 'https://forms.example.com/filled/77');
  });
});

describe('the admin dashboard', () => {
  it('shows both identifiers, join times in India or Not joined, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya, rahul, meera, asha } = people(db);
    const start = new Date(Date.now() - 2 * 24 * 3600_000);
    const joined = new Date(start.getTime() + 2 * 60_000);
    addMeeting(db, { client: priya, associate: meera, startsAt: start, userJoinedAt: joined });
    addMeeting(db, { client: rahul, associate: meera, startsAt: new Date(Date.now() + 24 * 3600_000) });
    const page = renderPortal('/dashboard', { db, signedIn: asha });

    const past = await screen.findByRole('table', { name: 'Past Sessions' });
    const row = rowOf(past, 'priya@example.in');
    expect(within(row).getByText('Priya Nair')).toBeInTheDocument();
    expect(within(row).getByText('meera@example.in')).toBeInTheDocument();
    expect(within(row).getByText(formatIst(joined))).toBeInTheDocument();
    expect(within(row).getByText('Not joined')).toBeInTheDocument();

    const upcoming = screen.getByRole('table', { name: 'Upcoming Sessions' });
    expect(within(upcoming).getByText('rahul@example.in')).toBeInTheDocument();
    expect(within(upcoming).getAllByText('Not joined')).toHaveLength(2);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete meeting')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Loaded again: both meetings are still there.
    const kept = page.reload();
    const pastAgain = await screen.findByRole('table', { name: 'Past Sessions' }, { timeout: 10_000 });
    const rowAgain = rowOf(pastAgain, 'priya@example.in');
    expect(within(await screen.findByRole('table', { name: 'Upcoming Sessions' })).getByText('rahul@example.in')).toBeInTheDocument();

    await user.click(within(rowAgain).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Meeting deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('priya@example.in')).not.toBeInTheDocument());
    // Loaded again: only Rahul's meeting is left.
    kept.reload();
    expect(within(await screen.findByRole('table', { name: 'Upcoming Sessions' }, { timeout: 10_000 })).getByText('rahul@example.in')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Past Sessions' })).toBeNull();
    expect(screen.queryByText('priya@example.in')).toBeNull();
  });

  it("says 'Failed to delete meeting.' when the server refuses", async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera, asha } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: new Date(Date.now() + 3600_000) });
    db.failures[api.meeting.delete.operationId] = 500;
    const page = renderPortal('/dashboard', { db, signedIn: asha });
    const upcoming = await screen.findByRole('table', { name: 'Upcoming Sessions' });
    await user.click(within(upcoming).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete meeting.')).toBeInTheDocument();
    // Loaded again: the meeting is still there.
    page.reload();
    expect(within(await screen.findByRole('table', { name: 'Upcoming Sessions' }, { timeout: 10_000 })).getByText('priya@example.in')).toBeInTheDocument();
  });
});

describe('locked dashboards of unverified associates and admins', () => {
  function countMeetingCalls(): { count: number } {
    const calls = { count: 0 };
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === createApiClient().url(api.meeting.list)) calls.count += 1;
    });
    return calls;
  }

  it("locks a new associate's dashboard with 'Submit Documents' and never asks for meetings", async () => {
    const db = testDb();
    const vikram = addUser(db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor', isVerified: 'not_submitted' });
    const calls = countMeetingCalls();
    renderPortal('/dashboard', { db, signedIn: vikram });
    expect(await screen.findByText('Your dashboard is LOCKED')).toBeInTheDocument();
    const submits = screen.getAllByRole('link', { name: 'Submit Documents' });
    expect(submits.every((link) => link.getAttribute('href') === '/details')).toBe(true);
    expect(screen.getByRole('button', { name: 'Meeting History' })).toBeDisabled();
    expect(screen.queryByText('Upcoming Sessions')).not.toBeInTheDocument();
    expect(screen.queryByText('All Caught Up!')).not.toBeInTheDocument();
    expect(calls.count).toBe(0);
  });

  it('tells an associate with a pending application to wait', async () => {
    const db = testDb();
    const kiran = addUser(db, { name: 'Kiran Das', email: 'kiran@example.in', role: 'doctor', isVerified: 'pending' });
    renderPortal('/dashboard', { db, signedIn: kiran });
    expect(await screen.findByText('Your documents are under review. Please give us some time for verification.')).toBeInTheDocument();
    expect(screen.queryByText('Your dashboard is LOCKED')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meeting History' })).toBeDisabled();
  });

  it('shows a rejected applicant the reason and the way to apply again', async () => {
    const db = testDb();
    const neha = addUser(db, {
      name: 'Neha Gupta',
      email: 'neha@example.in',
      role: 'doctor',
      isVerified: 'rejected',
      rejectionReason: 'The PAN card image is blurred.',
    });
    renderPortal('/dashboard', { db, signedIn: neha });
    expect(await screen.findByText('Your application was not approved')).toBeInTheDocument();
    expect(screen.getByText('Reason: The PAN card image is blurred.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Submit Documents' }).length).toBeGreaterThan(0);
  });

  it('locks an unverified admin the same way', async () => {
    const db = testDb();
    const admin = addUser(db, { name: 'New Admin', email: 'new-admin@example.in', role: 'admin', isVerified: 'not_submitted' });
    const calls = countMeetingCalls();
    renderPortal('/dashboard', { db, signedIn: admin });
    expect(await screen.findByText('Your dashboard is LOCKED')).toBeInTheDocument();
    expect(calls.count).toBe(0);
  });
});

describe('joining a meeting', () => {
  async function dashboardAt(offsetMinutes: number, as: 'client' | 'admin' = 'client') {
    const start = new Date('2026-03-10T05:00:00.000Z');
    freezeClock(new Date(start.getTime() + offsetMinutes * 60_000));
    const db = testDb();
    const { priya, meera, asha } = people(db);
    const meeting = addMeeting(db, { client: priya, associate: meera, startsAt: start });
    const page = renderPortal('/dashboard', { db, signedIn: as === 'client' ? priya : asha });
    await screen.findByText(as === 'client' ? 'Hello, Priya!' : 'Hello, Asha!');
    // The greeting shows before the meetings have loaded: wait for the list itself.
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument());
    // The upcoming table, with the second Join button, comes in a render after the card's (components/Later.tsx).
    if (offsetMinutes < 90) await screen.findByRole('table', { name: 'Upcoming Sessions' });
    return { db, meeting, page, asha };
  }

  /** The meeting's row on an admin's dashboard, loaded again (join times are shown to admins). */
  async function adminRowAfterReload(db: MockDb, page: RenderedPortal, admin: MockUser): Promise<HTMLElement> {
    db.sessionUserId = admin._id;
    page.reload();
    return rowOf(await screen.findByRole('table', { name: 'Upcoming Sessions' }, { timeout: 10_000 }), 'priya@example.in');
  }

  const joinButtons = () => screen.queryAllByRole('button', { name: /^Join / });
  /** Outside its window Join stays a Tab stop, marked unavailable (aria-disabled) and described by the reason. */
  const expectClosed = (button: HTMLElement) => {
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAccessibleDescription('');
  };
  const expectOpen = (button: HTMLElement) => {
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  };

  it('is closed 5:01 before the start, with the tooltips of the spec', async () => {
    const user = userEvent.setup();
    await dashboardAt(-5 - 1 / 60);
    const buttons = joinButtons();
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expectClosed(button);
    expect(screen.queryByText('Join Now!')).not.toBeInTheDocument();
    const [cardTrigger, rowTrigger] = buttons.map((b) => b.parentElement as HTMLElement);
    await user.hover(cardTrigger as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You can join 5 minutes before the meeting starts');
    await user.unhover(cardTrigger as HTMLElement);
    await user.hover(rowTrigger as HTMLElement);
    // The reason is also each button's (hidden) description, so look for it in a tooltip.
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toContain('Available 5 minutes before start time'));
  });

  it('opens on the dashboard left open, within a second of 5:00 before the start, the card and the table alike', async () => {
    const start = new Date('2026-03-10T05:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(start.getTime() - 5 * 60_000 - 2_000));
    const db = testDb();
    const { priya, meera } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: start });
    renderPortal('/dashboard', { db, signedIn: priya });
    const card = await screen.findByRole('region', { name: 'Next Meeting' });
    const seconds = () => within(card).getByTestId('countdown-seconds').firstChild?.textContent;
    await waitFor(() => expect(joinButtons()).toHaveLength(2));
    for (const button of joinButtons()) expectClosed(button);
    expect(seconds()).toBe('02');
    // The countdown ticks each second; the buttons wait for the minute in which the window opens.
    act(() => vi.advanceTimersByTime(1_000));
    expect(seconds()).toBe('01');
    for (const button of joinButtons()) expectClosed(button);
    act(() => vi.advanceTimersByTime(1_000));
    expect(seconds()).toBe('00');
    for (const button of joinButtons()) expectOpen(button);
  });

  it('opens 4:59 before the start, without the badge yet', async () => {
    await dashboardAt(-4 - 59 / 60);
    for (const button of joinButtons()) expectOpen(button);
    expect(screen.queryByText('Join Now!')).not.toBeInTheDocument();
  });

  it("shows 'Join Now!' from the start", async () => {
    await dashboardAt(0);
    for (const button of joinButtons()) expectOpen(button);
    expect(screen.getAllByText('Join Now!').length).toBeGreaterThan(0);
    expect(screen.getByText('Started')).toBeInTheDocument();
  });

  it("keeps 'Join Now!' until an hour after the start, then only the button", async () => {
    await dashboardAt(60);
    expect(screen.getAllByText('Join Now!').length).toBeGreaterThan(0);
    cleanup();
    await dashboardAt(60 + 1 / 60);
    expect(screen.queryByText('Join Now!')).not.toBeInTheDocument();
    for (const button of joinButtons()) expectOpen(button);
  });

  it('moves the meeting to the past at 90 minutes', async () => {
    await dashboardAt(89 + 59 / 60);
    expect(joinButtons().length).toBeGreaterThan(0);
    cleanup();
    await dashboardAt(90);
    expect(joinButtons()).toHaveLength(0);
    expect(screen.getByText('All Caught Up!')).toBeInTheDocument();
  });

  it('records the join, then opens the meeting in a new tab', async () => {
    const user = userEvent.setup();
    const { db, meeting, page, asha } = await dashboardAt(1);
    const { tab } = stubTabs();
    const order: string[] = [];
    server.events.on('request:end', ({ request }) => {
      if (request.url.includes('meetingJoinedAt')) order.push(`recorded:${tab.location.href}`);
    });
    await user.click(joinButtons()[0] as HTMLElement);
    await waitFor(() => expect(tab.location.href).toBe(meeting.meetingLink));
    expect(order).toEqual(['recorded:']);
    expect(tab.opener).toBeNull();
    // Loaded again by an admin: the client joined at the click, India time; the associate has not.
    const row = await adminRowAfterReload(db, page, asha);
    expect(within(row).getByText(formatIst(new Date()))).toBeInTheDocument();
    expect(within(row).getAllByText('Not joined')).toHaveLength(1);
  });

  it('still opens the meeting when recording the join fails', async () => {
    const user = userEvent.setup();
    const { meeting } = await dashboardAt(1);
    server.use(http.post(mockPath(api.meeting.recordJoin), () => HttpResponse.json({ success: false, message: 'down' }, { status: 503 })));
    const { tab } = stubTabs();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(joinButtons()[1] as HTMLElement);
    await waitFor(() => expect(tab.location.href).toBe(meeting.meetingLink));
    expect(logged).toHaveBeenCalled();
  });

  it('lets an admin open the meeting without recording a join', async () => {
    const user = userEvent.setup();
    const { db, meeting, page, asha } = await dashboardAt(1, 'admin');
    const { tab } = stubTabs();
    await user.click(joinButtons()[0] as HTMLElement);
    await waitFor(() => expect(tab.location.href).toBe(meeting.meetingLink));
    // Loaded again: neither the client nor the associate has joined.
    const row = await adminRowAfterReload(db, page, asha);
    expect(within(row).getAllByText('Not joined')).toHaveLength(2);
  });
});

describe('the countdown', () => {
  it("ticks every second and reads 'Started' once the meeting begins", async () => {
    const start = new Date('2026-03-10T05:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(start.getTime() - (26 * 3600 + 3 * 60 + 2) * 1000));
    const db = testDb();
    const { priya, meera } = people(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: start });
    renderPortal('/dashboard', { db, signedIn: priya });
    const card = await screen.findByRole('region', { name: 'Next Meeting' });
    const part = (unit: string) => within(card).getByTestId(`countdown-${unit}`).firstChild?.textContent;
    expect([part('days'), part('hours'), part('minutes'), part('seconds')]).toEqual(['01', '02', '03', '02']);
    act(() => vi.advanceTimersByTime(1000));
    expect(part('seconds')).toBe('01');
    act(() => vi.advanceTimersByTime(2000));
    expect([part('minutes'), part('seconds')]).toEqual(['02', '59']);
    act(() => vi.setSystemTime(start));
    act(() => vi.advanceTimersByTime(1000));
    expect(within(card).getByText('Started')).toBeInTheDocument();
  });
});
