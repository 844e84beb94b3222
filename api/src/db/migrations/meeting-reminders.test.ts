import { beforeAll, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import type { TestContext } from '../../../test/context.ts';
import { createMailContext, type TestMail } from '../../../test/mail.ts';
import { storeMeetingBetween } from '../../../test/meetings.ts';
import { queueMeetingScheduled } from '../../mail/meeting-mail.ts';
import { MIGRATIONS } from './index.ts';
import { meetingRemindersV1 } from './010-meeting-reminders-v1.ts';
import { runMigrations } from './runner.ts';

/**
 * Issue 47, item 6: meetings booked before their reminders went through the outbox got none
 * (five future sessions of an upgraded database). The database here is as such a version left
 * it: meetings stored with no outbox message at all. A start runs the migrations; the migration
 * works from the real time, so the meetings are placed around it.
 */
let ctx: TestContext;
let mail: TestMail;
beforeAll(async () => ({ ctx, mail } = await createMailContext()));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('reminders of meetings booked before the outbox', () => {
  it('a start queues each upcoming meeting\'s reminders once, and they go at their time', async () => {
    const now = Date.now();
    const client = await ctx.createUser({ role: 'user', name: 'Priya Client' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr Meera Rao' });
    const store = (startsAt: number, fields: Record<string, unknown> = {}) => storeMeetingBetween(ctx, client.id, doctor.id, { startsAt: new Date(startsAt), ...fields });
    // Five future sessions, as the upgrade left them: no outbox message.
    const five = [];
    for (let d = 2; d <= 6; d += 1) five.push(await store(now + d * DAY + 3 * HOUR));
    // One in ten hours: its 24-hour reminder's time has passed; one past; one cancelled.
    const soon = await store(now + 10 * HOUR);
    const past = await store(now - 2 * DAY);
    const cancelled = await store(now + 3 * DAY, { status: 'cancelled' });
    // One booked by this version: its reminders are in the outbox already.
    const bookedId = await store(now + 4 * DAY + 5 * HOUR);
    const booked = (await ctx.deps.cols.meetings.findOne({ _id: new ObjectId(bookedId) }))!;
    await queueMeetingScheduled(ctx.deps.outbox, booked, new Date(now));

    const reminders = (meetingId: string) => ctx.deps.cols.outbox.find({ meetingId, template: { $in: ['meeting-reminder-24h', 'meeting-reminder-1h'] } }).toArray();
    for (const id of five) expect(await reminders(id)).toHaveLength(0);

    const lines = await runMigrations({ db: ctx.deps.db, documentKey: ctx.deps.config.documentKey }, MIGRATIONS);
    expect(lines).toContain('Queued 22 reminder(s) for 6 upcoming meeting(s) booked before reminders were queued');

    for (const id of five) {
      const queued = await reminders(id);
      const meeting = (await ctx.deps.cols.meetings.findOne({ _id: new ObjectId(id) }))!;
      const start = meeting.startsAt.getTime();
      expect(queued.map((r) => `${r.template} ${r.to} ${r.dueAt.getTime() - start}`).sort()).toEqual(
        [
          `meeting-reminder-1h ${client.email} ${-HOUR}`,
          `meeting-reminder-1h ${doctor.email} ${-HOUR}`,
          `meeting-reminder-24h ${client.email} ${-DAY}`,
          `meeting-reminder-24h ${doctor.email} ${-DAY}`,
        ].sort(),
      );
      expect(queued.every((r) => r.status === 'pending' && r.data.startsAt === meeting.startsAt.toISOString())).toBe(true);
      // Each in the queue of unsent mail, where the senders look.
      expect(await ctx.deps.cols.outboxQueue.countDocuments({ meetingId: id })).toBe(4);
    }
    expect((await reminders(soon)).map((r) => r.template)).toEqual(['meeting-reminder-1h', 'meeting-reminder-1h']);
    expect(await reminders(past)).toHaveLength(0);
    expect(await reminders(cancelled)).toHaveLength(0);
    expect(await reminders(bookedId)).toHaveLength(4);

    // Again (a run taken over, or another database state): nothing more.
    const migration = { db: ctx.deps.db, cols: ctx.deps.cols, documentKey: ctx.deps.config.documentKey };
    expect(await meetingRemindersV1.run(migration)).toBeNull();
    expect(await ctx.deps.cols.outbox.countDocuments({ template: { $in: ['meeting-reminder-24h', 'meeting-reminder-1h'] } })).toBe(26);

    // The first session's 24-hour reminders go at their time, to both people, once.
    const first = (await ctx.deps.cols.meetings.findOne({ _id: new ObjectId(five[0]!) }))!;
    ctx.clock.set(first.startsAt.getTime() - DAY + 60_000);
    await mail.deliver();
    for (const person of [client.email, doctor.email]) {
      const got = mail.to(person).filter((m) => m.subject.startsWith('Reminder: your session tomorrow'));
      expect(got).toHaveLength(1);
      expect(got[0]!.messageId).toMatch(/^<[0-9a-f]{24}@betterhealth\.example>$/);
    }
    const sent = await reminders(five[0]!);
    expect(sent.filter((r) => r.status === 'sent').map((r) => r.template)).toEqual(['meeting-reminder-24h', 'meeting-reminder-24h']);
  });
});
