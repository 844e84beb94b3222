import { NOTICE_VERSION } from '@bh/shared';
import { ObjectId, type CommandStartedEvent } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { consentSlotsV1 } from '../db/migrations/008-consent-slots-v1.ts';
import { listConsents, recordConsent } from '../domain/privacy/consents.service.ts';
import { slotId, slotItems } from './owner-slots.ts';

let ctx: TestContext;
let commands: CommandStartedEvent[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ monitorCommands: true });
  ctx.deps.client.on('commandStarted', (event) => commands.push(event));
});

describe("a person's consents", () => {
  // The portal reads them on every start (the notice gate). A query by userId read every person's
  // consents on the embedded FerretDB: 80-110 ms with 4,000 of them, growing with every person.
  it('are read by _id only when the portal asks for the notice status', async () => {
    const user = await ctx.signedIn('user');
    const accepted = await ctx.request('POST', '/api/v1/privacy/notice/accept', { cookie: user.cookie, body: { version: NOTICE_VERSION } });
    expect(accepted.status).toBe(200);
    commands = [];
    const res = await ctx.request('GET', '/api/v1/privacy/notice', { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { accepted: true, consents: [{ kind: 'notice', action: 'given', version: NOTICE_VERSION }] } });
    const reads = commands.filter((c) => c.commandName === 'find' && ['consents', 'consent_slots'].includes(String(c.command.find)));
    expect(reads.map((c) => c.command.find)).toEqual(['consent_slots', 'consents']);
    for (const read of reads) expect(Object.keys(read.command.filter as object)).toEqual(['_id']);
  });

  it('are all kept when one person gives many at once, newest first', async () => {
    const userId = new ObjectId();
    const at = (i: number) => new Date(Date.parse('2026-06-15T06:30:00.000Z') + i * 1000);
    const given = await Promise.all(Array.from({ length: 70 }, (_, i) => recordConsent(ctx.deps, userId, { kind: 'notice', action: i % 2 ? 'withdrawn' : 'given', at: at(i) })));
    const listed = await listConsents(ctx.deps, userId);
    expect(listed.map((c) => c._id.toHexString())).toEqual(given.sort((a, b) => b.at.getTime() - a.at.getTime()).map((c) => c._id.toHexString()));
    // Numbered 0…69 without a gap, past one batch of the list's reads.
    expect(await ctx.deps.cols.consentSlots.countDocuments({ _id: { $in: Array.from({ length: 70 }, (_, i) => slotId(userId.toHexString(), i)) } })).toBe(70);
    // Nobody else's.
    expect(await listConsents(ctx.deps, new ObjectId())).toEqual([]);
  });

  it('stored before the lists existed are listed by the migration, once', async () => {
    const [a, b] = [new ObjectId(), new ObjectId()];
    const row = (userId: ObjectId, seconds: number) => ({ _id: new ObjectId(), userId, kind: 'notice' as const, action: 'given' as const, version: NOTICE_VERSION, at: new Date(Date.parse('2026-01-01T00:00:00.000Z') + seconds * 1000), network: null });
    const old = [row(a, 3), row(a, 1), row(b, 2)];
    await ctx.deps.cols.consents.insertMany(old);
    expect(await listConsents(ctx.deps, a)).toEqual([]);

    const migration = { db: ctx.deps.db, cols: ctx.deps.cols, documentKey: ctx.deps.config.documentKey };
    expect(await consentSlotsV1.run(migration)).toMatch(/^Listed \d+ consent/);
    expect(await consentSlotsV1.run(migration)).toBeNull();
    expect((await listConsents(ctx.deps, a)).map((c) => c._id)).toEqual([old[0]!._id, old[1]!._id]);
    expect((await listConsents(ctx.deps, b)).map((c) => c._id)).toEqual([old[2]!._id]);
    // Oldest first in the list, as recordConsent would have added them.
    expect(await slotItems(ctx.deps.cols.consentSlots, a.toHexString())).toEqual([old[1]!._id, old[0]!._id]);
  });
});
