import ical, { type VEvent } from 'node-ical';
import { ACCESS } from '@bh/shared/contract';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityResponse,
  BOOKING_MESSAGES as B,
  changeRequestResponse,
  changeRequestsResponse,
  errorResponseSchema,
  getMeetingsResponse,
  meetingResponse,
  refundResponse,
  refundsResponse,
  slotsResponse,
  type AvailabilityInput,
} from '@bh/shared';
import type { TestContext } from '../../../test/context.ts';
import { createMailContext, type TestMail } from '../../../test/mail.ts';
import { meetingBetween, storeMeetingBetween } from '../../../test/meetings.ts';
import { meetingStatusV1 } from '../../db/migrations/003-meeting-status-v1.ts';
import { runMigrations } from '../../db/migrations/runner.ts';
import { istDateAndTime } from '@bh/shared';
import { meetingsCollection } from '../../domain/meetings/meetings.store.ts';

let ctx: TestContext;
let mail: TestMail;
beforeAll(async () => ({ ctx, mail } = await createMailContext()));

/** The test clock: 2026-06-15 12:00 in India (06:30 UTC), a Monday. */
const NOW = new Date('2026-06-15T06:30:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

type Person = { cookie: string; id: string; email: string };

async function people() {
  const client = await ctx.signedIn('user');
  const doctor = await ctx.signedIn('doctor', 'verified');
  const admin = await ctx.signedIn('admin', 'verified');
  return { client, doctor, admin };
}

/** A scheduled meeting starting `offsetMs` from NOW, stored the way a booking stores it. */
async function meetingAt(client: Person, doctor: Person, offsetMs: number): Promise<string> {
  const startsAt = new Date(NOW.getTime() + offsetMs);
  return storeMeetingBetween(ctx, client.id, doctor.id, { startsAt, ...istDateAndTime(startsAt) });
}

const messageOf = async (res: Response) => errorResponseSchema.parse(await res.json()).message;
const post = (path: string, cookie: string, body: unknown) => ctx.request('POST', `/api/v1${path}`, { cookie, body });

/** Weekday hours 10:00–19:00 and Saturdays 10:00–13:00, India time. */
const HOURS: AvailabilityInput = {
  weekly: {
    mon: [{ start: '10:00', end: '19:00' }],
    tue: [{ start: '10:00', end: '19:00' }],
    wed: [{ start: '10:00', end: '19:00' }],
    thu: [{ start: '10:00', end: '19:00' }],
    fri: [{ start: '10:00', end: '19:00' }],
    sat: [{ start: '10:00', end: '13:00' }],
    sun: [],
  },
  daysOff: [],
};

async function setHours(doctor: Person, hours: AvailabilityInput = HOURS) {
  const res = await ctx.request('PUT', '/api/v1/availability', { cookie: doctor.cookie, body: hours });
  expect(res.status).toBe(200);
}

describe('cancelling under the terms (through the API)', () => {
  it.each([
    ['exactly 24 h', 'full', 24 * HOUR],
    ['23 h 59 m', 'half', 24 * HOUR - MIN],
    ['exactly 12 h', 'half', 12 * HOUR],
    ['11 h 59 m', 'none', 12 * HOUR - MIN],
  ] as const)('a client cancelling %s ahead gets the %s band, and a refund is due unless none', async (_, band, offset) => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const id = await meetingAt(client, doctor, offset);
    const res = await post(`/meeting/${id}/cancel`, client.cookie, { reason: 'Exam that day' });
    expect(res.status).toBe(200);
    const { meeting, message } = meetingResponse.parse(await res.json());
    expect(message).toBe(B.cancelled);
    expect(meeting.status).toBe('cancelled');
    expect(meeting.cancellation).toMatchObject({ by: client.email, byRole: 'user', cause: 'client_request', reason: 'Exam that day', band });
    expect(meeting.history.map((h) => h.kind)).toEqual(['cancelled']);
    const refunds = refundsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/refunds', { cookie: admin.cookie })).json()).refunds;
    expect(refunds.filter((r) => r.meetingId === id).map((r) => r.band)).toEqual(band === 'none' ? [] : [band]);
  });

  it('from the start on a client can no longer cancel, and a cancelled meeting cannot be cancelled again', async () => {
    ctx.clock.set(NOW);
    const { client, doctor } = await people();
    const started = await meetingAt(client, doctor, 0);
    const res = await post(`/meeting/${started}/cancel`, client.cookie, { reason: 'Late' });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(B.cancelNotAllowed);

    const later = await meetingAt(client, doctor, 48 * HOUR);
    expect((await post(`/meeting/${later}/cancel`, client.cookie, { reason: 'Away' })).status).toBe(200);
    const again = await post(`/meeting/${later}/cancel`, client.cookie, { reason: 'Away' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(B.notScheduled);
  });

  it('an admin cancels for a technical failure with a full refund even after the start', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const id = await meetingAt(client, doctor, -10 * MIN);
    const res = await post(`/meeting/${id}/cancel`, admin.cookie, { reason: 'Video service down', cause: 'technical_failure' });
    expect(res.status).toBe(200);
    expect(meetingResponse.parse(await res.json()).meeting.cancellation).toMatchObject({ cause: 'technical_failure', band: 'full', byRole: 'admin' });
  });

  it('nobody changes someone else\'s meeting: another client or associate gets "not found"; a client cannot pick the cause', async () => {
    ctx.clock.set(NOW);
    const { client, doctor } = await people();
    const stranger = await ctx.signedIn('user');
    const otherDoctor = await ctx.signedIn('doctor', 'verified');
    const id = await meetingAt(client, doctor, 48 * HOUR);
    expect((await post(`/meeting/${id}/cancel`, stranger.cookie, { reason: 'x' })).status).toBe(404);
    expect((await post(`/meeting/${id}/reschedule`, stranger.cookie, { meetingDate: '2026-06-18', meetingTime: '10:00 AM', reason: 'x' })).status).toBe(404);
    expect((await post(`/meeting/${id}/request`, otherDoctor.cookie, { kind: 'cancel', reason: 'x' })).status).toBe(404);
    expect((await post(`/meeting/${id}/attendance`, otherDoctor.cookie, { outcome: 'completed' })).status).toBe(404);
    // The associate of the meeting asks an admin instead of cancelling or rescheduling: the access
    // table refuses them before the booking policy is consulted (ACCESS.meetingChange).
    for (const own of [
      await post(`/meeting/${id}/cancel`, doctor.cookie, { reason: 'x' }),
      await post(`/meeting/${id}/reschedule`, doctor.cookie, { meetingDate: '2026-06-18', meetingTime: '10:00 AM', reason: 'x' }),
    ]) {
      expect(own.status).toBe(403);
      expect(await messageOf(own)).toBe(ACCESS.meetingChange.forbidden);
    }
    // The cause is the admin's: a client's cancellation is always their own request.
    const res = await post(`/meeting/${id}/cancel`, client.cookie, { reason: 'x', cause: 'technical_failure' });
    expect(res.status).toBe(200);
    expect(meetingResponse.parse(await res.json()).meeting.cancellation?.cause).toBe('client_request');
    expect((await meetingsCollection(ctx.deps.db).findOne({ _id: new ObjectId(id) }))?.cancellation?.band).toBe('full');
  });

  it('refuses a reason that is missing or blank with the shared message', async () => {
    ctx.clock.set(NOW);
    const { client, doctor } = await people();
    const id = await meetingAt(client, doctor, 48 * HOUR);
    for (const body of [{}, { reason: '   ' }]) {
      const res = await post(`/meeting/${id}/cancel`, client.cookie, body);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(B.reasonRequired);
    }
  });
});

describe('rescheduling', () => {
  it('a client moves a session with exactly 24 h notice into a free slot; at 23 h 59 m they must ask an admin', async () => {
    ctx.clock.set(NOW);
    const { client, doctor } = await people();
    await setHours(doctor);
    const atLimit = await meetingAt(client, doctor, 24 * HOUR); // Tue 16 Jun 12:00 IST
    const res = await post(`/meeting/${atLimit}/reschedule`, client.cookie, { meetingDate: '2026-06-17', meetingTime: '11:30 AM', reason: 'Clash with work' });
    expect(res.status).toBe(200);
    const { meeting } = meetingResponse.parse(await res.json());
    expect(meeting).toMatchObject({ meetingDate: '2026-06-17', meetingTime: '11:30 AM', startsAt: '2026-06-17T06:00:00.000Z', status: 'scheduled' });
    expect(meeting.history).toEqual([
      expect.objectContaining({ kind: 'rescheduled', by: client.email, byRole: 'user', reason: 'Clash with work', from: '2026-06-16T06:30:00.000Z', to: '2026-06-17T06:00:00.000Z' }),
    ]);

    const inside = await meetingAt(client, doctor, 24 * HOUR - MIN);
    const refused = await post(`/meeting/${inside}/reschedule`, client.cookie, { meetingDate: '2026-06-18', meetingTime: '10:00 AM', reason: 'x' });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(B.rescheduleAskAdmin);
  });

  it("a client's new time must lie inside the associate's hours; an admin's need not", async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    await setHours(doctor);
    const id = await meetingAt(client, doctor, 72 * HOUR);
    const outside = await post(`/meeting/${id}/reschedule`, client.cookie, { meetingDate: '2026-06-21', meetingTime: '10:00 AM', reason: 'Sunday' });
    expect(outside.status).toBe(400);
    expect(await messageOf(outside)).toBe(B.outsideHours);
    expect((await post(`/meeting/${id}/reschedule`, admin.cookie, { meetingDate: '2026-06-21', meetingTime: '10:00 AM', reason: 'Agreed by phone' })).status).toBe(200);
  });

  it('refuses a time that clashes with another session of the associate, and frees a cancelled one', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const other = await ctx.signedIn('user');
    await setHours(doctor);
    const mine = await meetingAt(client, doctor, 72 * HOUR);
    const theirs = await meetingAt(other, doctor, 48 * HOUR + 30 * MIN); // Wed 17 Jun 12:30 IST
    const clash = await post(`/meeting/${mine}/reschedule`, client.cookie, { meetingDate: '2026-06-17', meetingTime: '11:30 AM', reason: 'x' });
    expect(clash.status).toBe(409);
    expect(await messageOf(clash)).toBe(B.slotTaken);

    expect((await post(`/meeting/${theirs}/cancel`, other.cookie, { reason: 'Ill' })).status).toBe(200);
    expect((await post(`/meeting/${mine}/reschedule`, client.cookie, { meetingDate: '2026-06-17', meetingTime: '11:30 AM', reason: 'x' })).status).toBe(200);
    // The cancelled meeting's time is free for a new booking too.
    const created = await post('/meeting/create-meeting', admin.cookie, {
      clientId: other.email, doctorId: doctor.email, meetingDate: '2026-06-18', meetingTime: '12:00 PM', meetingLink: 'https://meet.example.in/x', formLink: 'https://forms.example.in/x',
    });
    expect(created.status).toBe(201);
  });

  it('two clients rescheduling into the same free slot at the same instant: exactly one succeeds, no double booking', async () => {
    ctx.clock.set(NOW);
    const doctor = await ctx.signedIn('doctor', 'verified');
    await setHours(doctor);
    const clients = await Promise.all([ctx.signedIn('user'), ctx.signedIn('user')]);
    // One after the other: insertMeetings takes no booking claims, so it is not for concurrent use.
    const ids: string[] = [];
    for (const [i, c] of clients.entries()) ids.push(await meetingAt(c, doctor, (72 + 2 * i) * HOUR));
    const results = await Promise.all(
      clients.map((c, i) => post(`/meeting/${ids[i]}/reschedule`, c.cookie, { meetingDate: '2026-06-19', meetingTime: '01:00 PM', reason: 'Race' })),
    );
    const answers = await Promise.all(results.map(async (r) => `${r.status} ${((await r.json()) as { message: string }).message}`));
    expect(answers.sort()).toEqual([`200 ${B.rescheduled}`, `409 ${B.slotTaken}`]);
    const target = new Date('2026-06-19T07:30:00.000Z');
    expect(await meetingsCollection(ctx.deps.db).countDocuments({ doctorId: new ObjectId(doctor.id), startsAt: target, status: 'scheduled' })).toBe(1);
  });
});

