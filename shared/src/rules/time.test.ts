import { describe, expect, it, vi } from 'vitest';
import {
  calendarParts,
  countdownParts,
  dashboardState,
  formatIst,
  formatIstWithZone,
  istDateAndTime,
  istDateString,
  istParts,
  isJoinWindowOpen,
  lookupState,
  meetingInstant,
  meetingsOverlap,
  parseTime12h,
  showsJoinNowBadge,
  time12h,
} from './time.ts';

const min = 60_000;

describe('parseTime12h', () => {
  it('maps 12 am to hour 0 and keeps 12 pm as 12', () => {
    expect(parseTime12h('12:00 am')).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime12h('12:15 PM')).toEqual({ hours: 12, minutes: 15 });
    expect(parseTime12h('02:30 PM')).toEqual({ hours: 14, minutes: 30 });
    expect(parseTime12h('9:05am')).toEqual({ hours: 9, minutes: 5 });
  });
  it('refuses hours outside 1–12, bad minutes and missing periods', () => {
    for (const bad of ['13:00 PM', '00:30 AM', '10:60 AM', '10:30', '1030 AM', '']) {
      expect(parseTime12h(bad)).toBeNull();
    }
  });
});

describe('meetingInstant', () => {
  it('reads the date and time in Asia/Kolkata', () => {
    expect(meetingInstant('2026-01-15', '10:30 AM')?.toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(meetingInstant('2026-01-15', '12:10 AM')?.toISOString()).toBe('2026-01-14T18:40:00.000Z');
  });
  it('refuses impossible dates', () => {
    expect(meetingInstant('2026-02-30', '10:30 AM')).toBeNull();
    expect(meetingInstant('15-01-2026', '10:30 AM')).toBeNull();
  });
});

describe('istDateString', () => {
  it('rolls over to the next day at 18:30 UTC', () => {
    expect(istDateString(new Date('2026-03-01T18:29:00Z'))).toBe('2026-03-01');
    expect(istDateString(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
  });
});

describe('time12h', () => {
  it('writes hour 0 as 12 AM, noon as 12 PM, with two-digit hours and minutes', () => {
    expect(time12h(0, 5)).toBe('12:05 AM');
    expect(time12h(12, 0)).toBe('12:00 PM');
    expect(time12h(9, 30)).toBe('09:30 AM');
    expect(time12h(23, 59)).toBe('11:59 PM');
  });
});

describe('istDateAndTime', () => {
  it('writes an instant as India’s date and 12-hour time, round-tripping through meetingInstant', () => {
    expect(istDateAndTime(new Date('2026-06-15T18:45:00Z'))).toEqual({ meetingDate: '2026-06-16', meetingTime: '12:15 AM' });
    expect(istDateAndTime(new Date('2026-06-15T06:30:00Z'))).toEqual({ meetingDate: '2026-06-15', meetingTime: '12:00 PM' });
    expect(istDateAndTime(new Date('2026-06-15T09:05:00Z'))).toEqual({ meetingDate: '2026-06-15', meetingTime: '02:35 PM' });
    const instant = new Date('2026-12-31T20:10:00Z');
    const { meetingDate, meetingTime } = istDateAndTime(instant);
    expect(meetingInstant(meetingDate, meetingTime)).toEqual(instant);
  });
});

describe('dashboard windows', () => {
  const start = new Date('2026-05-01T10:00:00Z');
  const at = (m: number) => new Date(start.getTime() + m * min);

  it('opens join 5 minutes before start and closes 90 minutes after', () => {
    expect(isJoinWindowOpen(start, new Date(start.getTime() - 5 * min - 1000))).toBe(false);
    expect(isJoinWindowOpen(start, at(-5))).toBe(true);
    expect(isJoinWindowOpen(start, at(0))).toBe(true);
    expect(isJoinWindowOpen(start, at(90))).toBe(true);
    expect(isJoinWindowOpen(start, new Date(start.getTime() + 90 * min + 1000))).toBe(false);
  });
  it('shows the Join Now! badge from start to +60 minutes', () => {
    expect(showsJoinNowBadge(start, at(-1))).toBe(false);
    expect(showsJoinNowBadge(start, at(0))).toBe(true);
    expect(showsJoinNowBadge(start, at(60))).toBe(true);
    expect(showsJoinNowBadge(start, at(61))).toBe(false);
  });
  it('keeps a meeting upcoming until 90 minutes after start', () => {
    expect(dashboardState(start, at(89))).toBe('upcoming');
    expect(dashboardState(start, at(90))).toBe('past');
  });
  it('calls a lookup meeting ongoing for one hour', () => {
    expect(lookupState(start, at(-1))).toBe('upcoming');
    expect(lookupState(start, at(30))).toBe('ongoing');
    expect(lookupState(start, at(61))).toBe('past');
  });
});

describe('countdownParts', () => {
  it('splits the remaining time and says started once past', () => {
    const start = new Date('2026-05-02T11:01:01Z');
    expect(countdownParts(start, new Date('2026-05-01T10:00:00Z'))).toEqual({
      started: false, days: 1, hours: 1, minutes: 1, seconds: 1,
    });
    expect(countdownParts(start, start).started).toBe(true);
  });
});

describe('meetingsOverlap', () => {
  it('treats meetings as 90-minute slots', () => {
    const a = new Date('2026-05-01T10:00:00Z');
    expect(meetingsOverlap(a, new Date(a.getTime() + 89 * min))).toBe(true);
    expect(meetingsOverlap(a, new Date(a.getTime() + 90 * min))).toBe(false);
    expect(meetingsOverlap(a, new Date(a.getTime() - 89 * min))).toBe(true);
  });
});

describe('formatIstWithZone', () => {
  it('writes the instant in India with the zone named, 12-hour clock', async () => {
    const { formatIstWithZone } = await import('./time.ts');
    expect(formatIstWithZone('2026-11-24T12:00:00.000Z')).toBe('Tue, 24 Nov 2026, 05:30 PM IST');
    expect(formatIstWithZone('2026-11-23T18:30:00.000Z')).toBe('Tue, 24 Nov 2026, 12:00 AM IST');
    expect(formatIstWithZone('2026-11-24T06:30:00.000Z')).toBe('Tue, 24 Nov 2026, 12:00 PM IST');
    expect(formatIstWithZone('2026-12-31T20:05:00.000Z')).toBe('Fri, 01 Jan 2027, 01:35 AM IST');
  });
});

describe('dates spelt without Intl', () => {
  it('spells an instant as India’s date and time, as en-IN does (September is Sept), across midnight and the year', () => {
    expect(formatIst('2026-11-21T04:35:00Z')).toBe('21 Nov 2026, 10:05 am');
    expect(formatIst('2026-11-23T18:30:00Z')).toBe('24 Nov 2026, 12:00 am');
    expect(formatIst('2026-11-24T06:30:00Z')).toBe('24 Nov 2026, 12:00 pm');
    expect(formatIst('2026-12-31T20:05:00Z')).toBe('01 Jan 2027, 01:35 am');
    expect(formatIst('2030-09-30T18:29:00Z')).toBe('30 Sept 2030, 11:59 pm');
    expect(formatIst(new Date('2027-03-01T18:29:00Z'))).toBe('01 Mar 2027, 11:59 pm');
  });

  it('reads the parts of an instant on India’s clock and of a calendar date as written', () => {
    // 20:00 UTC is already the next day in India.
    expect(istParts('2026-11-21T20:00:00Z')).toEqual({ year: 2026, month: 10, day: 22, weekday: 0, hours: 1, minutes: 30 });
    expect(calendarParts('2028-02-29')).toEqual({ year: 2028, month: 1, day: 29, weekday: 2, hours: 0, minutes: 0 });
    expect(calendarParts('2027-02-29')).toBeNull();
  });

  it('refuses an invalid instant as Intl did, and builds no Intl formatter (a phone’s first one cost 15–20 ms)', () => {
    expect(() => formatIst('not a date')).toThrow(RangeError);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      formatIst('2026-11-21T04:35:00Z');
      formatIstWithZone('2026-11-21T04:35:00Z');
      istParts(Date.now());
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
