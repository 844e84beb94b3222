import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { meetingResponse } from '@bh/shared';
import type { TestContext } from '../../test/context.ts';
import { createMailContext, type TestMail } from '../../test/mail.ts';
import { AADHAAR_NUMBER, ACCOUNT_NUMBER, PAN_NUMBER, submittedApplicant } from '../../test/applications.ts';

let ctx: TestContext;
let mail: TestMail;
beforeAll(async () => ({ ctx, mail } = await createMailContext()));

/** The test clock starts at 2026-06-15 12:00 in India (06:30 UTC). */
const START = '2026-06-15T06:30:00.000Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function schedule(day: string, time: string) {
  const admin = await ctx.signedIn('admin', 'verified');
  const client = await ctx.createUser({ role: 'user', name: 'Priya Client' });
  const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr Meera Rao' });
  const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
    cookie: admin.cookie,
    body: { clientId: client.email, doctorId: doctor.email, meetingDate: day, meetingTime: time, meetingLink: 'https://meet.example.in/room-7', formLink: 'https://forms.example.in/f' },
  });
  expect(res.status).toBe(201);
  return { admin, client, doctor, meeting: meetingResponse.parse(await res.json()).meeting };
}

function eventOf(ics: string): VEvent & { method?: string } {
  const parsed = ical.sync.parseICS(ics);
  const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT') as VEvent[];
  expect(events).toHaveLength(1);
  return events[0]!;
}

function calendarOf(message: { attachments: { contentType: string; content: Buffer }[] }): string {
  const file = message.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!file) throw new Error('no calendar attachment');
  return file.content.toString('utf8');
}

