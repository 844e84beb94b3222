/**
 * Time rules shared by the API and the portal (DESIGN §6).
 * India has one time zone with no daylight saving, so Asia/Kolkata is always UTC+05:30.
 */
export const IST_OFFSET_MINUTES = 330;
export const MINUTE_MS = 60_000;
export const MEETING_LENGTH_MINUTES = 90;
export const JOIN_OPENS_BEFORE_MINUTES = 5;
export const JOIN_NOW_BADGE_MINUTES = 60;
export const LOOKUP_ONGOING_MINUTES = 60;

/** 12-hour 'HH:MM' with hours 1–12 (optional leading zero) and minutes 00–59 (spec §5). */
export const TIME_12H_PATTERN = /^(0?[1-9]|1[0-2]):([0-5]\d)$/;

/** Parses '02:30 PM', '2:30 pm' or '10:30am' into 24-hour parts; 12 am is hour 0, 12 pm stays 12. */
export function parseTime12h(text: string): { hours: number; minutes: number } | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([ap]m)\s*$/i.exec(text);
  if (!match) return null;
  const [, h, m, period] = match as unknown as [string, string, string, string];
  if (!TIME_12H_PATTERN.test(`${h}:${m}`)) return null;
  let hours = Number(h) % 12;
  if (period.toLowerCase() === 'pm') hours += 12;
  return { hours, minutes: Number(m) };
}

/** 'YYYY-MM-DD' → parts, or null when not a real calendar date. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** The UTC instant of a meeting entered as an India date and a 12-hour time, or null if either is invalid. */
export function meetingInstant(meetingDate: string, meetingTime: string): Date | null {
  const date = parseIsoDate(meetingDate);
  const time = parseTime12h(meetingTime);
  if (!date || !time) return null;
  const utc = Date.UTC(date.year, date.month - 1, date.day, time.hours, time.minutes);
  return new Date(utc - IST_OFFSET_MINUTES * MINUTE_MS);
}

/**
 * The span every instant the product stores lies in: records' times come from the server's clock,
 * and a meeting's date is at most LAST_MEETING_DATE. Their milliseconds since 1970 have 13 digits,
 * which the embedded database's reads of a page of a grid rely on (docs/speed.md, "The admin grids").
 */
export const STORED_INSTANTS = { from: new Date(1e12), to: new Date(1e13 - 1) } as const;

/** The last India date a meeting can be set on: every time of that day lies in STORED_INSTANTS. */
export const LAST_MEETING_DATE = '2286-11-19';

/** Today's date in India as 'YYYY-MM-DD'. */
export function istDateString(now: Date): string {
  const shifted = new Date(now.getTime() + IST_OFFSET_MINUTES * MINUTE_MS);
  return shifted.toISOString().slice(0, 10);
}

/** '2:30 pm' → '02:30 PM': the one spelling meeting times are stored and shown with. */
export function time12h(hours24: number, minutes: number): string {
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const period = hours24 < 12 ? 'AM' : 'PM';
  return `${String(hours12).padStart(2, '0')}:${String(minutes).padStart(2, '0')} ${period}`;
}

/** An instant as India's calendar date and 12-hour time, the way meetings are entered: meetingInstant's inverse. */
export function istDateAndTime(instant: Date): { meetingDate: string; meetingTime: string } {
  const p = istParts(instant);
  return { meetingDate: istDateString(instant), meetingTime: time12h(p.hours, p.minutes) };
}

export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const WEEKDAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** en-IN's short months: September is 'Sept'. */
export const MONTHS_SHORT_EN_IN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
export const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** A day on a calendar and, for an instant, the time on the clock: month 0–11, weekday 0 (Sunday)–6. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

function partsOfUtc(date: Date): DateParts {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay(), hours: date.getUTCHours(), minutes: date.getUTCMinutes() };
}

/**
 * An instant on India's calendar and clock. Dates are spelt from these parts rather than through
 * `Intl.DateTimeFormat`: India keeps UTC+05:30 all year, so nothing needs a time zone database, and
 * a phone's first Intl formatter for a locale and zone took 15–20 ms of the dashboard's first render
 * (issue 20). The spellings are the ones en-IN and en-US gave through Intl (ICU 78), now the same in
 * every browser. Throws RangeError for an invalid date, as Intl does.
 */
