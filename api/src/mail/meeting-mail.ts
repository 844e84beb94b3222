import { MINUTE_MS, type EmailTemplate } from '@bh/shared';
import type { NewEmail, Outbox } from './outbox.ts';
import { REMINDER_TEMPLATES } from './templates.ts';
import type { MeetingDoc } from '../db/collections.ts';

const HOUR_MS = 60 * MINUTE_MS;

/** Reminders before the start (DESIGN §7); each is dropped once the next one, or the start, is due. */
export const REMINDERS: readonly { template: EmailTemplate; beforeMs: number; expiresBeforeMs: number }[] = [
  { template: 'meeting-reminder-24h', beforeMs: 24 * HOUR_MS, expiresBeforeMs: HOUR_MS },
  { template: 'meeting-reminder-1h', beforeMs: HOUR_MS, expiresBeforeMs: 0 },
];

/** What a meeting email may carry: names, emails, the time and the link (no service, no notes). */
function meetingData(doc: MeetingDoc, audience: 'client' | 'associate'): Record<string, string> {
  return {
    meetingId: doc._id.toHexString(),
    startsAt: doc.startsAt.toISOString(),
    meetingLink: doc.meetingLink,
    clientName: doc.clientName,
    clientEmail: doc.clientEmail,
    doctorName: doc.doctorName,
    doctorEmail: doc.doctorEmail,
    audience,
    // The calendar SEQUENCE of the file this email carries (same UID, higher on every change).
    sequence: String(doc.sequence ?? 0),
  };
}

function both(doc: MeetingDoc, template: EmailTemplate, extra: Partial<NewEmail> = {}): NewEmail[] {
  return [
    { to: doc.clientEmail, template, data: meetingData(doc, 'client'), meetingId: doc._id.toHexString(), ...extra },
    { to: doc.doctorEmail, template, data: meetingData(doc, 'associate'), meetingId: doc._id.toHexString(), ...extra },
  ];
}

/**
 * A new meeting: a confirmation with the calendar invite to each person now, and the reminders
 * queued for their time. The outbox is the scheduler: every instance's sender picks due messages
 * by lease, so each reminder goes once, and one that fell due while no server ran goes when one
 * is back, unless it has expired by then (the meeting started, or the next reminder is due).
 */
export async function queueMeetingScheduled(outbox: Outbox, doc: MeetingDoc, now: Date): Promise<void> {
  await outbox.enqueue([...both(doc, 'meeting-scheduled'), ...meetingReminders(doc, now)]);
}

/**
 * A meeting's reminders to both people whose time is still ahead at `now`, each due at its time
 * and dropped once the next one (or the start) is due: for a booking, a reschedule, and meetings
 * booked before reminders were queued (migration 010-meeting-reminders-v1).
 */
export function meetingReminders(doc: MeetingDoc, now: Date): NewEmail[] {
  const start = doc.startsAt.getTime();
  const emails: NewEmail[] = [];
  for (const r of REMINDERS) {
    const dueAt = new Date(start - r.beforeMs);
    if (dueAt <= now) continue;
    emails.push(...both(doc, r.template, { dueAt, expiresAt: new Date(start - r.expiresBeforeMs) }));
  }
  return emails;
}

/**
 * A cancelled or deleted meeting: its reminders are cancelled and each person gets the calendar
 * cancellation. A cancelled meeting already carries its raised sequence; a deleted one that was
 * still scheduled gets the next one. The client is told the refund band, if any.
 */
export async function queueMeetingCancelled(outbox: Outbox, doc: MeetingDoc): Promise<void> {
  await outbox.cancelForMeeting(doc._id.toHexString(), REMINDER_TEMPLATES);
  const sequence = (doc.sequence ?? 0) + ((doc.status ?? 'scheduled') === 'scheduled' ? 1 : 0);
  const emails = both({ ...doc, sequence }, 'meeting-cancelled');
  if (doc.cancellation) emails[0]!.data.band = doc.cancellation.band;
  await outbox.enqueue(emails);
}

/**
 * A rescheduled meeting: the old reminders go, each person gets the updated invite (same UID,
 * the raised SEQUENCE) and reminders are queued for the new time.
 */
export async function queueMeetingRescheduled(outbox: Outbox, doc: MeetingDoc, previousStart: Date, now: Date): Promise<void> {
  await outbox.cancelForMeeting(doc._id.toHexString(), REMINDER_TEMPLATES);
  const emails = both(doc, 'meeting-rescheduled');
  for (const email of emails) email.data.previousStartsAt = previousStart.toISOString();
  await outbox.enqueue([...emails, ...meetingReminders(doc, now)]);
}
