import { describe, expect, it } from 'vitest';
import { asOneLine, cleanEmail, cleanText, hasVisibleText, isSingleLine } from './text.ts';

describe('cleanText', () => {
  it('composes to NFC, so one name typed two ways is one string', () => {
    expect(cleanText('Jose\u0301')).toBe('José');
    expect(cleanText('Jose\u0301')).toBe(cleanText('Jos\u00e9'));
  });

  it('drops NUL and other control characters but keeps tab and line breaks', () => {
    expect(cleanText('Ra\u0000hul\u001b[31m\u007f\u0085')).toBe('Rahul[31m');
    expect(cleanText('Line 1\nLine 2\tend\r')).toBe('Line 1\nLine 2\tend\r');
  });

  it('drops bidi overrides, isolates and marks, zero-width spaces, word joiners and BOMs', () => {
    expect(cleanText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanText('\u2066a\u2067b\u2068c\u2069\u200Ed\u200Fe\u061Cf')).toBe('abcdef');
    expect(cleanText('\u200BMeera\u2060\uFEFF\u00AD')).toBe('Meera');
  });

  it('keeps the joiners Indian scripts and emoji need', () => {
    expect(cleanText('क्\u200Dष')).toBe('क्\u200Dष');
    expect(cleanText('👩\u200D⚕️')).toBe('👩\u200D⚕️');
    expect(cleanText('ന്\u200C')).toBe('ന്\u200C');
  });

  it('drops lone surrogates and keeps real pairs', () => {
    expect(cleanText('a\uD800b\uDC00c')).toBe('abc');
    expect(cleanText('😀')).toBe('😀');
  });
});

describe('cleanEmail', () => {
  it('turns full-width and other compatibility look-alikes into the plain address, lower case', () => {
    expect(cleanEmail('ａｄｍｉｎ＠ｄｅｍｏ．ｂｅｔｔｅｒｈｅａｌｔｈ．ｉｎ')).toBe('admin@demo.betterhealth.in');
    expect(cleanEmail('Admin@Demo.BetterHealth.in')).toBe('admin@demo.betterhealth.in');
  });

  it('drops zero-width and bidi characters hidden inside an address', () => {
    expect(cleanEmail('ad\u200Bmin@demo.betterhealth.in')).toBe('admin@demo.betterhealth.in');
    expect(cleanEmail('\u202Eadmin@demo.betterhealth.in')).toBe('admin@demo.betterhealth.in');
  });
});

describe('hasVisibleText', () => {
  it('is false for text made only of spaces, joiners, marks and fillers', () => {
    for (const blank of ['', '   ', '\u200D', '\u200C\u200D', '\u0301', '\u3164', '\u2800', '\u3000\u00A0', '\u115F']) {
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    }
  });

  it('is true for any letter, digit or symbol, in any script', () => {
    for (const text of ['A', 'मीरा', '7', '😀', '.', 'ന്']) expect(hasVisibleText(text), text).toBe(true);
  });
});

describe('isSingleLine and asOneLine', () => {
  it('finds line breaks of every kind and every other control character', () => {
    for (const text of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) {
      expect(isSingleLine(text), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['Meera Rao', 'मीरा राव', 'क्\u200Dष', '👩\u200D⚕️', 'O\u2019Brien']) expect(isSingleLine(text), text).toBe(true);
  });

  it('puts a stored name on one line, one space for each run of breaks', () => {
    expect(asOneLine('Rahul\r\n\r\nACTION NEEDED: pay\u2028now\t')).toBe('Rahul ACTION NEEDED: pay now');
    expect(asOneLine('Meera Rao')).toBe('Meera Rao');
  });
});