export function istParts(instant: Date | string | number): DateParts {
  return partsOfUtc(new Date(new Date(instant).getTime() + IST_OFFSET_MINUTES * MINUTE_MS));
}

/** A calendar date 'YYYY-MM-DD' as parts (midnight), or null when not a real date. */
export function calendarParts(isoDate: string): DateParts | null {
  const parts = parseIsoDate(isoDate);
  return parts ? partsOfUtc(new Date(Date.UTC(parts.year, parts.month - 1, parts.day))) : null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** '21 Nov 2026, 10:05 am' style text in Asia/Kolkata, for join times (en-IN's spelling). */
export function formatIst(instant: Date | string | number): string {
  const p = istParts(instant);
  return `${pad2(p.day)} ${MONTHS_SHORT_EN_IN[p.month]} ${p.year}, ${time12h(p.hours, p.minutes).toLowerCase()}`;
}

/**
 * 'Mon, 24 Nov 2026, 05:30 PM IST': a session's time in emails and calendar texts, where the
 * reader may be anywhere and the zone has to be said. India has one offset all year.
 */
export function formatIstWithZone(instant: Date | string | number): string {
  const p = istParts(instant);
  return `${WEEKDAYS_SHORT[p.weekday]}, ${pad2(p.day)} ${MONTHS_SHORT[p.month]} ${p.year}, ${time12h(p.hours, p.minutes)} IST`;
}

export type DashboardState = 'upcoming' | 'past';

/** Upcoming until 90 minutes after start, then past (spec §4). */
export function dashboardState(start: Date, now: Date): DashboardState {
  return now.getTime() < start.getTime() + MEETING_LENGTH_MINUTES * MINUTE_MS ? 'upcoming' : 'past';
}

/** Join is possible from 5 minutes before start until 90 minutes after (inclusive at both ends). */
export function isJoinWindowOpen(start: Date, now: Date): boolean {
  const t = now.getTime();
  const s = start.getTime();
  return t >= s - JOIN_OPENS_BEFORE_MINUTES * MINUTE_MS && t <= s + MEETING_LENGTH_MINUTES * MINUTE_MS;
}

/** 'Join Now!' badge from start to one hour after start. */
export function showsJoinNowBadge(start: Date, now: Date): boolean {
  const t = now.getTime();
  const s = start.getTime();
  return t >= s && t <= s + JOIN_NOW_BADGE_MINUTES * MINUTE_MS;
}

export type LookupState = 'upcoming' | 'ongoing' | 'past';

/** Meetings lookup: ongoing from start to one hour later, past after that (spec §4). */
export function lookupState(start: Date, now: Date): LookupState {
  const t = now.getTime();
  const s = start.getTime();
  if (t < s) return 'upcoming';
  if (t <= s + LOOKUP_ONGOING_MINUTES * MINUTE_MS) return 'ongoing';
  return 'past';
}

export interface CountdownParts {
  started: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Days, hours, minutes and seconds until start; 'started' once the start has passed. */
export function countdownParts(start: Date, now: Date): CountdownParts {
  const diff = start.getTime() - now.getTime();
  if (diff <= 0) return { started: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  const totalSeconds = Math.floor(diff / 1000);
  return {
    started: false,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** Two 90-minute meetings overlap when each starts before the other ends. */
export function meetingsOverlap(a: Date, b: Date): boolean {
  const len = MEETING_LENGTH_MINUTES * MINUTE_MS;
  return a.getTime() < b.getTime() + len && b.getTime() < a.getTime() + len;
}

/**
 * An admin's dashboard list (get-meetings) is a bounded window around now, not the whole history
 * (that is the admin grid): the API and the portal's mocks read these bounds.
 */
export const ADMIN_MEETINGS_WINDOW = { pastDays: 30, futureDays: 90, limit: 200 } as const;
/** At most this many of a participant's own meetings in get-meetings (their latest). */
export const PARTICIPANT_MEETINGS_LIMIT = 200;
