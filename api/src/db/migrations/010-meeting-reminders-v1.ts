import { meetingReminders } from '../../mail/meeting-mail.ts';
import { writeOutboxDocs } from '../../mail/outbox.ts';
import { REMINDER_TEMPLATES } from '../../mail/templates.ts';
import type { Migration } from './runner.ts';

/** Meetings read per batch, with their reminders already in the outbox. */
const BATCH = 500;

/**
 * Queues the reminders of upcoming meetings booked before reminders went through the outbox
 * (issue 47: five future sessions of an upgraded database got none). For each scheduled meeting
 * that has not started, each reminder whose time is still ahead (24 h and 1 h before, to both
 * people, as a booking queues them) is written unless the outbox already holds that reminder for
 * that person and that start, in any state: one sent, cancelled or failed is not queued again, and
 * a meeting booked since, or a run taken over from an instance that died, gets none twice.
 *
 * Reminders are written without a stored Message-ID (a migration has no MAIL_FROM): the sender
 * sends `<id@domain>`, the same on every try.
 */
export const meetingRemindersV1: Migration = {
  id: 'meeting-reminders-v1',
  async run({ db, cols, documentKey }) {
    const now = new Date();
    const upcoming = (await cols.meetings.find({ startsAt: { $gt: now } }).toArray()).filter((m) => (m.status ?? 'scheduled') === 'scheduled');
    let meetings = 0;
    let written = 0;
    for (let i = 0; i < upcoming.length; i += BATCH) {
      const batch = upcoming.slice(i, i + BATCH);
      const held = await cols.outbox
        .find({ meetingId: { $in: batch.map((m) => m._id.toHexString()) }, template: { $in: [...REMINDER_TEMPLATES] } }, { projection: { meetingId: 1, template: 1, to: 1, 'data.startsAt': 1 } })
        .toArray();
      const key = (e: { meetingId?: string | null; template: string; to: string; data: Record<string, string> }) => `${e.meetingId}|${e.template}|${e.to}|${e.data.startsAt}`;
      const have = new Set(held.map(key));
      for (const meeting of batch) {
        const missing = meetingReminders(meeting, now).filter((e) => !have.has(key(e)));
        if (missing.length === 0) continue;
        await writeOutboxDocs(db, missing, { now, documentKey, messageIdDomain: null });
        meetings += 1;
        written += missing.length;
      }
    }
    return written > 0 ? `Queued ${written} reminder(s) for ${meetings} upcoming meeting(s) booked before reminders were queued` : null;
  },
};
