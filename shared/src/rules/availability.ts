import { IST_OFFSET_MINUTES, MEETING_LENGTH_MINUTES, MINUTE_MS, meetingsOverlap, parseIsoDate } from './time.ts';

/**
 * An associate's working hours (issue 18): for each weekday, ranges of India's clock ('HH:MM',
 * 24-hour), and whole days off. Free 90-minute slots are laid from each range's start.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface HoursRange {
  start: string;
  end: string;
}

export interface Availability {
  weekly: Record<Weekday, HoursRange[]>;
  /** 'YYYY-MM-DD' dates in India with no sessions at all. */
  daysOff: string[];
}

export const EMPTY_AVAILABILITY: Availability = {
  weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  daysOff: [],
};

export const HOURS_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '09:30' → minutes after midnight, or null. */
export function minutesOfDay(text: string): number | null {
  const match = HOURS_PATTERN.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The weekday of an India date ('2026-06-15' → 'mon'), or null for a malformed date. */
export function weekdayOf(date: string): Weekday | null {
  const parts = parseIsoDate(date);
  if (!parts) return null;
  const sundayFirst = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** The UTC instant of minute `minutes` of an India date. */
function instantOn(date: string, minutes: number): Date | null {
  const parts = parseIsoDate(date);
  if (!parts) return null;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) + (minutes - IST_OFFSET_MINUTES) * MINUTE_MS);
}

/** '14:30' (24-hour) → '02:30 PM', the stored meeting time. */
export function meetingTimeOf(minutes: number): string {
  const hours24 = Math.floor(minutes / 60);
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${String(hours12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

export interface Slot {
  meetingDate: string;
  meetingTime: string;
  startsAt: string;
}

/** Every 90-minute slot the hours give on an India date (none on a day off). */
export function slotsOn(availability: Availability, date: string): Slot[] {
  const day = weekdayOf(date);
  if (!day || availability.daysOff.includes(date)) return [];
  const slots: Slot[] = [];
  for (const range of availability.weekly[day]) {
    const from = minutesOfDay(range.start);
    const to = minutesOfDay(range.end);
    if (from === null || to === null) continue;
    for (let m = from; m + MEETING_LENGTH_MINUTES <= to; m += MEETING_LENGTH_MINUTES) {
      slots.push({ meetingDate: date, meetingTime: meetingTimeOf(m), startsAt: instantOn(date, m)!.toISOString() });
    }
  }
  return slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Slots that start after `now` and clash with none of the `busy` starts. */
export function freeSlots(availability: Availability, date: string, busy: readonly Date[], now: Date): Slot[] {
  return slotsOn(availability, date).filter((slot) => {
    const start = new Date(slot.startsAt);
    return start.getTime() > now.getTime() && !busy.some((b) => meetingsOverlap(start, b));
  });
}

/** True when a whole 90-minute session from `start` lies inside the hours on a working day. */
export function withinHours(availability: Availability, start: Date): boolean {
  const shifted = new Date(start.getTime() + IST_OFFSET_MINUTES * MINUTE_MS);
  const date = shifted.toISOString().slice(0, 10);
  const day = weekdayOf(date);
  if (!day || availability.daysOff.includes(date)) return false;
  const minute = shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
  return availability.weekly[day].some((range) => {
    const from = minutesOfDay(range.start);
    const to = minutesOfDay(range.end);
    return from !== null && to !== null && minute >= from && minute + MEETING_LENGTH_MINUTES <= to;
  });
}
