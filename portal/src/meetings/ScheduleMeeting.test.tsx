import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { istDateString, MEETING_MESSAGES } from '@bh/shared';
import { addMeeting, addUser } from '../mocks/db.ts';
import { server } from '../test/server.ts';
import { adminWorld, findHeading, renderPortal, renderInAdmin, type RenderedPortal } from '../test/render.tsx';
import ScheduleMeeting from './ScheduleMeeting.tsx';
import { formatMeetingDate } from './meetingTime.ts';
import { api } from '@bh/shared/contract';
import { callsTo } from '../test/calls.ts';
import { mockPath } from '../mocks/contract.ts';

const DAY = 86_400_000;

function world() {
  const w = adminWorld();
  const client = addUser(w.db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
  const associate = addUser(w.db, { name: 'Dr. Meera Rao', email: 'meera@example.in', role: 'doctor', isVerified: 'verified' });
  return { ...w, client, associate };
}

/** Holds the next call to `path` until released, then lets the mock API answer it. */
function holdNext(method: 'post', path: string): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](
      path,
      async () => {
        await gate;
      },
      { once: true },
    ),
  );
  return release;
}

const clientEmail = () => screen.getByLabelText<HTMLInputElement>(/^Client ID \(email\)/);
const doctorEmail = () => screen.getByLabelText<HTMLInputElement>(/^BH Associate ID \(email\)/);
const clientName = () => screen.getByLabelText<HTMLInputElement>('Client Name');
const doctorName = () => screen.getByLabelText<HTMLInputElement>('BH Associate Name');
const verifyClient = () => screen.getByRole('button', { name: /Client ID/ });
const verifyDoctor = () => screen.getByRole('button', { name: /BH Associate ID/ });
const dateInput = () => screen.getByLabelText<HTMLInputElement>(/^Meeting Date/);
const timeInput = () => screen.getByLabelText<HTMLInputElement>(/^Meeting Time/);
const submit = () => screen.getByRole('button', { name: 'Create Meeting' });

let page: RenderedPortal;

async function openForm(): Promise<UserEvent> {
  page = renderPortal('/admin/create-meeting');
  await findHeading('Schedule New Meeting');
  return userEvent.setup();
}

/** All Meetings, opened afresh: each meeting as 'date · time · client · associate'. */
async function storedMeetings(): Promise<string[]> {
  page.reload('/admin/grids/meetings');
  await findHeading('All Meetings');
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  // The grid draws empty placeholder rows until its page has come.
  await waitFor(() => expect(within(table).getAllByRole('cell')[0]?.textContent).not.toBe(''), { timeout: 10_000 });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent).join(' · '));
}


async function verifyBoth(user: UserEvent, emails = { client: 'priya@example.in', doctor: 'meera@example.in' }) {
  await user.type(clientEmail(), emails.client);
  await user.click(verifyClient());
  await screen.findByRole('img', { name: 'Verified' });
  await user.type(doctorEmail(), emails.doctor);
  await user.click(verifyDoctor());
  await waitFor(() => expect(screen.getAllByRole('img', { name: 'Verified' })).toHaveLength(2));
}

async function fillDetails(user: UserEvent, values: { date: string; time: string; pm?: boolean }) {
  fireEvent.change(dateInput(), { target: { value: values.date } });
  await user.type(timeInput(), values.time);
  if (values.pm) await user.click(screen.getByRole('button', { name: 'PM' }));
  await user.type(screen.getByLabelText(/^Meeting Link/), 'https://meet.example.com/priya-meera');
  await user.type(screen.getByLabelText(/^Report Form Link/), 'https://forms.example.com/report');
}

