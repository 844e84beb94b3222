import { describe, expect, it, vi } from 'vitest';
import {
  countdownParts,
  dateFormatter,
  dashboardState,
  istDateAndTime,
  istDateString,
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

describe('dateFormatter', () => {
  it('builds its Intl formatter once, on first use, and formats as a new one would', () => {
    const Real = Intl.DateTimeFormat;
    let built = 0;
    const counting = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      built += 1;
      return new Real(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    try {
      const options = { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
      const format = dateFormatter('en-IN', options);
      expect(built).toBe(0);
      const days = [new Date('2026-11-21T04:30:00Z'), new Date('2026-11-21T20:00:00Z'), new Date('2027-01-01T00:00:00Z')];
      const texts = days.map(format);
      expect(built).toBe(1);
      expect(texts).toEqual(days.map((d) => new Real('en-IN', options).format(d)));
      // 20:00 UTC is already the next day in India.
      expect(texts.slice(0, 2)).toEqual(['Saturday, 21 November 2026', 'Sunday, 22 November 2026']);
    } finally {
      counting.mockRestore();
    }
  });
});
