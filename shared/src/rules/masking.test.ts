import { describe, expect, it } from 'vitest';
import { isMasked, maskLast4 } from './masking.ts';

/** Characters of the original value that appear in the masked text. */
function revealed(masked: string): string {
  return masked.replace(/•/g, '');
}

describe('maskLast4', () => {
  it('shows only the last 4 characters of account and document numbers', () => {
    expect(maskLast4('123456789012')).toBe('••••9012');
    expect(maskLast4('ABCDE1234F')).toBe('••••234F');
    expect(maskLast4('1234 5678 9012')).toBe('••••9012');
    expect(maskLast4('MH-14-2011-0062821')).toBe('••••2821');
  });

  it('masks short values completely', () => {
    for (const short of ['', '1', '1234', '12345', '1234567']) {
      expect(maskLast4(short)).toBe('••••');
    }
    expect(maskLast4('12345678')).toBe('••••5678');
  });

  it('never reveals more than 4 characters, whatever the length', () => {
    let value = '';
    for (let length = 0; length <= 40; length += 1) {
      const masked = maskLast4(value);
      expect(revealed(masked).length).toBeLessThanOrEqual(4);
      expect(masked.startsWith('••••')).toBe(true);
      if (revealed(masked).length > 0) expect(value.endsWith(revealed(masked))).toBe(true);
      value += String((length * 7) % 10);
    }
  });

  it('does not split characters outside the basic plane', () => {
    expect(maskLast4('𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗')).toBe('••••𝟔𝟕𝟖𝟗');
  });

  it('recognises its own output', () => {
    expect(isMasked(maskLast4('123456789012'))).toBe(true);
    expect(isMasked('123456789012')).toBe(false);
  });
});
