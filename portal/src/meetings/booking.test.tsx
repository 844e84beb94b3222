import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKING_MESSAGES as B } from '@bh/shared';
import { addMeeting, addUser, type MockDb } from '../mocks/db.ts';
import { bookingState } from '../mocks/booking.ts';
import { adminWorld, renderPortal, testDb } from '../test/render.tsx';

/** 10:00 in India on Tuesday 10 March 2026. */
const NOW = new Date('2026-03-10T04:30:00.000Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3600_000);

function world(db: MockDb) {
  const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  const asha = addUser(db, { name: 'Asha Iyer', email: 'asha@example.in', role: 'admin', isVerified: 'verified' });
  return { priya, meera, asha };
}

function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

describe('changing a booking from the dashboard (issue 18)', () => {
  it('a client cancelling inside 12 hours sees "No refund" before confirming, and the session leaves the upcoming list', async () => {
    freezeClock();
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera, asha } = world(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: hours(6) });
    const page = renderPortal('/dashboard', { db, signedIn: priya });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Sessions' });
    expect(within(upcoming).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(within(upcoming).getByRole('button', { name: 'Ask to reschedule' })).toBeInTheDocument();
    await user.click(within(upcoming).getByRole('button', { name: 'Cancel session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cancelling now: No refund.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Unwell');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(await screen.findByText(B.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upcoming Sessions' })).toBeNull());
    // Loaded again by an admin: the session is cancelled, with her reason, and no refund is due.
    db.sessionUserId = asha._id;
    const history = page.reload('/meetinghistory');
    expect(await screen.findByText(/^Cancelled · .+ · priya@example\.in · Unwell$/, {}, { timeout: 10_000 })).toBeInTheDocument();
    history.reload('/admin/refunds');
    expect(await screen.findByText(B.noRefunds, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('a client more than 24 hours ahead reschedules into a free slot of the associate', async () => {
    freezeClock();
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera } = world(db);
    bookingState(db).availability.set(meera.email, {
      weekly: { mon: [], tue: [], wed: [], thu: [{ start: '10:00', end: '13:00' }], fri: [], sat: [], sun: [] },
      daysOff: [],
    });
    addMeeting(db, { client: priya, associate: meera, startsAt: hours(48) });
    const page = renderPortal('/dashboard', { db, signedIn: priya });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Sessions' });
    await user.click(within(upcoming).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    const date = within(dialog).getByLabelText('New date');
    await user.clear(date);
    await user.type(date, '2026-03-12');
    await user.click(await within(dialog).findByRole('button', { name: '11:30 AM' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Exam');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(B.rescheduled)).toBeInTheDocument();
    // Loaded again: still upcoming, on the new day at the new time; staff see the one change, with her reason.
    const dashboard = page.reload();
    const moved = await screen.findByRole('region', { name: 'Upcoming Sessions' }, { timeout: 10_000 });
    expect(within(moved).getAllByText(/Thu, 12 Mar,? 2026/).length).toBeGreaterThan(0);
    expect(within(moved).getAllByText(/11:30 AM/).length).toBeGreaterThan(0);
    db.sessionUserId = meera._id;
    dashboard.reload('/meetinghistory');
    const change = await screen.findByText(/^Rescheduled · .+ · priya@example\.in · .+ → .+ · Exam$/, {}, { timeout: 10_000 });
    expect(within(change.closest('ul')!).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says politely how many free slots a date picked in the reschedule dialog offers (issue 53)', async () => {
    freezeClock();
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera } = world(db);
    bookingState(db).availability.set(meera.email, {
      weekly: { mon: [], tue: [], wed: [], thu: [{ start: '10:00', end: '13:00' }], fri: [], sat: [], sun: [] },
      daysOff: [],
    });
    addMeeting(db, { client: priya, associate: meera, startsAt: hours(48) });
    renderPortal('/dashboard', { db, signedIn: priya });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Sessions' });
    await user.click(within(upcoming).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    const news = within(dialog).getByRole('status');
    expect(news).toHaveAttribute('aria-live', 'polite');
    const date = within(dialog).getByLabelText('New date');
    await user.clear(date);
    await user.type(date, '2026-03-12');
    await within(dialog).findByRole('button', { name: '11:30 AM' });
    const chips = within(within(dialog).getByRole('group', { name: 'Free slots' })).getAllByRole('button');
    await waitFor(() => expect(news).toHaveTextContent(`${chips.length} free slot${chips.length === 1 ? '' : 's'} on Thursday, 12 Mar 2026`));
    expect(chips.length).toBeGreaterThan(0);

    await user.clear(date);
    await user.type(date, '2026-03-13');
    await waitFor(() => expect(news).toHaveTextContent('No free slots on Friday, 13 Mar 2026'));
  });

  it('an associate marks a no-show after the session; the history shows it as a no-show', async () => {
    freezeClock();
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera } = world(db);
    addMeeting(db, { client: priya, associate: meera, startsAt: hours(-2) });
    const page = renderPortal('/dashboard', { db, signedIn: meera });
    const past = await screen.findByRole('region', { name: 'Past Sessions' });
    await user.click(within(past).getByRole('button', { name: 'Client no-show' }));
    expect(await within(past).findByText('No-show (client)')).toBeInTheDocument();
    // Loaded again: it stays a no-show of the client, and can no longer be marked.
    page.reload();
    const again = await screen.findByRole('region', { name: 'Past Sessions' }, { timeout: 10_000 });
    expect(await within(again).findByText('No-show (client)')).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Client no-show' })).toBeNull();
  });

  it('an admin sees the refund of a cancellation in the refunds list and marks it made', async () => {
    freezeClock();
    const user = userEvent.setup();
    const db = testDb();
    const { priya, meera, asha } = world(db);
    const m = addMeeting(db, { client: priya, associate: meera, startsAt: hours(30) });
    Object.assign(m, { status: 'cancelled' });
    bookingState(db).refunds.push({
      _id: m._id, meetingId: m._id, clientEmail: priya.email, clientName: priya.name, doctorName: meera.name, startsAt: m.startsAt,
      band: 'full', cause: 'client_request', cancelledAt: NOW.toISOString(), status: 'due', refundedAt: null, refundedBy: null, reference: null,
    });
    const page = renderPortal('/admin/refunds', { db, signedIn: asha });
    expect(await screen.findByText('Full refund · Priya Nair')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Payment reference' }), 'rfnd_42');
    await user.click(screen.getByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByText(B.refundMarked)).toBeInTheDocument();
    expect(await screen.findByText('No refunds to make')).toBeInTheDocument();
    // Loaded again: the refund is made, no longer due.
    page.reload();
    expect(await screen.findByText('No refunds to make', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Full refund · Priya Nair')).toBeNull();
  });

  it('an associate sets weekly hours; overlapping hours are refused with the shared message', async () => {
    const user = userEvent.setup();
    const db = testDb();
    const { meera } = world(db);
    const page = renderPortal('/availability', { db, signedIn: meera });
    const monday = await screen.findByRole('textbox', { name: /^Monday/ });
    await user.type(monday, '10:00-13:00, 12:00-14:00');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Working hours on one day must not overlap')).toBeInTheDocument();
    await user.clear(monday);
    await user.type(monday, '10:00-13:00, 14:00-19:00');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText(B.availabilitySaved)).toBeInTheDocument();
    // Loaded again: Monday's hours are the two saved ranges.
    page.reload();
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: /^Monday/ })).toHaveValue('10:00-13:00, 14:00-19:00'), { timeout: 10_000 });
  });

  it('an admin schedules from a free slot of the associate; a typed time outside the hours warns', async () => {
    freezeClock();
    const user = userEvent.setup();
    // The admin's mock world (its handlers answer verify-email and create-meeting).
    const { db } = adminWorld();
    const priya = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    const meera = addUser(db, { name: 'Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
    bookingState(db).availability.set(meera.email, {
      weekly: { mon: [], tue: [], wed: [], thu: [{ start: '14:00', end: '17:00' }], fri: [], sat: [], sun: [] },
      daysOff: [],
    });
    renderPortal('/admin/create-meeting');
    // The admin screens are lazy chunks: the first render can take a while on a busy machine.
    await screen.findByRole('heading', { name: 'Schedule New Meeting' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText(/^Client ID \(email\)/), priya.email);
    await user.click(screen.getByRole('button', { name: 'Verify Client ID (email)' }));
    await screen.findByRole('img', { name: 'Verified' });
    await user.type(screen.getByLabelText(/^BH Associate ID \(email\)/), meera.email);
    await user.click(screen.getByRole('button', { name: 'Verify BH Associate ID (email)' }));
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Verified' })).toHaveLength(2));
    fireEvent.change(screen.getByLabelText(/^Meeting Date/), { target: { value: '2026-03-12' } });
    const time = screen.getByLabelText<HTMLInputElement>(/^Meeting Time/);
    await user.type(time, '09:00');
    expect(await screen.findByText('This time is outside the BH Associate’s working hours')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '03:30 PM' }));
    expect(time.value).toBe('03:30');
    expect(screen.getByRole('button', { name: 'PM' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByText('This time is outside the BH Associate’s working hours')).toBeNull());
  }, 60_000);
});
