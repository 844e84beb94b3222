import { calendarParts, formatIst, istParts, MONTHS_LONG, MONTHS_SHORT_EN_IN, WEEKDAYS_LONG, WEEKDAYS_SHORT, type Meeting } from '@bh/shared';

export function startOf(meeting: Meeting): Date {
  return new Date(meeting.startsAt);
}

/** Earliest first (spec §2.6: the list is sorted by date ascending). */
export function sortByStart(meetings: readonly Meeting[]): Meeting[] {
  return [...meetings].sort((a, b) => startOf(a).getTime() - startOf(b).getTime());
}

// Dates are India's calendar dates ('YYYY-MM-DD'), so they are spelt as plain dates, never
// shifted through the browser's time zone; the spellings are en-IN's (shared rules/time.ts).

/** 'Sat, 21 Nov, 2026' */
export function formatMeetingDate(meetingDate: string): string {
  const p = calendarParts(meetingDate);
  return p ? `${WEEKDAYS_SHORT[p.weekday]}, ${p.day} ${MONTHS_SHORT_EN_IN[p.month]}, ${p.year}` : meetingDate;
}

/** 'Saturday, 21 Nov 2026': the day named once, in full, then the date. */
export function formatMeetingDay(meetingDate: string): string {
  const p = calendarParts(meetingDate);
  return p ? `${WEEKDAYS_LONG[p.weekday]}, ${p.day} ${MONTHS_SHORT_EN_IN[p.month]} ${p.year}` : meetingDate;
}

/** 'Saturday' */
export function meetingWeekday(meetingDate: string): string {
  const p = calendarParts(meetingDate);
  return (p && WEEKDAYS_LONG[p.weekday]) ?? '';
}

/** A join time in Asia/Kolkata, or null when nobody joined yet. */
export function formatJoinTime(instant: string | null): string | null {
  return instant ? formatIst(instant) : null;
}

/** Today in India, for the dashboard header: 'Saturday, 21 November 2026'. */
export function formatToday(now: Date): string {
  const p = istParts(now);
  return `${WEEKDAYS_LONG[p.weekday]}, ${p.day} ${MONTHS_LONG[p.month]} ${p.year}`;
}
