import { describe, expect, it, vi } from 'vitest';
import { formatCalendarDate } from '../applications/ApplicationSections.tsx';
import { formatAdminTime } from '../components/format.ts';
import { formatJoinTime, formatMeetingDate, formatMeetingDay, formatToday, meetingWeekday } from './meetingTime.ts';

describe('the dates the portal shows (issue 20: spelt without Intl)', () => {
  it('spells meeting dates as written, en-IN style: a calendar date is never shifted through a time zone', () => {
    expect(formatMeetingDate('2026-11-21')).toBe('Sat, 21 Nov, 2026');
    expect(formatMeetingDate('2026-01-05')).toBe('Mon, 5 Jan, 2026');
    expect(formatMeetingDay('2028-02-29')).toBe('Tuesday, 29 Feb 2028');
    expect(formatMeetingDay('2030-09-30')).toBe('Monday, 30 Sept 2030');
    expect(meetingWeekday('2026-11-21')).toBe('Saturday');
    expect(formatCalendarDate('1990-04-12')).toBe('12 Apr 1990');
    // Not a date: shown as given.
    expect(formatMeetingDate('2026-02-30')).toBe('2026-02-30');
    expect(meetingWeekday('someday')).toBe('');
  });

  it('spells instants on India’s clock: today, join times, and the admin screens’ en-US timestamps', () => {
    expect(formatToday(new Date('2026-11-21T20:00:00Z'))).toBe('Sunday, 22 November 2026');
    expect(formatJoinTime('2026-11-21T04:35:00Z')).toBe('21 Nov 2026, 10:05 am');
    expect(formatJoinTime(null)).toBeNull();
    expect(formatAdminTime('2026-12-31T20:05:00Z')).toBe('Jan 1, 2027, 1:35 AM');
    expect(formatAdminTime('2030-09-30T06:30:00Z')).toBe('Sep 30, 2030, 12:00 PM');
    expect(formatAdminTime('not a time')).toBe('not a time');
  });

  it('builds no Intl formatter for any of them', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      formatMeetingDate('2026-11-21');
      formatMeetingDay('2026-11-21');
      meetingWeekday('2026-11-21');
      formatToday(new Date());
      formatJoinTime('2026-11-21T04:35:00Z');
      formatAdminTime('2026-11-21T04:35:00Z');
      formatCalendarDate('1990-04-12');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
