import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, getMeetingsResponse, MEETING_MESSAGES as M, meetingResponse, type Meeting } from '@bh/shared';
import { createTestContext, errorOf, type TestContext } from '../../../test/context.ts';
import { ADMIN_MEETINGS_WINDOW, BOOKING_IN_PROGRESS } from '../../domain/meetings/meeting.service.ts';
import { LEGACY_DELETE_MESSAGE } from './meeting.routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** The test clock starts at 2026-06-15 12:00 in India (06:30 UTC). */
const START = '2026-06-15T06:30:00.000Z';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function people() {
  const admin = await ctx.signedIn('admin', 'verified');
  const client = await ctx.signedIn('user');
  const doctor = await ctx.signedIn('doctor', 'verified');
  return { admin, client, doctor };
}

function meetingBody(clientId: string, doctorId: string, over: Record<string, unknown> = {}) {
  return {
    clientId,
    doctorId,
    meetingDate: '2026-06-16',
    meetingTime: '02:30 PM',
    meetingLink: 'https://meet.example.in/room-1',
    formLink: 'https://forms.example.in/report-1',
    ...over,
  };
}

async function create(adminCookie: string, body: Record<string, unknown>): Promise<Meeting> {
  const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: adminCookie, body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return meetingResponse.parse(await res.json()).meeting;
}

async function messagesOf(res: Response): Promise<string[]> {
  return ((await errorOf(res)).errors ?? []).map((e) => e.message);
}

