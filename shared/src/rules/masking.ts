/** Bullets stand in for the hidden part; always four, so the mask never hints at the length. */
const MASK = '••••';

/** The most characters a masked value may show. */
export const MASK_VISIBLE = 4;

/**
 * A value shows its last 4 characters only when at least as many stay hidden; anything shorter is
 * masked completely, since its last 4 would give away most or all of it.
 */
const MIN_LENGTH_TO_REVEAL = MASK_VISIBLE * 2;

/**
 * '123456789012' → '••••9012' for account and identity document numbers (DESIGN §4).
 * Spaces and hyphens are ignored, so a number typed in groups masks the same way.
 */
export function maskLast4(value: string): string {
  const compact = Array.from(value.replace(/[\s-]/g, ''));
  if (compact.length < MIN_LENGTH_TO_REVEAL) return MASK;
  return MASK + compact.slice(-MASK_VISIBLE).join('');
}

/** True for a value produced by maskLast4, so a masked number is never mistaken for a real one. */
export function isMasked(value: string): boolean {
  return value.startsWith(MASK);
}