describe('requests an admin decides', () => {
  it('an associate asks to cancel; the admin approves from the queue; the client is refunded in full', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const id = await meetingAt(client, doctor, 5 * HOUR);
    const asked = await post(`/meeting/${id}/request`, doctor.cookie, { kind: 'cancel', reason: 'Family emergency' });
    expect(asked.status).toBe(201);
    const { request } = changeRequestResponse.parse(await asked.json());
    expect(request).toMatchObject({ kind: 'cancel', status: 'open', by: doctor.email, byRole: 'doctor' });
    // One request at a time.
    const second = await post(`/meeting/${id}/request`, doctor.cookie, { kind: 'reschedule', reason: 'x', meetingDate: '2026-06-20', meetingTime: '10:00 AM' });
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe(B.requestOpen);

    const queue = changeRequestsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/requests', { cookie: admin.cookie })).json()).requests;
    expect(queue.map((r) => r._id)).toContain(request._id);
    expect(queue.find((r) => r._id === request._id)?.meeting.hasOpenRequest).toBe(true);

    const decided = await post(`/meeting/requests/${request._id}/decide`, admin.cookie, { approve: true });
    expect(decided.status).toBe(200);
    const after = changeRequestResponse.parse(await decided.json()).request;
    expect(after.status).toBe('approved');
    expect(after.meeting.cancellation).toMatchObject({ cause: 'associate_unavailable', band: 'full', by: admin.email });
    expect(after.meeting.history.map((h) => h.kind)).toEqual(['requested', 'cancelled']);
    expect((await post(`/meeting/requests/${request._id}/decide`, admin.cookie, { approve: true })).status).toBe(409);

    const due = refundsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/refunds', { cookie: admin.cookie })).json()).refunds.find((r) => r.meetingId === id)!;
    expect(due).toMatchObject({ band: 'full', status: 'due', clientEmail: client.email });
    const marked = await post(`/meeting/refunds/${due._id}/mark`, admin.cookie, { reference: 'rfnd_123' });
    expect(marked.status).toBe(200);
    expect(refundResponse.parse(await marked.json()).refund).toMatchObject({ status: 'refunded', refundedBy: admin.email, reference: 'rfnd_123' });
    expect((await post(`/meeting/refunds/${due._id}/mark`, admin.cookie, { reference: 'again' })).status).toBe(409);
    const made = refundsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/refunds?status=refunded', { cookie: admin.cookie })).json()).refunds;
    expect(made.map((r) => r._id)).toContain(due._id);
  });

  it('stores an approved cancellation request as approved, decided by the admin (issue 47, item 12)', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const id = await meetingAt(client, doctor, 30 * HOUR);
    const asked = await post(`/meeting/${id}/request`, doctor.cookie, { kind: 'cancel', reason: 'Unwell' });
    expect(asked.status).toBe(201);
    const { request } = changeRequestResponse.parse(await asked.json());
    ctx.clock.advance(10 * MIN);
    const decided = await post(`/meeting/requests/${request._id}/decide`, admin.cookie, { approve: true });
    expect(decided.status).toBe(200);
    const answered = changeRequestResponse.parse(await decided.json()).request;
    expect(answered).toMatchObject({ status: 'approved', decidedBy: admin.email, decidedAt: new Date(NOW.getTime() + 10 * MIN).toISOString() });
    const stored = await ctx.deps.cols.meetingChangeRequests.findOne({ _id: new ObjectId(request._id) });
    expect(stored).toMatchObject({ status: 'approved', decidedBy: { email: admin.email }, decidedAt: new Date(NOW.getTime() + 10 * MIN) });
    // The client sees their session cancelled at the associate's request, refunded in full, and no request left open.
    const seen = getMeetingsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie: client.cookie })).json()).meetings.find((m) => m._id === id);
    expect(seen).toMatchObject({ status: 'cancelled', hasOpenRequest: false, cancellation: { cause: 'associate_unavailable', band: 'full' } });
    // Only a request still open can be decided: the approved one is not decided again, either way.
    expect((await post(`/meeting/requests/${request._id}/decide`, admin.cookie, { approve: false })).status).toBe(409);
    expect(await ctx.deps.cols.meetingChangeRequests.countDocuments({ _id: new ObjectId(request._id), status: 'approved' })).toBe(1);
  });

  it('a client inside 24 h asks to reschedule; a decline leaves the session as it was, recorded in its history', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const id = await meetingAt(client, doctor, 20 * HOUR);
    const cancelAsk = await post(`/meeting/${id}/request`, client.cookie, { kind: 'cancel', reason: 'x' });
    expect(cancelAsk.status).toBe(409);
    const missing = await post(`/meeting/${id}/request`, client.cookie, { kind: 'reschedule', reason: 'Travel' });
    expect(missing.status).toBe(400);
    const asked = await post(`/meeting/${id}/request`, client.cookie, { kind: 'reschedule', reason: 'Travel', meetingDate: '2026-06-20', meetingTime: '11:00 AM' });
    expect(asked.status).toBe(201);
    const { request } = changeRequestResponse.parse(await asked.json());
    expect(request.proposed).toEqual({ meetingDate: '2026-06-20', meetingTime: '11:00 AM', startsAt: '2026-06-20T05:30:00.000Z' });
    const res = await post(`/meeting/requests/${request._id}/decide`, admin.cookie, { approve: false });
    expect(res.status).toBe(200);
    const after = changeRequestResponse.parse(await res.json()).request;
    expect(after.status).toBe('declined');
    expect(after.meeting).toMatchObject({ status: 'scheduled', hasOpenRequest: false, startsAt: new Date(NOW.getTime() + 20 * HOUR).toISOString() });
    expect(after.meeting.history.map((h) => h.kind)).toEqual(['requested', 'declined']);
  });
});

