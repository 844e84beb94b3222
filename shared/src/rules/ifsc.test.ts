import { describe, expect, it } from 'vitest';
import { isValidIfsc, normalizeIfsc } from './ifsc.ts';

describe('IFSC rule', () => {
  it('accepts 4 letters, a zero and 6 letters or digits', () => {
    expect(isValidIfsc('SBIN0001234')).toBe(true);
    expect(isValidIfsc('HDFC0ABC123')).toBe(true);
    expect(isValidIfsc(' icic0000104 ')).toBe(true);
    expect(normalizeIfsc(' icic0000104 ')).toBe('ICIC0000104');
  });

  it('refuses other shapes', () => {
    for (const bad of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SB1N0001234', 'SBIN0-01234', '']) {
      expect(isValidIfsc(bad)).toBe(false);
    }
  });
});
