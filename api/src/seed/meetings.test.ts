import { beforeAll, describe, expect, it } from 'vitest';
import { getMeetingsResponse, isJoinWindowOpen, meetingInstant } from '@bh/shared';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('demo meetings', () => {
  it('gives Priya and Dr. Meera a past session with a report, one joinable within the hour, and upcoming ones', async () => {
    const seededAt = new Date('2026-06-15T06:32:00.000Z');
    ctx.clock.set(seededAt);
    expect(await seedDemoData(ctx.deps)).not.toBeNull();

    const priya = await ctx.login('priya@demo.betterhealth.in', DEMO_PASSWORD);
    const meetings = getMeetingsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie: priya })).json()).meetings;
    expect(meetings.length).toBeGreaterThanOrEqual(3);
    for (const m of meetings) {
      expect(m.doctorId).toBe('meera@demo.betterhealth.in');
      expect(meetingInstant(m.meetingDate, m.meetingTime)?.toISOString()).toBe(m.startsAt);
    }
    const now = seededAt.getTime();
    const past = meetings.filter((m) => Date.parse(m.startsAt) < now);
    expect(past.some((m) => m.reportLink.startsWith('https://'))).toBe(true);
    const soon = meetings.find((m) => Date.parse(m.startsAt) > now && Date.parse(m.startsAt) <= now + 60 * 60 * 1000);
    expect(soon).toBeDefined();

    // The soon one opens for joining 5 minutes before it starts.
    ctx.clock.set(new Date(Date.parse(soon!.startsAt) - 4 * 60 * 1000));
    expect(isJoinWindowOpen(new Date(soon!.startsAt), ctx.clock.now())).toBe(true);
    const join = await ctx.request('POST', `/api/v1/meeting/meetingJoinedAt/${soon!._id}`, { cookie: priya });
    expect(join.status).toBe(200);

    const meera = await ctx.login('meera@demo.betterhealth.in', DEMO_PASSWORD);
    const held = getMeetingsResponse.parse(await (await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie: meera })).json()).meetings;
    expect(held.map((m) => m.clientId)).toContain('rahul@demo.betterhealth.in');
    const starts = held.map((m) => m.startsAt);
    expect(starts).toEqual(held.map((m) => m.startsAt).sort());
  });
});
