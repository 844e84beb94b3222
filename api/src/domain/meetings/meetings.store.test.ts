import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRequestResponse, getMeetingsResponse, meetingResponse, type Meeting } from '@bh/shared';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { meetingBetween } from '../../../test/meetings.ts';
import { ERASED_NAME, eraseAccount } from '../privacy/requests.service.ts';
import { insertMeetings, meetingsCollection, toMeeting } from './meetings.store.ts';
import { cardsOf } from './participant-meetings.ts';

/**
 * The participants' lists (issue 20): a client's or an associate's get-meetings is served from one
 * document of cards kept in step with the meetings by the store, in at most 3 database round trips
 * (the session, the account, the list), and it shows exactly what the meetings collection holds
 * after every change of the booking life cycle.
 */

let ctx: TestContext;
let commands: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
  ctx.deps.client.on('commandStarted', (event) => commands.push(event.commandName));
});

/** Monday 2026-06-15, 12:00 in India. */
const NOW = new Date('2026-06-15T06:30:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

type Person = { cookie: string; id: string; email: string };

async function listOf(who: Person): Promise<Meeting[]> {
  const res = await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie: who.cookie });
  expect(res.status).toBe(200);
  return getMeetingsResponse.parse(await res.json()).meetings;
}

/** What the meetings collection, the source of truth, says this person's list should be. */
async function truthOf(id: string, seat: 'clientId' | 'doctorId'): Promise<Meeting[]> {
  const docs = await meetingsCollection(ctx.deps.db).find({ [seat]: new ObjectId(id) }).toArray();
  docs.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a._id.toHexString().localeCompare(b._id.toHexString()));
  return docs.map(toMeeting);
}

async function expectListsRight(client: Person, doctor: Person, step: string): Promise<Meeting[]> {
  const mine = await listOf(client);
  expect(mine, step).toEqual(await truthOf(client.id, 'clientId'));
  expect(await listOf(doctor), step).toEqual(await truthOf(doctor.id, 'doctorId'));
  return mine;
}

const post = async (path: string, who: Person, body: unknown, status = 200) => {
  const res = await ctx.request('POST', `/api/v1${path}`, { cookie: who.cookie, body });
  expect(res.status, path).toBe(status);
  return res;
};

