/** File names are shown cut to 25 characters (spec §2.7), coupon links to 30 (spec §2.15). */
export const FILE_NAME_DISPLAY_LENGTH = 25;
export const COUPON_LINK_DISPLAY_LENGTH = 30;

/**
 * Keeps the first n characters and marks the cut with an ellipsis. Counts code points, so an
 * emoji or a Devanagari letter outside the basic plane is never split in half.
 */
export function truncate(text: string, n: number): string {
  const chars = Array.from(text);
  if (chars.length <= n) return text;
  return `${chars.slice(0, Math.max(0, n)).join('')}…`;
}

/** Titles that come before a name and are not how anyone is greeted ('Dr. Meera Rao' → 'Meera'). */
const HONORIFICS = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'shri', 'smt', 'sri', 'kumari']);

/** The dashboard greets by first name, or 'User' when there is no name (spec §1). */
export function firstName(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words.find((w) => !HONORIFICS.has(w.replace(/\.$/, '').toLowerCase())) ?? words[0];
  return first ? first : 'User';
}

/** The avatar letter: the name's first letter in capitals, or the screen's own fallback ('U', 'A'). */
export function initialOf(name: string | null | undefined, fallback: string): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toUpperCase() : fallback;
}
