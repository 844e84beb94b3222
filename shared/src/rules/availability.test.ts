import { describe, expect, it } from 'vitest';
import { EMPTY_AVAILABILITY, freeSlots, slotsOn, weekdayOf, withinHours, type Availability } from './availability.ts';

const hours: Availability = {
  ...EMPTY_AVAILABILITY,
  weekly: { ...EMPTY_AVAILABILITY.weekly, mon: [{ start: '10:00', end: '14:00' }, { start: '15:00', end: '16:30' }] },
  daysOff: ['2026-06-22'],
};

describe('availability (Asia/Kolkata)', () => {
  it('names the weekday of an India date', () => {
    expect(weekdayOf('2026-06-15')).toBe('mon');
    expect(weekdayOf('2026-06-21')).toBe('sun');
    expect(weekdayOf('2026-02-30')).toBeNull();
  });

  it('lays 90-minute slots from each range start that end inside it', () => {
    expect(slotsOn(hours, '2026-06-15').map((s) => s.meetingTime)).toEqual(['10:00 AM', '11:30 AM', '03:00 PM']);
    // 10:00 IST is 04:30 UTC.
    expect(slotsOn(hours, '2026-06-15')[0]!.startsAt).toBe('2026-06-15T04:30:00.000Z');
    expect(slotsOn(hours, '2026-06-16')).toEqual([]);
  });

  it('has no slots on a day off', () => {
    expect(slotsOn(hours, '2026-06-22')).toEqual([]);
  });

  it('leaves out slots that have passed or clash with a meeting, even one typed off the grid', () => {
    const busy = [new Date('2026-06-15T07:00:00.000Z')]; // 12:30 IST overlaps 11:30 and ends before 15:00
    const now = new Date('2026-06-15T04:30:00.000Z'); // 10:00 IST: that slot has started
    expect(freeSlots(hours, '2026-06-15', busy, now).map((s) => s.meetingTime)).toEqual(['03:00 PM']);
  });

  it('says whether a whole session fits in the hours', () => {
    expect(withinHours(hours, new Date('2026-06-15T04:30:00.000Z'))).toBe(true); // 10:00–11:30
    expect(withinHours(hours, new Date('2026-06-15T07:00:00.000Z'))).toBe(true); // 12:30–14:00
    expect(withinHours(hours, new Date('2026-06-15T07:01:00.000Z'))).toBe(false); // ends 14:01
    expect(withinHours(hours, new Date('2026-06-22T04:30:00.000Z'))).toBe(false); // day off
  });
});
