import { dateFormatter, formatIst, parseIsoDate, type Meeting } from '@bh/shared';

export function startOf(meeting: Meeting): Date {
  return new Date(meeting.startsAt);
}

/** Earliest first (spec §2.6: the list is sorted by date ascending). */
export function sortByStart(meetings: readonly Meeting[]): Meeting[] {
  return [...meetings].sort((a, b) => startOf(a).getTime() - startOf(b).getTime());
}

/**
 * Dates are India's calendar dates ('YYYY-MM-DD'), so they are formatted as plain dates, never
 * shifted through the browser's time zone.
 */
function calendarDate(meetingDate: string): Date | null {
  const parts = parseIsoDate(meetingDate);
  return parts ? new Date(Date.UTC(parts.year, parts.month - 1, parts.day)) : null;
}

const dateFormat = dateFormatter('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const dayFormat = dateFormatter('en-IN', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'short', year: 'numeric' });
const weekdayFormat = dateFormatter('en-IN', { timeZone: 'UTC', weekday: 'long' });
const todayFormat = dateFormatter('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'Sat, 21 Nov 2026' */
export function formatMeetingDate(meetingDate: string): string {
  const date = calendarDate(meetingDate);
  return date ? dateFormat(date) : meetingDate;
}

/** 'Saturday, 21 Nov, 2026': the day named once, in full, then the date. */
export function formatMeetingDay(meetingDate: string): string {
  const date = calendarDate(meetingDate);
  return date ? dayFormat(date) : meetingDate;
}

/** 'Saturday' */
export function meetingWeekday(meetingDate: string): string {
  const date = calendarDate(meetingDate);
  return date ? weekdayFormat(date) : '';
}

/** A join time in Asia/Kolkata, or null when nobody joined yet. */
export function formatJoinTime(instant: string | null): string | null {
  return instant ? formatIst(instant) : null;
}

/** Today in India, for the dashboard header: 'Saturday, 21 November 2026'. */
export function formatToday(now: Date): string {
  return todayFormat(now);
}