describe('POST /api/v1/meeting/create-meeting', () => {
  it('creates a meeting with the contract shape, the India start instant and an audit entry', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
      cookie: admin.cookie,
      body: meetingBody(`  ${client.email.toUpperCase()} `, doctor.email, { meetingTime: '2:30 pm' }),
    });
    expect(res.status).toBe(201);
    const json = meetingResponse.parse(await res.json());
    expect(json.message).toBe(M.created);
    expect(json.meeting).toMatchObject({
      meetingDate: '2026-06-16',
      meetingTime: '02:30 PM',
      startsAt: '2026-06-16T09:00:00.000Z',
      clientId: client.email,
      doctorId: doctor.email,
      userJoinedAt: null,
      docJoinedAt: null,
      reportLink: '',
      createdAt: START,
    });
    const audit = await ctx.deps.cols.auditLog.findOne({ action: 'meeting.create', 'target.id': json.meeting._id });
    expect(audit).toMatchObject({ actor: { email: admin.email }, details: { client: client.email, associate: doctor.email } });
  });

  it('gives the spec message for every missing or malformed field', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId: '' }, M.clientEmailRequired],
      [{ clientId: 'not-an-email' }, M.invalidEmail],
      [{ doctorId: '' }, M.doctorEmailRequired],
      [{ doctorId: 'doctor@' }, M.invalidEmail],
      [{ doctorId: client.email.toUpperCase() }, M.emailsMustDiffer],
      [{ meetingDate: '' }, M.dateRequired],
      [{ meetingDate: '2026-06-14' }, M.dateInPast],
      [{ meetingTime: '' }, M.timeRequired],
      [{ meetingTime: '13:30 PM' }, M.timeInvalid],
      [{ meetingTime: '2:3 PM' }, M.timeInvalid],
      [{ meetingTime: '02:30' }, M.timeInvalid],
      [{ meetingDate: '2026-06-15', meetingTime: '11:59 AM' }, M.timeInPast],
      [{ meetingLink: '' }, M.meetingLinkRequired],
      [{ meetingLink: 'javascript:alert(1)' }, M.invalidUrl],
      [{ formLink: '' }, M.formLinkRequired],
      [{ formLink: 'forms example' }, M.invalidUrl],
    ];
    for (const [over, message] of cases) {
      const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body: meetingBody(client.email, doctor.email, over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await messagesOf(res), JSON.stringify(over)).toContain(message);
    }
    expect(await ctx.deps.cols.meetings.countDocuments({ clientEmail: client.email })).toBe(0);
  });

  it('accepts a time later today in India and refuses one that has just passed, by the server clock', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-15', meetingTime: '12:01 PM' }));
    ctx.clock.advance(2 * MINUTE);
    const late = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
      cookie: admin.cookie,
      body: meetingBody(client.email, doctor.email, { meetingDate: '2026-06-15', meetingTime: '12:01 PM' }),
    });
    expect(late.status).toBe(400);
    expect((await errorOf(late)).message).toBe(M.timeInPast);
  });

  it('uses the India date for "today": just after midnight India time, yesterday UTC is already the past', async () => {
    ctx.clock.set('2026-06-15T19:00:00.000Z');
    const { admin, client, doctor } = await people();
    const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
      cookie: admin.cookie,
      body: meetingBody(client.email, doctor.email, { meetingDate: '2026-06-15', meetingTime: '11:30 PM' }),
    });
    expect(res.status).toBe(400);
    expect(await messagesOf(res)).toContain(M.dateInPast);
    await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-16', meetingTime: '01:00 AM' }));
  });

  it('requires the client to be a client account and the associate a verified BH Associate', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const pending = await ctx.createUser({ role: 'doctor', isVerified: 'pending' });
    const otherAdmin = await ctx.createUser({ role: 'admin', isVerified: 'verified' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ clientId: 'nobody-at-all@test.betterhealth.in' }, 'clientId', M.clientNotFound],
      [{ clientId: doctor.email, doctorId: pending.email }, 'clientId', M.clientNotFound],
      [{ clientId: otherAdmin.email }, 'clientId', M.clientNotFound],
      [{ doctorId: 'nobody-doc@test.betterhealth.in' }, 'doctorId', M.doctorNotFound],
      [{ doctorId: otherAdmin.email }, 'doctorId', M.doctorNotFound],
      [{ doctorId: pending.email }, 'doctorId', M.doctorNotVerified],
    ];
    for (const [over, path, message] of cases) {
      const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body: meetingBody(client.email, doctor.email, over) });
      expect(res.status, message).toBe(400);
      const json = await errorOf(res);
      expect(json.message).toBe(message);
      expect(json.errors).toEqual([{ path, message }]);
    }
  });

  it('refuses unknown keys, so a body cannot smuggle participant ids or join times', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
      cookie: admin.cookie,
      body: { ...meetingBody(client.email, doctor.email), userJoinedAt: START },
    });
    expect(res.status).toBe(400);
  });

  it('answers 409 naming who is booked when a participant already has an overlapping meeting', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const otherClient = await ctx.createUser({ role: 'user' });
    const otherDoctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingTime: '02:30 PM' }));

    const doctorBusy = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
      cookie: admin.cookie,
      body: meetingBody(otherClient.email, doctor.email, { meetingTime: '03:59 PM' }),
    });
    expect(doctorBusy.status).toBe(409);
    expect(await doctorBusy.json()).toEqual({ success: false, message: M.doctorBusy, errors: [{ path: 'doctorId', message: M.doctorBusy }] });

    const clientBusy = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
      cookie: admin.cookie,
      body: meetingBody(client.email, otherDoctor.email, { meetingTime: '01:01 PM' }),
    });
    expect(clientBusy.status).toBe(409);
    expect((await errorOf(clientBusy)).message).toBe(M.clientBusy);

    const both = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body: meetingBody(client.email, doctor.email) });
    expect(both.status).toBe(409);
    expect(await messagesOf(both)).toEqual([M.clientBusy, M.doctorBusy]);

    // Exactly 90 minutes apart does not overlap: back-to-back sessions are allowed.
    await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingTime: '04:00 PM' }));
    await create(admin.cookie, meetingBody(otherClient.email, doctor.email, { meetingTime: '01:00 PM' }));
  });

  it('lets only one of several simultaneous bookings of one associate for one slot through', async () => {
    ctx.clock.set(START);
    const { admin, doctor } = await people();
    const clients = await Promise.all([0, 1, 2, 3, 4].map(() => ctx.createUser({ role: 'user' })));
    const results = await Promise.all(
      clients.map((client, i) =>
        ctx.request('POST', '/api/v1/meeting/create-meeting', {
          cookie: admin.cookie,
          body: meetingBody(client.email, doctor.email, { meetingTime: `03:0${i} PM` }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await ctx.deps.cols.meetings.countDocuments({ doctorEmail: doctor.email })).toBe(1);
    expect(await ctx.deps.cols.meetingBookingClaims.countDocuments({})).toBe(0);
  });

  it('waits out a claim left by a crashed request once its lease has lapsed, and never takes a live one', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const claims = ctx.deps.cols.meetingBookingClaims;
    await claims.insertOne({ _id: doctor.id, token: 'live', expiresAt: new Date(Date.parse(START) + 60_000) });
    const blocked = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body: meetingBody(client.email, doctor.email) });
    expect(blocked.status).toBe(409);
    expect((await errorOf(blocked)).message).toBe(BOOKING_IN_PROGRESS);
    expect(await claims.findOne({ _id: doctor.id })).toMatchObject({ token: 'live' });

    ctx.clock.advance(61_000);
    await create(admin.cookie, meetingBody(client.email, doctor.email));
    expect(await claims.countDocuments({})).toBe(0);
  });
});

