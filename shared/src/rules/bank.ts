/** Indian bank account numbers run from 9 to 18 digits, depending on the bank. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/** UPI IDs look like 'name@bank': a handle, '@', then the provider's letters. */
export const UPI_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

/** Account numbers are often typed in groups; the digits alone are stored. */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function isValidAccountNumber(text: string): boolean {
  return ACCOUNT_NUMBER_PATTERN.test(normalizeAccountNumber(text));
}

export function isValidUpi(text: string): boolean {
  return UPI_PATTERN.test(text.trim());
}