describe('Schedule New Meeting (/admin/create-meeting): participant verification', () => {
  it('goes unverified → verifying → verified, fills the name read-only, and resets when the email is edited', async () => {
    world();
    const user = await openForm();
    expect(clientName().readOnly).toBe(true);

    await user.type(clientEmail(), 'Priya@Example.in');
    const release = holdNext('post', mockPath(api.meeting.verifyEmail));
    await user.click(verifyClient());
    expect(await screen.findByLabelText('Verifying…')).toBeTruthy();
    expect(verifyClient().hasAttribute('disabled')).toBe(true);
    release();

    expect(await screen.findByRole('img', { name: 'Verified' })).toBeTruthy();
    expect(clientName().value).toBe('Priya Nair');
    expect(await screen.findByText('Client verified: Priya Nair')).toBeTruthy();
    expect(verifyClient().hasAttribute('disabled')).toBe(true);

    await user.type(clientEmail(), 'x');
    expect(screen.queryByRole('img', { name: 'Verified' })).toBeNull();
    expect(clientName().value).toBe('');
    expect(verifyClient().hasAttribute('disabled')).toBe(false);
  });

  it('ignores a check that answers after the email was edited', async () => {
    world();
    const user = await openForm();
    await user.type(clientEmail(), 'priya@example.in');
    const release = holdNext('post', mockPath(api.meeting.verifyEmail));
    await user.click(verifyClient());
    await screen.findByLabelText('Verifying…');
    await user.type(clientEmail(), 'm');
    release();
    await waitFor(() => expect(screen.queryByLabelText('Verifying…')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('img', { name: 'Verified' })).toBeNull();
    expect(clientName().value).toBe('');
  });

  it("shows the server's refusal under the field and as a toast", async () => {
    const { db } = world();
    addUser(db, { name: 'Vikram Shah', email: 'vikram@example.in', role: 'doctor', isVerified: 'pending' });
    const user = await openForm();
    await user.type(clientEmail(), 'stranger@example.in');
    await user.click(verifyClient());
    // Under the field, and as a toast (sonner shows it a tick after the field's message).
    await waitFor(() => expect(screen.getAllByText(MEETING_MESSAGES.clientNotFound)).toHaveLength(2));

    await user.type(doctorEmail(), 'vikram@example.in');
    await user.click(verifyDoctor());
    await waitFor(() => expect(screen.getAllByText(MEETING_MESSAGES.doctorNotVerified).length).toBeGreaterThanOrEqual(1));
    expect(doctorName().value).toBe('');
  });

  it("falls back to 'Failed to verify client email' / 'Failed to verify doctor email' when the server says nothing", async () => {
    world();
    server.use(http.post(mockPath(api.meeting.verifyEmail), () => new HttpResponse(null, { status: 500 })));
    const user = await openForm();
    await user.type(clientEmail(), 'priya@example.in');
    await user.click(verifyClient());
    expect((await screen.findAllByText('Failed to verify client email')).length).toBeGreaterThanOrEqual(1);
    await user.type(doctorEmail(), 'meera@example.in');
    await user.click(verifyDoctor());
    expect((await screen.findAllByText('Failed to verify doctor email')).length).toBeGreaterThanOrEqual(1);
  });

  it('checks the email itself before asking the server', async () => {
    world();
    const user = await openForm();
    await user.click(verifyClient());
    expect(await screen.findByText(MEETING_MESSAGES.clientEmailRequired)).toBeTruthy();
    await user.click(verifyDoctor());
    expect(await screen.findByText(MEETING_MESSAGES.doctorEmailRequired)).toBeTruthy();
    await user.type(clientEmail(), 'priya@');
    await user.click(verifyClient());
    expect(await screen.findByText(MEETING_MESSAGES.invalidEmail)).toBeTruthy();
  });
});

describe("Schedule New Meeting: the client's email typed as the associate's", () => {
  it("says 'BH Associate and client emails must be different' at once, on Verify and on submit, never 'verify first'", async () => {
    world();
    const checked: unknown[] = [];
    server.use(
      http.post(mockPath(api.meeting.verifyEmail), async ({ request }) => {
        checked.push(await request.clone().json());
      }),
    );
    const user = await openForm();
    await user.type(clientEmail(), 'priya@example.in');
    await user.click(verifyClient());
    await screen.findByRole('img', { name: 'Verified' });

    await user.type(doctorEmail(), ' PRIYA@example.in');
    expect(await screen.findByText(MEETING_MESSAGES.emailsMustDiffer)).toBeTruthy();
    await user.click(verifyDoctor());
    await user.click(submit());
    await waitFor(() => expect(screen.getAllByText(MEETING_MESSAGES.emailsMustDiffer)).toHaveLength(1));
    expect(screen.queryByText(MEETING_MESSAGES.verifyDoctorFirst)).toBeNull();
    // Only the client was ever sent for checking: the clash is not the server's question.
    expect(checked).toEqual([{ email: 'priya@example.in', userType: 'client' }]);

    await user.clear(doctorEmail());
    await user.type(doctorEmail(), 'meera@example.in');
    expect(screen.queryByText(MEETING_MESSAGES.emailsMustDiffer)).toBeNull();
  });
});

describe('Schedule New Meeting: the form rules of spec §5', () => {
  it('shows every required message and the overall toast on an empty submit', async () => {
    world();
    const user = await openForm();
    await user.click(submit());
    for (const message of [
      MEETING_MESSAGES.clientEmailRequired,
      MEETING_MESSAGES.doctorEmailRequired,
      MEETING_MESSAGES.dateRequired,
      MEETING_MESSAGES.timeRequired,
      MEETING_MESSAGES.meetingLinkRequired,
      MEETING_MESSAGES.formLinkRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(await screen.findByText('Please fix the errors before submitting.')).toBeTruthy();
  });

  it('asks for verification, valid links, a valid time and a date from today on', async () => {
    world();
    const user = await openForm();
    await user.type(clientEmail(), 'priya@example.in');
    await user.type(doctorEmail(), 'meera@example.in');
    fireEvent.change(dateInput(), { target: { value: '2020-01-01' } });
    await user.type(timeInput(), '13:30');
    await user.type(screen.getByLabelText(/^Meeting Link/), 'meet.example.com');
    await user.type(screen.getByLabelText(/^Report Form Link/), 'javascript:alert(1)');
    await user.click(submit());
    expect(await screen.findByText(MEETING_MESSAGES.verifyClientFirst)).toBeTruthy();
    expect(screen.getByText(MEETING_MESSAGES.verifyDoctorFirst)).toBeTruthy();
    expect(screen.getByText(MEETING_MESSAGES.dateInPast)).toBeTruthy();
    expect(screen.getByText(MEETING_MESSAGES.timeInvalid)).toBeTruthy();
    expect(screen.getAllByText(MEETING_MESSAGES.invalidUrl)).toHaveLength(2);
  });

  it('clears a field error as soon as that field is edited', async () => {
    world();
    const user = await openForm();
    await user.click(submit());
    await screen.findByText(MEETING_MESSAGES.meetingLinkRequired);
    await user.type(screen.getByLabelText(/^Meeting Link/), 'h');
    expect(screen.queryByText(MEETING_MESSAGES.meetingLinkRequired)).toBeNull();
    expect(screen.getByText(MEETING_MESSAGES.formLinkRequired)).toBeTruthy();
  });

  it('refuses the same person on both sides, whatever the case of the emails', async () => {
    world();
    // Only a server that verifies any email lets the same address through both checks.
    server.use(
      http.post(mockPath(api.meeting.verifyEmail), () =>
        HttpResponse.json({ success: true, message: 'ok', user: { name: 'Same Person', email: 'same@example.in' } }),
      ),
    );
    const user = await openForm();
    // The associate is checked first; the client's box then gets the same address in capitals.
    await user.type(doctorEmail(), 'same@example.in');
    await user.click(verifyDoctor());
    await screen.findByRole('img', { name: 'Verified' });
    await user.type(clientEmail(), 'SAME@example.in');
    expect(await screen.findByText(MEETING_MESSAGES.emailsMustDiffer)).toBeTruthy();
    await user.click(submit());
    expect(await screen.findByText(MEETING_MESSAGES.emailsMustDiffer)).toBeTruthy();
  });

  it("puts a colon after two digits, stops at 5 characters, and defaults to AM", async () => {
    world();
    const user = await openForm();
    await user.type(timeInput(), '0230');
    expect(timeInput().value).toBe('02:30');
    await user.type(timeInput(), '9');
    expect(timeInput().value).toBe('02:30');
    expect(screen.getByRole('button', { name: 'AM' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'PM' }).getAttribute('aria-pressed')).toBe('false');
    expect(dateInput().min).toBe(istDateString(new Date()));
  });

  it("refuses a time that has already passed today (India's clock)", async () => {
    // 10:00 in India on 10 March 2031.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-10T04:30:00.000Z'));
    world();
    const user = await openForm();
    await verifyBoth(user);
    await fillDetails(user, { date: '2031-03-10', time: '09:45' });
    await user.click(submit());
    expect(await screen.findByText(MEETING_MESSAGES.timeInPast)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'PM' }));
    await user.click(submit());
    expect(await screen.findByText('Meeting created successfully!')).toBeTruthy();
  });
});

describe('Schedule New Meeting: creating', () => {
  it("creates the meeting with the 12-hour time, says 'Creating Meeting...' meanwhile, then resets the whole form", async () => {
    world();
    const user = await openForm();
    const sent = callsTo(api.meeting.create);
    const date = istDateString(new Date(Date.now() + 7 * DAY));
    await verifyBoth(user);
    await fillDetails(user, { date, time: '0230', pm: true });

    const release = holdNext('post', mockPath(api.meeting.create));
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Meeting...' })).toBeTruthy();
    release();

    expect(await screen.findByText('Meeting created successfully!')).toBeTruthy();
    expect(sent.bodies).toEqual([
      expect.objectContaining({ meetingDate: date, meetingTime: '02:30 PM', meetingLink: 'https://meet.example.com/priya-meera', formLink: 'https://forms.example.com/report' }),
    ]);
    await waitFor(() => expect(clientEmail().value).toBe(''));
    expect(doctorEmail().value).toBe('');
    expect(clientName().value).toBe('');
    expect(timeInput().value).toBe('');
    expect(dateInput().value).toBe('');
    expect(screen.queryByRole('img', { name: 'Verified' })).toBeNull();
    expect(screen.getByRole('button', { name: 'AM' }).getAttribute('aria-pressed')).toBe('true');
    // All Meetings lists it, at 02:30 PM on the day, between Priya and Meera.
    const [stored, ...others] = await storedMeetings();
    expect(others).toEqual([]);
    const day = formatMeetingDate(date).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(stored).toMatch(new RegExp(`^${day} · 02:30 PM · Priya Nair.*priya@example\\.in · Dr\\. Meera Rao.*meera@example\\.in$`));
  }, 60_000);

  it("shows the server's conflict message when a participant is already booked, keeping the form", async () => {
    const { db, client, associate } = world();
    const start = new Date(Math.floor((Date.now() + 3 * DAY) / 60_000) * 60_000);
    const booked = addMeeting(db, { client: addUser(db, { name: 'Rahul', email: 'rahul@example.in', role: 'user' }), associate, startsAt: start });
    const user = await openForm();
    await verifyBoth(user, { client: client.email, doctor: associate.email });
    const [hh = '', rest = ''] = booked.meetingTime.split(':');
    await fillDetails(user, { date: booked.meetingDate, time: `${hh}${rest.slice(0, 2)}`, pm: rest.endsWith('PM') });
    await user.click(submit());
    expect(await screen.findByText(MEETING_MESSAGES.doctorBusy)).toBeTruthy();
    expect(clientEmail().value).toBe(client.email);
    // All Meetings still lists only the meeting there was.
    expect(await storedMeetings()).toHaveLength(1);
  }, 60_000);

  it("falls back to 'Failed to create meeting. Please try again.'", async () => {
    world();
    server.use(http.post(mockPath(api.meeting.create), () => new HttpResponse(null, { status: 502 })));
    const user = await openForm();
    await verifyBoth(user);
    await fillDetails(user, { date: istDateString(new Date(Date.now() + 2 * DAY)), time: '1100' });
    await user.click(submit());
    expect(await screen.findByText(MEETING_MESSAGES.createFailed)).toBeTruthy();
  });

  it("'Clear Form' empties every field and the verifications", async () => {
    world();
    const user = await openForm();
    await verifyBoth(user);
    await user.type(timeInput(), '1015');
    await user.click(screen.getByRole('button', { name: 'Clear Form' }));
    expect(clientEmail().value).toBe('');
    expect(doctorName().value).toBe('');
    expect(timeInput().value).toBe('');
    expect(screen.queryByRole('img', { name: 'Verified' })).toBeNull();
  });

  it('shows the guidelines', async () => {
    world();
    await openForm();
    const panel = screen.getByRole('complementary', { name: 'Guidelines' });
    expect(within(panel).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
  });

  it("turns away anyone but an admin on its own, with 'Access Denied' and the spec's toast", async () => {
    const { db } = adminWorld();
    const client = addUser(db, { name: 'Priya Nair', email: 'priya@example.in', role: 'user' });
    db.sessionUserId = client._id;
    renderInAdmin(<ScheduleMeeting />);
    expect(await screen.findByText('Only administrators can create meetings.')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(await screen.findByText(MEETING_MESSAGES.adminOnlyToast)).toBeTruthy();
    expect(screen.queryByLabelText(/^Client ID/)).toBeNull();
  });
});