describe('get-meetings from the participant’s list', () => {
  it('costs at most 3 database round trips for a client and an associate, however many meetings there are', async () => {
    ctx.clock.set(NOW);
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const other = await ctx.signedIn('user');
    const docs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => meetingBetween(ctx, i < 10 ? client.id : other.id, doctor.id, { startsAt: new Date(NOW.getTime() + (i + 1) * 3 * HOUR) })),
    );
    await insertMeetings(ctx.deps.db, docs);
    for (const [who, expected] of [[client, 10], [doctor, 30]] as const) {
      commands = [];
      expect(await listOf(who)).toHaveLength(expected);
      expect(commands, 'session, account, list').toEqual(['find', 'find', 'find']);
    }
  });

  it('shows what the meetings hold after every change: create, cancel, reschedule, requests decided, report, joins, attendance, delete, erasure', async () => {
    ctx.clock.set(NOW);
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const admin = await ctx.signedIn('admin', 'verified');

    const ids: string[] = [];
    for (const [meetingDate, meetingTime] of [['2026-06-15', '12:30 PM'], ['2026-06-17', '11:00 AM'], ['2026-06-18', '11:00 AM'], ['2026-06-19', '11:00 AM']] as const) {
      const res = await post('/meeting/create-meeting', admin, { clientId: client.email, doctorId: doctor.email, meetingDate, meetingTime, meetingLink: 'https://meet.example.in/s', formLink: 'https://forms.example.in/s' }, 201);
      ids.push(meetingResponse.parse(await res.json()).meeting._id);
    }
    const [today, cancelled, moved, asked] = ids as [string, string, string, string];
    expect((await expectListsRight(client, doctor, 'created')).map((m) => m._id)).toEqual(ids);

    await post(`/meeting/${cancelled}/cancel`, client, { reason: 'Exam that day' });
    expect((await expectListsRight(client, doctor, 'cancelled')).find((m) => m._id === cancelled)?.status).toBe('cancelled');

    await post(`/meeting/${moved}/reschedule`, admin, { meetingDate: '2026-06-20', meetingTime: '10:00 AM', reason: 'Agreed by phone' });
    expect((await expectListsRight(client, doctor, 'rescheduled')).at(-1)?._id).toBe(moved);

    const cancelAsk = changeRequestResponse.parse(await (await post(`/meeting/${asked}/request`, doctor, { kind: 'cancel', reason: 'Family emergency' }, 201)).json()).request;
    expect((await expectListsRight(client, doctor, 'asked')).find((m) => m._id === asked)?.hasOpenRequest).toBe(true);
    await post(`/meeting/requests/${cancelAsk._id}/decide`, admin, { approve: false });
    expect((await expectListsRight(client, doctor, 'declined')).find((m) => m._id === asked)?.hasOpenRequest).toBe(false);
    const moveAsk = changeRequestResponse.parse(await (await post(`/meeting/${asked}/request`, doctor, { kind: 'reschedule', reason: 'Travel', meetingDate: '2026-06-22', meetingTime: '10:00 AM' }, 201)).json()).request;
    await post(`/meeting/requests/${moveAsk._id}/decide`, admin, { approve: true });
    expect((await expectListsRight(client, doctor, 'approved')).find((m) => m._id === asked)?.meetingDate).toBe('2026-06-22');

    const report = await ctx.request('PUT', `/api/v1/meeting/${today}/report`, { cookie: doctor.cookie, body: { reportLink: 'https://reports.example.in/today' } });
    expect(report.status).toBe(200);
    await expectListsRight(client, doctor, 'report');

    ctx.clock.set(new Date('2026-06-15T07:01:00.000Z'));
    await post(`/meeting/meetingJoinedAt/${today}`, client, {});
    await post(`/meeting/meetingJoinedAt/${today}`, doctor, {});
    const joined = (await expectListsRight(client, doctor, 'joined')).find((m) => m._id === today);
    expect([joined?.userJoinedAt, joined?.docJoinedAt]).toEqual(['2026-06-15T07:01:00.000Z', '2026-06-15T07:01:00.000Z']);

    ctx.clock.set(new Date('2026-06-15T08:45:00.000Z'));
    await post(`/meeting/${today}/attendance`, doctor, { outcome: 'no_show_client' });
    expect((await expectListsRight(client, doctor, 'attendance')).find((m) => m._id === today)).toMatchObject({ status: 'no_show', noShowBy: 'client' });

    // Two hours on, the first admin's session has lapsed; another admin deletes.
    const later = await ctx.signedIn('admin', 'verified');
    expect((await ctx.request('DELETE', `/api/v1/meeting/${moved}`, { cookie: later.cookie })).status).toBe(200);
    expect((await expectListsRight(client, doctor, 'deleted')).map((m) => m._id)).toEqual([today, cancelled, asked]);

    // An erased client's name leaves the associate's list too; the client's own list matches the meetings.
    await eraseAccount(ctx.deps, new ObjectId(client.id));
    const theirs = await listOf(doctor);
    expect(theirs).toEqual(await truthOf(doctor.id, 'doctorId'));
    expect(new Set(theirs.map((m) => m.clientName))).toEqual(new Set([ERASED_NAME]));
    const own = (await cardsOf(ctx.deps.db, new ObjectId(client.id))).reverse().map(toMeeting);
    expect(own).toEqual(await truthOf(client.id, 'clientId'));
  });
});

describe("get-meetings for an admin: the window's first meetings", () => {
  /** Far from every other test's meetings, so the window holds only this test's. */
  const FAR = new Date('2031-01-15T06:30:00.000Z');
  const DAY = 24 * HOUR;
  const FROM = FAR.getTime() - 30 * DAY;
  const TO = FAR.getTime() + 90 * DAY;

  /** What one read of the window would give: every meeting from FROM to TO by start and id, the first 200. */
  async function windowTruth(): Promise<string[]> {
    const docs = await meetingsCollection(ctx.deps.db).find({}).toArray();
    return docs
      .filter((d) => d.startsAt.getTime() >= FROM && d.startsAt.getTime() <= TO)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a._id.toHexString().localeCompare(b._id.toHexString()))
      .slice(0, 200)
      .map((d) => d._id.toHexString());
  }

  it('gives the first 200 by start, the same as one read of the window, at its edges and across the spans it reads in', async () => {
    ctx.clock.set(FAR);
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const at = (ms: number) => meetingBetween(ctx, client.id, doctor.id, { startsAt: new Date(ms) });
    const ids = async () => (await listOf(admin)).map((m) => m._id);

    // A sparse window: one just outside each edge, one on each edge, two far apart inside.
    const sparse = await Promise.all([FROM - 1, FROM, FROM + 1.5 * DAY, FROM + 60 * DAY, TO, TO + 1].map(at));
    await insertMeetings(ctx.deps.db, sparse);
    expect(await ids()).toEqual(sparse.slice(1, 5).map((d) => d._id.toHexString()));
    expect(await ids()).toEqual(await windowTruth());

    // A busy one: 250 more, five at each instant, some on the edges of the spans (a day, three, seven).
    const busy = await Promise.all(
      Array.from({ length: 250 }, (_, i) => at(FROM + [DAY, 3 * DAY, 7 * DAY][i % 3]! + Math.floor(i / 15) * 7 * HOUR)),
    );
    await insertMeetings(ctx.deps.db, busy);
    const seen = await ids();
    expect(seen).toHaveLength(200);
    expect(seen).toEqual(await windowTruth());
  });
});
