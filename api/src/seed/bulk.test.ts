import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMeetingsResponse, istDateAndTime, loginResponseSchema } from '@bh/shared';
import { bodyOf, createTestContext, type TestContext } from '../../test/context.ts';
import { insertAccount, insertMeetingsInBulk, newMeetingDoc, type MeetingDoc } from './bulk.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('bulk data for the benchmark', () => {
  it('makes an account that signs in, and meetings its participants see in their list', async () => {
    const password = 'Bench-pass-2025';
    const clientId = await insertAccount(ctx.deps.db, { name: 'Bench Client', email: 'Bench.Client@bench.example.in', password, role: 'user' });
    const login = await ctx.request('POST', '/api/v1/user/login', { body: { email: 'bench.client@bench.example.in', password } });
    expect(login.status).toBe(200);
    expect((await bodyOf(login, loginResponseSchema)).user).toMatchObject({ _id: clientId.toHexString(), role: 'user', isVerified: 'not_submitted' });

    const client = { _id: clientId, email: 'bench.client@bench.example.in', name: 'Bench Client' };
    const associate = { _id: new ObjectId(), email: 'bench-associate@bench.example.in', name: 'Bench Associate' };
    // Everyone else's meetings among 20 other clients, as the bench spreads them.
    const others = Array.from({ length: 20 }, (_, i) => ({ _id: new ObjectId(), email: `other-${i}@bench.example.in`, name: `Other Client ${i}` }));
    const docs: MeetingDoc[] = Array.from({ length: 1_200 }, (_, i) => {
      const startsAt = new Date(ctx.clock.now().getTime() + (i + 1) * 3 * 60 * 60_000);
      const fields = { ...istDateAndTime(startsAt), startsAt, meetingLink: 'https://meet.example.in/bench', formLink: 'https://forms.example.in/bench', createdAt: ctx.clock.now(), createdBy: associate._id };
      return newMeetingDoc(i < 3 ? client : others[i % others.length]!, associate, fields);
    });
    await insertMeetingsInBulk(ctx.deps.db, docs);
    expect(await ctx.deps.cols.meetings.countDocuments({ doctorId: associate._id })).toBe(1_200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const mine = await bodyOf(await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie }), getMeetingsResponse);
    expect(mine.meetings.map((m) => m._id)).toEqual(docs.slice(0, 3).map((d) => d._id.toHexString()));
  });
});
