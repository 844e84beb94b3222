import { istParts, MONTHS_SHORT, time12h } from '@bh/shared';

/**
 * 'Nov 21, 2026, 10:05 AM' in India's time: the admin screens' timestamps (spec §2.15: short
 * month, day, year, hour, minute). The business runs on India's clock wherever the admin is.
 */
export function formatAdminTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const p = istParts(date);
  // en-US's spelling: the hour without a leading zero ('1:35 AM', not '01:35 AM').
  return `${MONTHS_SHORT[p.month]} ${p.day}, ${p.year}, ${time12h(p.hours, p.minutes).replace(/^0/, '')}`;
}
