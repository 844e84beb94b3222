import { describe, expect, it } from 'vitest';
import { firstName, initialOf, truncate } from './text.ts';

describe('truncate', () => {
  it('leaves text within the limit alone', () => {
    expect(truncate('resume.pdf', 25)).toBe('resume.pdf');
    expect(truncate('a'.repeat(25), 25)).toBe('a'.repeat(25));
  });

  it('cuts longer text to n characters plus an ellipsis', () => {
    expect(truncate('my-very-long-resume-file-name.pdf', 25)).toBe('my-very-long-resume-file-…');
    expect(truncate('https://payments.example.in/pay/abcdef', 30)).toBe('https://payments.example.in/pa…');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });
});

describe('firstName and initialOf', () => {
  it('greets by the first word of the name', () => {
    expect(firstName('  Asha  Rao ')).toBe('Asha');
    expect(firstName('Ravi')).toBe('Ravi');
    expect(firstName('Dr. Meera Rao')).toBe('Meera');
    expect(firstName('Smt Lakshmi Iyer')).toBe('Lakshmi');
    expect(firstName('Dr.')).toBe('Dr.');
  });

  it("falls back to 'User'", () => {
    expect(firstName('')).toBe('User');
    expect(firstName('   ')).toBe('User');
    expect(firstName(null)).toBe('User');
    expect(firstName(undefined)).toBe('User');
  });

  it('gives the capital initial or the fallback', () => {
    expect(initialOf('asha rao', 'U')).toBe('A');
    expect(initialOf('', 'U')).toBe('U');
    expect(initialOf(undefined, 'A')).toBe('A');
  });
});
