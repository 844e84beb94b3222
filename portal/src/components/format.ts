import { dateFormatter } from '@bh/shared';

const adminTimeFormat = dateFormatter('en-US', { timeZone: 'Asia/Kolkata', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * 'Nov 21, 2026, 10:05 AM' in India's time: the admin screens' timestamps (spec §2.15: short
 * month, day, year, hour, minute). The business runs on India's clock wherever the admin is.
 */
export function formatAdminTime(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : adminTimeFormat(date);
}
