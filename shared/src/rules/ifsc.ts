/** IFSC: 4 letters (the bank), a '0' reserved for future use, then 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Codes are printed in capitals; lower-case entries are accepted and stored upper case. */
export function normalizeIfsc(text: string): string {
  return text.trim().toUpperCase();
}

export function isValidIfsc(text: string): boolean {
  return IFSC_PATTERN.test(normalizeIfsc(text));
}
