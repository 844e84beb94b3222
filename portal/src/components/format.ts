import { istParts, MONTHS_SHORT } from '@bh/shared';

/**
 * 'Nov 21, 2026, 10:05 AM' in India's time: the admin screens' timestamps (spec §2.15: short
 * month, day, year, hour, minute). The business runs on India's clock wherever the admin is.
 */
export function formatAdminTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  // en-US's spelling: the hour without a leading zero.
  const p = istParts(date);
  const hours = p.hours % 12 === 0 ? 12 : p.hours % 12;
  return `${MONTHS_SHORT[p.month]} ${p.day}, ${p.year}, ${hours}:${String(p.minutes).padStart(2, '0')} ${p.hours < 12 ? 'AM' : 'PM'}`;
}
