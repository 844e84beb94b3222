import { describe, expect, it } from 'vitest';
import { matchesWidth } from './firstScreenStyles.tsx';

describe('the media queries the first screens\' styles are drawn for', () => {
  it('answers MUI\'s breakpoint queries for a phone and a laptop', () => {
    // theme.breakpoints.down('sm') and up('md'), as useMediaQuery asks them.
    expect(matchesWidth('(max-width:599.95px)', 412)).toBe(true);
    expect(matchesWidth('(max-width:599.95px)', 1280)).toBe(false);
    expect(matchesWidth('@media (min-width:900px)', 1280)).toBe(true);
    expect(matchesWidth('@media (min-width:900px)', 412)).toBe(false);
    // between('sm', 'md')
    expect(matchesWidth('(min-width:600px) and (max-width:899.95px)', 700)).toBe(true);
    expect(matchesWidth('(min-width:600px) and (max-width:899.95px)', 412)).toBe(false);
  });

  it('answers no to a query it cannot read', () => {
    expect(matchesWidth('(prefers-color-scheme: dark)', 412)).toBe(false);
    expect(matchesWidth('(min-width:600px) and (orientation: landscape)', 1280)).toBe(false);
  });
});
