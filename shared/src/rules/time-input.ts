/** The meeting time box holds at most 'HH:MM' (spec §5). */
export const TIME_INPUT_MAX_LENGTH = 5;

/**
 * Shapes what the admin types into the time box: digits and one colon only, a colon inserted
 * after two digits, never more than 5 characters ('0230' → '02:30', '9:1' stays '9:1').
 */
export function formatTimeInput(raw: string): string {
  const cleaned = raw.replace(/[^\d:]/g, '');
  const [hours = '', ...rest] = cleaned.split(':');
  if (rest.length === 0) {
    const digits = hours.slice(0, 4);
    return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
  }
  const minutes = rest.join('').slice(0, 2);
  return `${hours.slice(0, 2)}:${minutes}`.slice(0, TIME_INPUT_MAX_LENGTH);
}