describe('GET /api/v1/meeting/get-meetings', () => {
  it('gives a client their own meetings and an associate theirs, by start ascending', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const client2 = await ctx.signedIn('user');
    const doctor2 = await ctx.signedIn('doctor', 'verified');
    const late = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-20', meetingTime: '10:00 AM' }));
    const early = await create(admin.cookie, meetingBody(client.email, doctor2.email, { meetingDate: '2026-06-17', meetingTime: '09:00 PM' }));
    const other = await create(admin.cookie, meetingBody(client2.email, doctor.email, { meetingDate: '2026-06-18', meetingTime: '12:00 PM' }));

    const ids = async (cookie: string) => {
      const res = await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie });
      expect(res.status).toBe(200);
      return getMeetingsResponse.parse(await res.json()).meetings.map((m) => m._id);
    };
    expect(await ids(client.cookie)).toEqual([early._id, late._id]);
    expect(await ids(client2.cookie)).toEqual([other._id]);
    expect(await ids(doctor.cookie)).toEqual([other._id, late._id]);
    expect(await ids(doctor2.cookie)).toEqual([early._id]);
  });

  it('gives a verified admin a bounded window around now (30 days back, 90 ahead), sorted by start', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const day89 = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-09-12', meetingTime: '10:00 AM' }));
    const day91 = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-09-14', meetingTime: '10:00 AM' }));
    const today = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-15', meetingTime: '06:00 PM' }));
    const seen = async (cookie = admin.cookie) => {
      const res = await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie });
      expect(res.status).toBe(200);
      return getMeetingsResponse.parse(await res.json()).meetings;
    };

    const now = await seen();
    const ids = now.map((m) => m._id);
    expect(ids).toContain(today._id);
    expect(ids).toContain(day89._id);
    expect(ids).not.toContain(day91._id);
    expect(ids.indexOf(today._id)).toBeLessThan(ids.indexOf(day89._id));
    expect(now.length).toBeLessThanOrEqual(ADMIN_MEETINGS_WINDOW.limit);

    // 120 days on, both September meetings are past: one within the 30-day look-back, one not.
    ctx.clock.set(new Date(Date.parse(START) + 120 * DAY));
    const later = (await seen(await ctx.login(admin.email))).map((m) => m._id);
    expect(later).toContain(day91._id);
    expect(later).not.toContain(day89._id);
    expect(later).not.toContain(today._id);
  });
});

