import { describe, expect, it } from 'vitest';
import { isValidAccountNumber, isValidUpi, normalizeAccountNumber } from './bank.ts';

describe('bank account rules', () => {
  it('accepts 9 to 18 digits, typed in groups or not', () => {
    expect(isValidAccountNumber('123456789')).toBe(true);
    expect(isValidAccountNumber('1234 5678 9012 3456')).toBe(true);
    expect(isValidAccountNumber('123456789012345678')).toBe(true);
    expect(normalizeAccountNumber('1234-5678 9012')).toBe('123456789012');
  });

  it('refuses short, long and non-digit numbers', () => {
    expect(isValidAccountNumber('12345678')).toBe(false);
    expect(isValidAccountNumber('1234567890123456789')).toBe(false);
    expect(isValidAccountNumber('12345678A')).toBe(false);
  });

  it('accepts UPI IDs of the form handle@provider', () => {
    expect(isValidUpi('asha.rao@okaxis')).toBe(true);
    expect(isValidUpi('9876543210@ybl')).toBe(true);
    expect(isValidUpi('asha')).toBe(false);
    expect(isValidUpi('asha@')).toBe(false);
    expect(isValidUpi('@okaxis')).toBe(false);
    expect(isValidUpi('asha rao@okaxis')).toBe(false);
  });
});