describe('attendance', () => {
  it('the associate marks a no-show only after the end; a client cannot; an associate no-show refunds in full', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const ended = await meetingAt(client, doctor, -90 * MIN);
    const running = await meetingAt(client, doctor, -89 * MIN - 2 * HOUR);
    const byClient = await post(`/meeting/${ended}/attendance`, client.cookie, { outcome: 'completed' });
    expect(byClient.status).toBe(403);
    // The access table's guard refuses a client before the service runs (so the service has no copy of the rule).
    expect(await messageOf(byClient)).toBe(ACCESS.meetingAttendance.forbidden);
    const early = await meetingAt(client, doctor, -30 * MIN);
    const tooEarly = await post(`/meeting/${early}/attendance`, doctor.cookie, { outcome: 'completed' });
    expect(tooEarly.status).toBe(409);
    expect(await messageOf(tooEarly)).toBe(B.attendanceTooEarly);

    const res = await post(`/meeting/${ended}/attendance`, doctor.cookie, { outcome: 'no_show_client' });
    expect(res.status).toBe(200);
    expect(meetingResponse.parse(await res.json()).meeting).toMatchObject({ status: 'no_show', noShowBy: 'client' });
    expect((await post(`/meeting/${ended}/attendance`, doctor.cookie, { outcome: 'completed' })).status).toBe(409);

    // An admin marks from the start on; the associate's absence puts a full refund in the list.
    const byAdmin = await post(`/meeting/${early}/attendance`, admin.cookie, { outcome: 'no_show_associate' });
    expect(byAdmin.status).toBe(200);
    const refunds = refundsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/refunds', { cookie: admin.cookie })).json()).refunds;
    expect(refunds.find((r) => r.meetingId === early)).toMatchObject({ band: 'full', cause: 'associate_unavailable' });
    expect((await post(`/meeting/${running}/attendance`, doctor.cookie, { outcome: 'completed' })).status).toBe(200);
  });
});

