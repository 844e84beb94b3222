import type { CommandStartedEvent } from 'mongodb';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMeetingsResponse, meetingResponse } from '@bh/shared';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { meetingBetween } from '../../../test/meetings.ts';
import { insertMeetings, meetingsCollection, type MeetingDoc } from './meeting.service.ts';

/**
 * get-meetings' database round trips, counted with the driver's command monitoring (issue 20: at
 * most 3 per call, whatever the number of meetings): the session, the user, and the participant's
 * meetings document with its cards. The bench measures the time; this counts the work.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
});

const HOUR = 60 * 60_000;

/** The commands this file's database received while `work` ran, as `command collection`. */
async function commandsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (e: CommandStartedEvent) => {
    if (e.databaseName !== ctx.deps.db.databaseName) return;
    seen.push(`${e.commandName} ${String(e.command[e.commandName])}`);
  };
  ctx.deps.client.on('commandStarted', listener);
  try {
    await work();
  } finally {
    ctx.deps.client.off('commandStarted', listener);
  }
  return seen;
}

async function list(cookie: string) {
  const res = await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie });
  expect(res.status).toBe(200);
  return getMeetingsResponse.parse(await res.json()).meetings;
}

describe('get-meetings round trips', () => {
  it('reads a client with 10 meetings among many in 3 commands: session, user, their meetings document', async () => {
    const client = await ctx.signedIn('user');
    const others = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const start = ctx.clock.now().getTime();
    const mine: MeetingDoc[] = [];
    for (let i = 0; i < 10; i += 1) mine.push(await meetingBetween(ctx, client.id, doctor.id, { startsAt: new Date(start + (i - 5) * 24 * HOUR) }));
    const template = await meetingBetween(ctx, others.id, doctor.id, { startsAt: new Date(start) });
    const crowd = Array.from({ length: 300 }, (_, i) => ({ ...template, _id: new ObjectId(), startsAt: new Date(start + (i - 150) * 3 * HOUR) }));
    await insertMeetings(ctx.deps.db, [...crowd, ...mine]);
    // Touched now, so the call below does not also slide the session's idle expiry (once a minute).
    await list(client.cookie);

    let meetings: Awaited<ReturnType<typeof list>> = [];
    const commands = await commandsDuring(async () => (meetings = await list(client.cookie)));
    expect(commands).toEqual(['find sessions', 'find users', 'find participant_meetings']);
    expect(meetings.map((m) => m._id)).toEqual(mine.map((m) => m._id.toHexString()));
    expect(meetings[0]).toMatchObject({ clientId: client.email, doctorId: doctor.email, userJoinedAt: null, reportLink: '' });
  });

  it('lists a join time and a report link as soon as they are set, and never a deleted meeting', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const created: string[] = [];
    for (const meetingTime of ['12:00 PM', '06:00 PM']) {
      const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
        cookie: admin.cookie,
        body: { clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-16', meetingTime, meetingLink: 'https://meet.example.in/c', formLink: 'https://forms.example.in/c' },
      });
      expect(res.status).toBe(201);
      created.push(meetingResponse.parse(await res.json()).meeting._id);
    }
    // 12:00 PM in India is 06:30 UTC: the join window is open.
    ctx.clock.set('2026-06-16T06:30:00.000Z');
    // A day later the sessions have lapsed: everyone signs in again.
    for (const who of [admin, client, doctor]) who.cookie = await ctx.login(who.email);
    expect((await ctx.request('POST', `/api/v1/meeting/meetingJoinedAt/${created[0]}`, { cookie: client.cookie })).status).toBe(200);
    expect((await ctx.request('PUT', `/api/v1/meeting/${created[0]}/report`, { cookie: doctor.cookie, body: { reportLink: 'https://forms.example.in/report-1' } })).status).toBe(200);

    for (const cookie of [client.cookie, doctor.cookie]) {
      const [first] = await list(cookie);
      expect(first?._id).toBe(created[0]);
      expect(first?.userJoinedAt).toBe(ctx.clock.now().toISOString());
      expect(first?.reportLink).toBe('https://forms.example.in/report-1');
    }

    expect((await ctx.request('DELETE', `/api/v1/meeting/${created[1]}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await list(client.cookie)).map((m) => m._id)).toEqual([created[0]]);
    expect((await list(doctor.cookie)).map((m) => m._id)).toEqual([created[0]]);
    expect(await meetingsCollection(ctx.deps.db).countDocuments({ _id: new ObjectId(created[1]) })).toBe(0);
  });
});
