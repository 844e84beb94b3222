export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

/** People write numbers as '+91 98765-43210' or '(022) 2345 6789'; only these characters are allowed. */
const PHONE_CHARACTERS = /^[0-9+\-\s().]+$/;

export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** 10 to 15 digits once punctuation is stripped (spec §9); letters make a number invalid. */
export function isValidPhone(text: string): boolean {
  if (!PHONE_CHARACTERS.test(text)) return false;
  const count = phoneDigits(text).length;
  return count >= PHONE_MIN_DIGITS && count <= PHONE_MAX_DIGITS;
}