describe('availability and free slots', () => {
  it('an associate sets hours and a day off; slots leave out clashes and days off; an admin edits them', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    await setHours(doctor, { ...HOURS, daysOff: ['2026-06-18'] });
    const read = availabilityResponse.parse(await (await ctx.request('GET', '/api/v1/availability', { cookie: doctor.cookie })).json());
    expect(read.availability.daysOff).toEqual(['2026-06-18']);
    await meetingAt(client, doctor, 48 * HOUR + 30 * MIN); // Wed 12:30–14:00 IST

    const slots = async (who: Person, date: string) => ctx.request('GET', `/api/v1/meeting/slots?doctorId=${encodeURIComponent(doctor.email)}&date=${date}`, { cookie: who.cookie });
    const wed = slotsResponse.parse(await (await slots(client, '2026-06-17')).json());
    expect(wed.slots.map((s) => s.meetingTime)).toEqual(['10:00 AM', '02:30 PM', '04:00 PM', '05:30 PM']);
    expect(wed.hasHours).toBe(true);
    expect(slotsResponse.parse(await (await slots(client, '2026-06-18')).json()).slots).toEqual([]);
    // Today's slots that have begun are gone (it is 12:00 IST).
    expect(slotsResponse.parse(await (await slots(doctor, '2026-06-15')).json()).slots.map((s) => s.meetingTime)).toEqual(['01:00 PM', '02:30 PM', '04:00 PM', '05:30 PM']);

    // A client with no session with this associate cannot read their calendar.
    const stranger = await ctx.signedIn('user');
    expect((await slots(stranger, '2026-06-17')).status).toBe(404);

    const edited = await ctx.request('PUT', `/api/v1/availability?doctorId=${encodeURIComponent(doctor.email)}`, { cookie: admin.cookie, body: { ...HOURS, daysOff: [] } });
    expect(edited.status).toBe(200);
    expect(slotsResponse.parse(await (await slots(admin, '2026-06-18')).json()).slots).toHaveLength(6);
    // Another associate cannot edit them.
    const other = await ctx.signedIn('doctor', 'verified');
    expect((await ctx.request('PUT', `/api/v1/availability?doctorId=${encodeURIComponent(doctor.email)}`, { cookie: other.cookie, body: HOURS })).status).toBe(403);
  });

  it('refuses overlapping or reversed hours with the shared messages', async () => {
    const doctor = await ctx.signedIn('doctor', 'verified');
    const bad = { ...HOURS, weekly: { ...HOURS.weekly, mon: [{ start: '10:00', end: '12:00' }, { start: '11:00', end: '13:00' }], tue: [{ start: '12:00', end: '09:00' }] } };
    const res = await ctx.request('PUT', '/api/v1/availability', { cookie: doctor.cookie, body: bad });
    expect(res.status).toBe(400);
    const messages = (errorResponseSchema.parse(await res.json()).errors ?? []).map((e) => e.message);
    expect(messages).toEqual(expect.arrayContaining([B.hoursOverlap, B.hoursOrder]));
  });
});