describe('POST /api/v1/meeting/meetingJoinedAt/{id}', () => {
  it('records each participant’s own join inside the window and keeps the first one', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const meeting = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-15', meetingTime: '01:00 PM' }));
    const path = `/api/v1/meeting/meetingJoinedAt/${meeting._id}`;

    ctx.clock.set('2026-06-15T07:24:00.000Z');
    const early = await ctx.request('POST', path, { cookie: client.cookie });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(M.joinClosed);

    ctx.clock.set('2026-06-15T07:25:00.000Z');
    const first = await ctx.request('POST', path, { cookie: client.cookie });
    expect(first.status).toBe(200);
    const joined = meetingResponse.parse(await first.json());
    expect(joined.message).toBe(M.joinRecorded);
    expect(joined.meeting.userJoinedAt).toBe('2026-06-15T07:25:00.000Z');
    expect(joined.meeting.docJoinedAt).toBeNull();

    ctx.clock.set('2026-06-15T07:40:00.000Z');
    const again = meetingResponse.parse(await (await ctx.request('POST', path, { cookie: client.cookie })).json());
    expect(again.meeting.userJoinedAt).toBe('2026-06-15T07:25:00.000Z');
    const doc = meetingResponse.parse(await (await ctx.request('POST', path, { cookie: doctor.cookie })).json());
    expect(doc.meeting.docJoinedAt).toBe('2026-06-15T07:40:00.000Z');
    expect(doc.meeting.userJoinedAt).toBe('2026-06-15T07:25:00.000Z');

    ctx.clock.set('2026-06-15T09:01:00.000Z');
    const late = await ctx.request('POST', path, { cookie: doctor.cookie });
    expect(late.status).toBe(409);
  });

  it('is 404 for someone else’s meeting or an unknown id, 403 for admins, 400 for a malformed id', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const meeting = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-15', meetingTime: '12:30 PM' }));
    const path = `/api/v1/meeting/meetingJoinedAt/${meeting._id}`;
    ctx.clock.set('2026-06-15T07:00:00.000Z');
    const stranger = await ctx.signedIn('user');
    const otherDoctor = await ctx.signedIn('doctor', 'verified');
    for (const cookie of [stranger.cookie, otherDoctor.cookie]) {
      const res = await ctx.request('POST', path, { cookie });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(M.notFound);
    }
    expect((await ctx.request('POST', '/api/v1/meeting/meetingJoinedAt/0123456789abcdef01234567', { cookie: client.cookie })).status).toBe(404);
    expect((await ctx.request('POST', path, { cookie: admin.cookie })).status).toBe(403);
    expect((await ctx.request('POST', '/api/v1/meeting/meetingJoinedAt/not-an-id', { cookie: client.cookie })).status).toBe(400);
    const stored = await ctx.deps.cols.meetings.findOne({ clientEmail: client.email });
    expect(stored).toMatchObject({ userJoinedAt: null, docJoinedAt: null });
  });
});

