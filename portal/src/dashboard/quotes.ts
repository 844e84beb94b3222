/** The ten motivational quotes of the dashboard header (spec §1), as i18n keys. */
export const QUOTE_KEYS = [
  'bh.quotes.q1',
  'bh.quotes.q2',
  'bh.quotes.q3',
  'bh.quotes.q4',
  'bh.quotes.q5',
  'bh.quotes.q6',
  'bh.quotes.q7',
  'bh.quotes.q8',
  'bh.quotes.q9',
  'bh.quotes.q10',
] as const;

export function randomQuoteKey(random: () => number = Math.random): (typeof QUOTE_KEYS)[number] {
  const index = Math.min(QUOTE_KEYS.length - 1, Math.floor(random() * QUOTE_KEYS.length));
  return QUOTE_KEYS[index] ?? QUOTE_KEYS[0];
}