describe('the life cycle in lists, emails and the migration', () => {
  it('get-meetings keeps a cancelled meeting, marked, for history', async () => {
    ctx.clock.set(NOW);
    const { client, doctor } = await people();
    const id = await meetingAt(client, doctor, 30 * HOUR);
    await post(`/meeting/${id}/cancel`, client.cookie, { reason: 'x' });
    const list = getMeetingsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie: client.cookie })).json()).meetings;
    expect(list.find((m) => m._id === id)?.status).toBe('cancelled');
  });

  it('a reschedule sends an updated invite with the same UID and a higher SEQUENCE; a cancellation METHOD:CANCEL higher still', async () => {
    ctx.clock.set(NOW);
    const { client, doctor, admin } = await people();
    const created = await post('/meeting/create-meeting', admin.cookie, {
      clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-25', meetingTime: '10:00 AM', meetingLink: 'https://meet.example.in/seq', formLink: 'https://forms.example.in/seq',
    });
    const id = meetingResponse.parse(await created.json()).meeting._id;
    expect((await post(`/meeting/${id}/reschedule`, admin.cookie, { meetingDate: '2026-06-26', meetingTime: '11:30 AM', reason: 'Associate asked' })).status).toBe(200);
    expect((await post(`/meeting/${id}/cancel`, client.cookie, { reason: 'Changed plans' })).status).toBe(200);
    await mail.deliver();
    const events = mail
      .to(client.email)
      .map((m) => {
        const file = m.attachments.find((a) => a.contentType.startsWith('text/calendar'));
        if (!file) return null;
        const text = file.content.toString('utf8');
        const event = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === 'VEVENT') as VEvent;
        return { subject: m.subject, method: /METHOD:(\w+)/.exec(text)?.[1], uid: event.uid, sequence: Number(/SEQUENCE:(\d+)/.exec(text)?.[1]), start: new Date(event.start).toISOString(), text: m.text };
      })
      .filter((e) => e !== null)
      .sort((a, b) => a.sequence - b.sequence);
    expect(events.map((e) => [e.method, e.sequence])).toEqual([['REQUEST', 0], ['REQUEST', 1], ['CANCEL', 2]]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(1);
    expect(events[1]!.start).toBe('2026-06-26T06:00:00.000Z');
    expect(events[1]!.subject).toMatch(/^Session moved to/);
    expect(events[2]!.text).toContain(`Refund: ${B.bandFull}.`);
  });

  it('meetings stored before the life cycle become scheduled once, recorded in migrations', async () => {
    const { client, doctor } = await people();
    const doc = await meetingBetween(ctx, client.id, doctor.id, { startsAt: new Date(NOW.getTime() + 50 * HOUR) });
    const { status: _s, cancellation: _c, noShowBy: _n, history: _h, sequence: _q, openRequestId: _o, ...old } = doc;
    await ctx.deps.cols.meetings.insertOne(old as typeof doc);
    const migrate = () => runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [meetingStatusV1]);
    await migrate();
    expect(await ctx.deps.cols.meetings.findOne({ _id: doc._id })).toMatchObject({ status: 'scheduled', history: [], sequence: 0 });
    expect(await ctx.deps.cols.migrations.findOne({ _id: meetingStatusV1.id })).toBeTruthy();
    // Recorded: a second start changes nothing, even a meeting stored without a status since.
    await ctx.deps.cols.meetings.updateOne({ _id: doc._id }, { $unset: { status: '' } });
    await migrate();
    expect((await ctx.deps.cols.meetings.findOne({ _id: doc._id }))?.status).toBeUndefined();
  });
});