describe('meeting emails', () => {
  it('sends both people a confirmation whose .ics an independent parser reads right; deleting sends CANCEL with the same UID', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor, meeting } = await schedule('2026-06-20', '05:30 PM');
    await mail.deliver();
    const toClient = mail.to(client.email).find((m) => m.subject.startsWith('Session scheduled'))!;
    const toDoctor = mail.to(doctor.email).find((m) => m.subject.startsWith('Session scheduled'))!;
    expect(toClient.subject).toBe('Session scheduled: Sat, 20 Jun 2026, 05:30 PM IST');
    expect(toClient.text).toContain('Your session with Dr Meera Rao is scheduled.');
    expect(toDoctor.text).toContain('Your session with Priya Client is scheduled.');
    expect(toClient.html).toContain('https://meet.example.in/room-7');

    const ics = calendarOf(toClient);
    expect(ics).toContain('METHOD:REQUEST');
    const event = eventOf(ics);
    expect(new Date(event.start).toISOString()).toBe('2026-06-20T12:00:00.000Z');
    // A missing end is NaN here, and fails.
    expect(new Date(event.end ?? Number.NaN).getTime() - new Date(event.start).getTime()).toBe(90 * MINUTE);
    expect(event.uid).toBe(`meeting-${meeting._id}@${new URL(ctx.deps.config.publicOrigin).hostname}`);
    expect(event.location).toBe('https://meet.example.in/room-7');
    const attendees = [event.attendee].flat().map((a) => (typeof a === 'string' ? a : a!.val).toLowerCase());
    expect(attendees.sort()).toEqual([`mailto:${client.email}`, `mailto:${doctor.email}`].sort());
    expect(eventOf(calendarOf(toDoctor)).uid).toBe(event.uid);
    // 'Add to calendar' serves the same event.
    const download = await ctx.request('GET', `/api/v1/meeting/${meeting._id}/calendar.ics`, { cookie: await ctx.login(client.email) });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const downloaded = eventOf(await download.text());
    expect(downloaded.uid).toBe(event.uid);
    expect(new Date(downloaded.start).toISOString()).toBe('2026-06-20T12:00:00.000Z');

    const del = await ctx.request('DELETE', `/api/v1/meeting/${meeting._id}`, { cookie: admin.cookie });
    expect(del.status).toBe(200);
    await mail.deliver();
    const cancel = mail.to(client.email).find((m) => m.subject.startsWith('Session cancelled'))!;
    const cancelIcs = calendarOf(cancel);
    expect(cancelIcs).toContain('METHOD:CANCEL');
    const cancelled = eventOf(cancelIcs);
    expect(cancelled.uid).toBe(event.uid);
    expect(cancelled.status).toBe('CANCELLED');
    expect(Number(cancelled.sequence)).toBeGreaterThan(Number(event.sequence));
    // Its reminders will never go.
    const reminders = await ctx.deps.cols.outbox.find({ meetingId: meeting._id, template: { $in: ['meeting-reminder-24h', 'meeting-reminder-1h'] } }).toArray();
    expect(reminders).toHaveLength(4);
    expect(reminders.every((r) => r.status === 'cancelled')).toBe(true);
  });

  it('serves the calendar file to the participants and admins only', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor, meeting } = await schedule('2026-06-22', '10:00 AM');
    const path = `/api/v1/meeting/${meeting._id}/calendar.ics`;
    expect((await ctx.request('GET', path, { cookie: await ctx.login(doctor.email) })).status).toBe(200);
    expect((await ctx.request('GET', path, { cookie: admin.cookie })).status).toBe(200);
    expect((await ctx.request('GET', path, { cookie: await ctx.login(client.email) })).status).toBe(200);
    const stranger = await ctx.signedIn('user');
    expect((await ctx.request('GET', path, { cookie: stranger.cookie })).status).toBe(404);
    expect((await ctx.request('GET', path)).status).toBe(401);
    expect((await ctx.request('GET', '/api/v1/meeting/not-an-id/calendar.ics', { cookie: admin.cookie })).status).toBe(400);
  });

  it('sends each reminder once, 24 h and 1 h before; one due while no server ran goes when it is back, not after the start', async () => {
    ctx.clock.set(START);
    const { client, doctor, meeting } = await schedule('2026-06-18', '06:00 PM'); // 12:30 UTC
    const startsAt = new Date(meeting.startsAt).getTime();
    await mail.deliver();
    const reminders = (address: string) => mail.to(address).filter((m) => m.subject.startsWith('Reminder')).map((m) => m.subject);

    // No sender runs from now until 3 hours after the 24-hour reminder fell due.
    ctx.clock.set(startsAt - 21 * HOUR);
    await mail.deliver();
    expect(reminders(client.email)).toEqual(['Reminder: your session tomorrow, Thu, 18 Jun 2026, 06:00 PM IST']);
    expect(reminders(doctor.email)).toHaveLength(1);
    await mail.deliver();
    expect(reminders(client.email)).toHaveLength(1);

    ctx.clock.set(startsAt - 59 * MINUTE);
    await mail.deliver();
    expect(reminders(client.email)[0]).toBe('Reminder: your session starts soon, Thu, 18 Jun 2026, 06:00 PM IST');
    expect(reminders(client.email)).toHaveLength(2);
    expect(reminders(doctor.email)).toHaveLength(2);
  });

  it('drops a reminder whose meeting started before any server came back', async () => {
    ctx.clock.set(START);
    const { client, meeting } = await schedule('2026-06-19', '09:00 AM');
    await mail.deliver();
    ctx.clock.set(new Date(meeting.startsAt).getTime() + MINUTE);
    await mail.deliver();
    expect(mail.to(client.email).filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);
    const states = await ctx.deps.cols.outbox.find({ meetingId: meeting._id, to: client.email }).toArray();
    expect(states.map((s) => `${s.template}:${s.status}`).sort()).toEqual(['meeting-reminder-1h:expired', 'meeting-reminder-24h:expired', 'meeting-scheduled:sent']);
  });

  it('queues no reminder whose time has already passed when the meeting is booked', async () => {
    ctx.clock.set(START);
    const { meeting } = await schedule('2026-06-15', '05:00 PM'); // in 5 hours
    const templates = (await ctx.deps.cols.outbox.find({ meetingId: meeting._id }).toArray()).map((d) => d.template).sort();
    expect(templates).toEqual(['meeting-reminder-1h', 'meeting-reminder-1h', 'meeting-scheduled', 'meeting-scheduled']);
  });
});

describe('application decisions', () => {
  it('tells the associate when verified, and when rejected with the reason and a link to correct it', async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const verified = await submittedApplicant(ctx);
    expect((await ctx.request('POST', `/api/v1/register/verify-doctor/${verified.id}`, { cookie: admin.cookie })).status).toBe(200);
    const rejected = await submittedApplicant(ctx);
    const reason = 'The PAN card photo is blurred; please upload a clearer one.';
    expect((await ctx.request('POST', `/api/v1/register/reject-doctor/${rejected.id}`, { cookie: admin.cookie, body: { reason } })).status).toBe(200);
    await mail.deliver();
    expect(mail.to(verified.email)[0]!.subject).toBe('Your Better Health application is verified');
    const rejection = mail.to(rejected.email)[0]!;
    expect(rejection.subject).toBe('Your Better Health application needs changes');
    expect(rejection.text).toContain(reason);
    expect(rejection.text).toContain(`${ctx.deps.config.publicOrigin}/details`);
    // Nothing from the application itself travels in the email.
    const everything = JSON.stringify(mail.mailbox.messages).toLowerCase();
    for (const number of [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER]) expect(everything).not.toContain(number.toLowerCase());
  });
});
