import { describe, expect, it } from 'vitest';
import { formatTimeInput } from './time-input.ts';

describe('formatTimeInput', () => {
  it('inserts the colon after two digits', () => {
    expect(formatTimeInput('02')).toBe('02');
    expect(formatTimeInput('023')).toBe('02:3');
    expect(formatTimeInput('0230')).toBe('02:30');
  });

  it('keeps a typed colon and caps the length at 5', () => {
    expect(formatTimeInput('9:1')).toBe('9:1');
    expect(formatTimeInput('9:15')).toBe('9:15');
    expect(formatTimeInput('02:305')).toBe('02:30');
    expect(formatTimeInput('023056')).toBe('02:30');
  });

  it('drops anything but digits and the colon', () => {
    expect(formatTimeInput('ab02x30')).toBe('02:30');
    expect(formatTimeInput('')).toBe('');
  });
});
