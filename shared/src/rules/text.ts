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

/** Control characters other than tab, line feed and carriage return (NUL, ESC, DEL, C1 …). */
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;
/**
 * Invisible characters that change how text reads: bidi embeddings, overrides and isolates
 * (U+202E shows "gnp.exe" as "exe.png"), marks, zero-width space, word joiner, BOM, soft hyphen.
 * The zero-width joiner and non-joiner stay: Indian scripts and emoji need them.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Half of a surrogate pair with no other half: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * Free text as it is stored: composed (NFC, so "é" typed two ways is one string), without
 * control or bidi characters. Trimming stays with the schema.
 */
export function cleanText(text: string): string {
  return text.replace(LONE_SURROGATE, '').normalize('NFC').replace(CONTROL, '').replace(INVISIBLE, '');
}

/**
 * An email as it is stored and compared: cleaned, compatibility-composed (NFKC turns the
 * full-width "ａｄｍｉｎ＠…" into "admin@…") and lower case, so a look-alike of an address is that
 * address.
 */
export function cleanEmail(text: string): string {
  return cleanText(text).normalize('NFKC').toLowerCase();
}

/** Every control character (CR, LF, tab, NUL, ESC, DEL, C1 …) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

/**
 * True when the text fits on one line: no line break and no other control character. Names,
 * titles and places are written into emails and calendar files line by line, so a line break in
 * one would start a line of the sender's choosing there (issue 47).
 */
export function isSingleLine(text: string): boolean {
  return !LINE_BREAKING.test(text);
}

/**
 * The text on one line: each run of control characters and line separators becomes one space.
 * For names written into emails that were stored before single-line fields refused them.
 */
export function asOneLine(text: string): string {
  return text.replace(new RegExp(`${LINE_BREAKING.source}+`, 'gu'), ' ').trim();
}

/** Characters that print as nothing although Unicode counts them as letters or symbols. */
const BLANK_LOOKING = '\u115F\u1160\u2800\u3164\uFFA0';
const VISIBLE = new RegExp(`[^\\p{White_Space}\\p{Cc}\\p{Cf}\\p{M}${BLANK_LOOKING}]`, 'u');

/** True when the text shows something: not only spaces, joiners, combining marks or fillers. */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}
