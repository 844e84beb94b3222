import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneDigits } from './phone.ts';

describe('phone rule', () => {
  it('counts digits after stripping punctuation', () => {
    expect(phoneDigits('+91 98765-43210')).toBe('919876543210');
  });

  it('accepts 10 to 15 digits', () => {
    expect(isValidPhone('9876543210')).toBe(true);
    expect(isValidPhone('+91 98765 43210')).toBe(true);
    expect(isValidPhone('(022) 2345-6789')).toBe(true);
    expect(isValidPhone('123456789012345')).toBe(true);
  });

  it('refuses too few or too many digits and letters', () => {
    expect(isValidPhone('987654321')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
    expect(isValidPhone('98765abc43210')).toBe(false);
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('---------- ')).toBe(false);
  });
});
