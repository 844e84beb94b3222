import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMeetingsResponse, meetingResponse } from '@bh/shared';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { meetingBetween } from '../../../test/meetings.ts';
import { participantMeetingsV1 } from '../../db/migrations/001-participant-meetings-v1.ts';
import { runMigrations } from '../../db/migrations/runner.ts';
import { participantMeetingsV2 } from '../../db/migrations/004-participant-meetings-v2.ts';
import { participantMeetingsV3 } from '../../db/migrations/005-participant-meetings-v3.ts';
import { meetingCard, packCards, unpackCards } from '../../db/collections.ts';
import { cardsOf } from './participant-meetings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set('2026-06-15T06:30:00.000Z');
});

const HOUR = 60 * 60_000;

/** The start-up migrations that list older meetings under their participants (refs, then cards, then packed cards), run as a start would. */
const backfill = () => runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [participantMeetingsV1, participantMeetingsV2, participantMeetingsV3]);

async function meetingsSeenBy(cookie: string): Promise<string[]> {
  const res = await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie });
  expect(res.status).toBe(200);
  return getMeetingsResponse.parse(await res.json()).meetings.map((m) => m._id);
}

describe('participant meeting lists', () => {
  it('lists meetings stored before refs existed once the start-up backfill has run, and only once', async () => {
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    // Written straight to the collection, the way meetings stored before refs existed look.
    const older = await Promise.all([1, 2, 3].map((d) => meetingBetween(ctx, client.id, doctor.id, { startsAt: new Date(ctx.clock.now().getTime() + d * 24 * HOUR) })));
    await ctx.deps.cols.meetings.insertMany(older);
    expect(await meetingsSeenBy(client.cookie)).toEqual([]);

    expect(await backfill()).toEqual([
      'Listed 6 meeting(s) under their participants',
      'Listed 6 meeting card(s) under 2 participant(s)',
      'Packed 6 meeting card(s) in 2 participant list(s)',
    ]);
    const ids = older.map((m) => m._id.toHexString());
    expect(await meetingsSeenBy(client.cookie)).toEqual(ids);
    expect(await meetingsSeenBy(doctor.cookie)).toEqual(ids);

    // Marked as done: a second start adds nothing and lists nothing twice.
    expect(await backfill()).toEqual([]);
    expect(await ctx.deps.cols.migrations.findOne({ _id: 'participant-meetings-v1' })).toMatchObject({ finishedAt: expect.any(Date) });
    await ctx.deps.cols.migrations.deleteMany({});
    expect(await backfill()).toEqual([]);
    expect((await cardsOf(ctx.deps.db, new ObjectId(client.id))).length).toBe(3);
    const stored = await ctx.deps.cols.participantMeetings.findOne({ _id: new ObjectId(client.id) });
    expect(stored?.refs).toBeUndefined();
    expect(stored?.cards).toBeUndefined();
    expect(unpackCards(stored).map((card) => card._id.toHexString())).toEqual(ids);
    expect(await meetingsSeenBy(client.cookie)).toEqual(ids);
  });

  it('packs lists an earlier version stored as arrays of cards, card for card, and packs nothing twice', async () => {
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const start = (days: number) => new Date(ctx.clock.now().getTime() + days * 24 * HOUR);
    const by = { id: new ObjectId(doctor.id), email: doctor.email, role: 'doctor' as const };
    const moved = await meetingBetween(ctx, client.id, doctor.id, {
      startsAt: start(4),
      history: [{ kind: 'rescheduled', at: start(0), by, reason: 'Clinic closed', from: start(3), to: start(4) }],
    });
    const plain = await meetingBetween(ctx, client.id, doctor.id, { startsAt: start(5), reportLink: 'https://forms.example.in/r/1' });
    const cards = [moved, plain].map(meetingCard);
    // Stored the way participant-meetings-v2 and the store before v3 left a list.
    await ctx.deps.cols.meetings.insertMany([moved, plain]);
    for (const id of [client.id, doctor.id]) await ctx.deps.cols.participantMeetings.updateOne({ _id: new ObjectId(id) }, { $set: { cards } }, { upsert: true });
    await ctx.deps.cols.migrations.deleteMany({ _id: /^participant-meetings-v3/ });
    const pack = () => runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, [participantMeetingsV3]);

    const [line] = await pack();
    expect(line).toMatch(/^Packed \d+ meeting card\(s\) in \d+ participant list\(s\)$/);
    for (const id of [client.id, doctor.id]) {
      const stored = await ctx.deps.cols.participantMeetings.findOne({ _id: new ObjectId(id) });
      expect(stored?.cards).toBeUndefined();
      // The same values and types (ids, dates, nulls) as the array held.
      expect(unpackCards(stored)).toEqual(cards);
    }
    expect(await meetingsSeenBy(client.cookie)).toEqual([moved._id.toHexString(), plain._id.toHexString()]);

    await ctx.deps.cols.migrations.deleteMany({ _id: /^participant-meetings-v3/ });
    expect(await pack()).toEqual([]);
  });

  it('removes a deleted meeting from both participants, cards first, so a crash half-way leaves no card to nothing', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const created: string[] = [];
    for (const meetingTime of ['10:00 AM', '02:00 PM', '06:00 PM']) {
      const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
        cookie: admin.cookie,
        body: { clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-17', meetingTime, meetingLink: 'https://meet.example.in/r', formLink: 'https://forms.example.in/r' },
      });
      expect(res.status).toBe(201);
      created.push(meetingResponse.parse(await res.json()).meeting._id);
    }
    expect(await meetingsSeenBy(client.cookie)).toEqual(created);

    expect((await ctx.request('DELETE', `/api/v1/meeting/${created[0]}`, { cookie: admin.cookie })).status).toBe(200);
    for (const id of [client.id, doctor.id]) {
      const cards = await cardsOf(ctx.deps.db, new ObjectId(id));
      expect(cards.map((r) => r._id.toHexString()).sort()).toEqual([created[1], created[2]].sort());
    }

    // A crash after removing the cards and before deleting the meeting: the list no longer shows
    // it, the admin grid still does, and deleting it again finishes the job.
    for (const id of [client.id, doctor.id]) {
      const list = { _id: new ObjectId(id) };
      const found = await ctx.deps.cols.participantMeetings.findOne(list);
      await ctx.deps.cols.participantMeetings.updateOne(list, { $set: { packedCards: packCards(unpackCards(found).filter((c) => !c._id.equals(new ObjectId(created[1])))) } });
    }
    expect(await meetingsSeenBy(client.cookie)).toEqual([created[2]]);
    expect((await ctx.request('DELETE', `/api/v1/meeting/${created[1]}`, { cookie: admin.cookie })).status).toBe(200);
    expect(await ctx.deps.cols.meetings.countDocuments({ _id: new ObjectId(created[1]) })).toBe(0);
    expect(await meetingsSeenBy(client.cookie)).toEqual([created[2]]);
    expect(await meetingsSeenBy(doctor.cookie)).toEqual([created[2]]);
    expect(await ctx.deps.cols.participantMeetings.countDocuments({ _id: new ObjectId(client.id) })).toBe(1);
  });

  it('still refuses a booking that overlaps one found through the cards, but not one whose meeting is gone', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.signedIn('user');
    const doctor = await ctx.signedIn('doctor', 'verified');
    const body = { clientId: client.email, doctorId: doctor.email, meetingDate: '2026-06-18', meetingTime: '11:00 AM', meetingLink: 'https://meet.example.in/o', formLink: 'https://forms.example.in/o' };
    const first = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body });
    expect(first.status).toBe(201);
    const again = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body: { ...body, meetingTime: '12:15 PM' } });
    expect(again.status).toBe(409);

    const id = meetingResponse.parse(await first.json()).meeting._id;
    await ctx.deps.cols.meetings.deleteOne({ _id: new ObjectId(id) });
    const freed = await ctx.request('POST', '/api/v1/meeting/create-meeting', { cookie: admin.cookie, body: { ...body, meetingTime: '12:15 PM' } });
    expect(freed.status).toBe(201);
  });
});