describe('deleting meetings', () => {
  it('DELETE removes the meeting for a verified admin, audits it, and is 404 the second time', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const meeting = await create(admin.cookie, meetingBody(client.email, doctor.email));
    const res = await ctx.request('DELETE', `/api/v1/meeting/${meeting._id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: M.deleted });
    expect(await ctx.deps.cols.auditLog.findOne({ action: 'meeting.delete', 'target.id': meeting._id })).not.toBeNull();
    const again = await ctx.request('DELETE', `/api/v1/meeting/${meeting._id}`, { cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(M.notFound);
  });

  it('the legacy GET deleteMeeting path changes nothing and points to DELETE', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const meeting = await create(admin.cookie, meetingBody(client.email, doctor.email));
    for (const cookie of [admin.cookie, client.cookie, undefined]) {
      const res = await ctx.request('GET', `/api/v1/meeting/deleteMeeting/${meeting._id}`, cookie ? { cookie } : {});
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('DELETE');
      expect(await res.json()).toEqual({ success: false, message: LEGACY_DELETE_MESSAGE });
    }
    expect(await ctx.deps.cols.meetings.countDocuments({ clientEmail: client.email })).toBe(1);
  });
});

describe('POST /api/v1/meeting/userMeetings', () => {
  it('gives an admin anyone’s meetings and an associate only the ones they hold', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const doctor2 = await ctx.signedIn('doctor', 'verified');
    const mine = await create(admin.cookie, meetingBody(client.email, doctor.email, { meetingDate: '2026-06-18' }));
    const theirs = await create(admin.cookie, meetingBody(client.email, doctor2.email, { meetingDate: '2026-06-17' }));

    const lookup = async (cookie: string, body: unknown) => {
      const res = await ctx.request('POST', '/api/v1/meeting/userMeetings', { cookie, body });
      expect(res.status).toBe(200);
      return getMeetingsResponse.parse(await res.json()).meetings.map((m) => m._id);
    };
    expect(await lookup(admin.cookie, { email: client.email.toUpperCase() })).toEqual([theirs._id, mine._id]);
    expect(await lookup(admin.cookie, { email: doctor2.email })).toEqual([theirs._id]);
    expect(await lookup(doctor.cookie, { email: client.email })).toEqual([mine._id]);
    expect(await lookup(doctor2.cookie, { email: client.email })).toEqual([theirs._id]);
    expect(await lookup(doctor.cookie, { email: doctor2.email })).toEqual([]);
    // The spec's body spelling names the Better Health ID `userId`.
    expect(await lookup(doctor.cookie, { userId: client.email })).toEqual([mine._id]);
  });

  it('needs a non-empty, email-shaped ID', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    for (const [body, message] of [
      [{ email: '' }, M.lookupInputRequired],
      [{ email: '   ' }, M.lookupInputRequired],
      [{}, M.lookupInputRequired],
      [{ email: 'nope' }, M.invalidEmail],
    ] as const) {
      const res = await ctx.request('POST', '/api/v1/meeting/userMeetings', { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect((await ctx.request('POST', '/api/v1/meeting/userMeetings', { cookie: admin.cookie, body: { email: 'a@b.in', role: 'x' } })).status).toBe(400);
  });
});

describe('POST /api/v1/meeting/verify-email', () => {
  it('returns the name of a client account and of a verified associate', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.createUser({ role: 'user', name: 'Neha Kapoor' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr. Arjun Menon' });
    const c = await ctx.request('POST', '/api/v1/meeting/verify-email', { cookie: admin.cookie, body: { email: client.email.toUpperCase(), userType: 'client' } });
    expect(c.status).toBe(200);
    expect(await c.json()).toEqual({ success: true, message: 'Client verified: Neha Kapoor', user: { name: 'Neha Kapoor', email: client.email } });
    const d = await ctx.request('POST', '/api/v1/meeting/verify-email', { cookie: admin.cookie, body: { email: doctor.email, userType: 'doctor' } });
    expect(await d.json()).toEqual({ success: true, message: 'Doctor verified: Dr. Arjun Menon', user: { name: 'Dr. Arjun Menon', email: doctor.email } });
  });

  // An email naming no participant is a bad value in the body, answered as create-meeting answers
  // it for its fields: 400 with the field's error (it was 404 here and 400 there, issue 16).
  it('explains what is wrong: unknown, wrong role, or associate not verified', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.createUser({ role: 'user' });
    const pending = await ctx.createUser({ role: 'doctor', isVerified: 'pending' });
    const rejected = await ctx.createUser({ role: 'doctor', isVerified: 'rejected' });
    const cases: [unknown, number, string][] = [
      [{ email: 'ghost@test.betterhealth.in', userType: 'client' }, 400, M.clientNotFound],
      [{ email: pending.email, userType: 'client' }, 400, M.clientNotFound],
      [{ email: client.email, userType: 'doctor' }, 400, M.doctorNotFound],
      [{ email: pending.email, userType: 'doctor' }, 400, M.doctorNotVerified],
      [{ email: rejected.email, userType: 'doctor' }, 400, M.doctorNotVerified],
      [{ email: '', userType: 'client' }, 400, AUTH_MESSAGES.emailRequired],
      [{ email: 'x', userType: 'client' }, 400, M.invalidEmail],
      [{ email: client.email, userType: 'admin' }, 400, 'User type must be client or doctor'],
    ];
    for (const [body, status, message] of cases) {
      const res = await ctx.request('POST', '/api/v1/meeting/verify-email', { cookie: admin.cookie, body });
      expect(res.status, message).toBe(status);
      const answer = await errorOf(res);
      expect(answer.message).toBe(message);
      const aboutTheAccount = ([M.clientNotFound, M.doctorNotFound, M.doctorNotVerified] as string[]).includes(message);
      if (aboutTheAccount) expect(answer.errors, message).toEqual([{ path: 'email', message }]);
    }
  });

  it('answers an unknown client as create-meeting does for its client field: 400 with the field', async () => {
    ctx.clock.set(START);
    const { admin, doctor } = await people();
    const body = meetingBody('ghost@test.betterhealth.in', doctor.email);
    const created = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body });
    const verified = await ctx.request('POST', '/api/v1/meeting/verify-email', { cookie: admin.cookie, body: { email: body.clientId, userType: 'client' } });
    expect([created.status, verified.status]).toEqual([400, 400]);
    const [a, b] = [await errorOf(created), await errorOf(verified)];
    expect(a.message).toBe(M.clientNotFound);
    expect(b.message).toBe(M.clientNotFound);
    expect(a.errors).toEqual([{ path: 'clientId', message: M.clientNotFound }]);
    expect(b.errors).toEqual([{ path: 'email', message: M.clientNotFound }]);
  });
});

describe('PUT /api/v1/meeting/{id}/report', () => {
  it('lets the meeting’s associate and a verified admin set the link, and nobody else', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const otherDoctor = await ctx.signedIn('doctor', 'verified');
    const meeting = await create(admin.cookie, meetingBody(client.email, doctor.email));
    const path = `/api/v1/meeting/${meeting._id}/report`;

    const stranger = await ctx.request('PUT', path, { cookie: otherDoctor.cookie, body: { reportLink: 'https://reports.example.in/x' } });
    expect(stranger.status).toBe(404);
    expect((await ctx.request('PUT', path, { cookie: client.cookie, body: { reportLink: 'https://reports.example.in/x' } })).status).toBe(403);

    const own = await ctx.request('PUT', path, { cookie: doctor.cookie, body: { reportLink: 'https://reports.example.in/r1' } });
    expect(own.status).toBe(200);
    const json = meetingResponse.parse(await own.json());
    expect(json.message).toBe(M.reportSaved);
    expect(json.meeting.reportLink).toBe('https://reports.example.in/r1');
    expect(await ctx.deps.cols.auditLog.findOne({ action: 'meeting.report', 'target.id': meeting._id, 'actor.email': doctor.email })).not.toBeNull();

    const byAdmin = await ctx.request('PUT', path, { cookie: admin.cookie, body: { reportLink: 'http://reports.example.in/r2' } });
    expect(meetingResponse.parse(await byAdmin.json()).meeting.reportLink).toBe('http://reports.example.in/r2');
  });

  it('needs an http(s) link', async () => {
    ctx.clock.set(START);
    const { admin, client, doctor } = await people();
    const meeting = await create(admin.cookie, meetingBody(client.email, doctor.email));
    for (const [reportLink, message] of [['', M.reportLinkRequired], ['ftp://files.example.in/r', M.invalidUrl], ['javascript:alert(1)', M.invalidUrl]] as const) {
      const res = await ctx.request('PUT', `/api/v1/meeting/${meeting._id}/report`, { cookie: doctor.cookie, body: { reportLink } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
  });
});
