import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { MEETING_LENGTH_MINUTES, MINUTE_MS } from '@bh/shared';

/** India keeps +05:30 all year, so its VTIMEZONE is one fixed rule. */
const KOLKATA = 'Asia/Kolkata';
const KOLKATA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${KOLKATA}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface CalendarMeeting {
  meetingId: string;
  startsAt: Date;
  meetingLink: string;
  clientName: string;
  clientEmail: string;
  doctorName: string;
  doctorEmail: string;
}

/** The same UID for every file about one meeting, so calendars update or remove one event. */
export function meetingUid(meetingId: string, origin: string): string {
  return `meeting-${meetingId}@${new URL(origin).hostname}`;
}

/**
 * The session as an iCalendar file (DESIGN §7): 90 minutes from the start, in Asia/Kolkata, the
 * meeting link as location and URL, both people as attendees. REQUEST adds or updates it (a
 * reschedule: same UID, higher SEQUENCE); CANCEL (with a higher SEQUENCE) removes it. The summary names no service: no health details.
 */
export function meetingCalendar(
  meeting: CalendarMeeting,
  options: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; origin: string; organizerEmail: string; stamp: Date; sequence?: number },
): string {
  const calendar = ical({
    prodId: { company: 'Better Health', product: 'Sessions', language: 'EN' },
    method: ICalCalendarMethod[options.method],
    timezone: { name: KOLKATA, generator: () => KOLKATA_VTIMEZONE },
  });
  calendar.createEvent({
    id: meetingUid(meeting.meetingId, options.origin),
    // Every change raises the meeting's sequence, so calendars apply the latest file. Files from
    // before the life cycle carried no sequence: a cancellation then was 1, an invite 0.
    sequence: options.sequence ?? (options.method === 'CANCEL' ? 1 : 0),
    // Luxon values carry their zone, so ical-generator writes India's wall-clock time under
    // TZID=Asia/Kolkata (a plain Date would be written as UTC digits under that TZID).
    stamp: DateTime.fromJSDate(options.stamp, { zone: 'utc' }),
    start: DateTime.fromJSDate(meeting.startsAt, { zone: KOLKATA }),
    end: DateTime.fromJSDate(new Date(meeting.startsAt.getTime() + MEETING_LENGTH_MINUTES * MINUTE_MS), { zone: KOLKATA }),
    timezone: KOLKATA,
    summary: `Better Health session: ${meeting.clientName} with ${meeting.doctorName}`,
    description: `Join at the session's time: ${meeting.meetingLink}\nYour sessions: ${options.origin}/dashboard`,
    location: meeting.meetingLink,
    url: meeting.meetingLink,
    status: options.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: 'Better Health', email: options.organizerEmail },
    attendees: [
      { name: meeting.clientName, email: meeting.clientEmail, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION },
      { name: meeting.doctorName, email: meeting.doctorEmail, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION },
    ],
  });
  return calendar.toString();
}
