import { describe, expect, it } from 'vitest';
import { MEETING_MESSAGES, PAYMENT_MESSAGES, REGISTRATION_MESSAGES } from '@bh/shared';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { adminMessages } from './messages.ts';

/** The source of every portal file but the tests, as the bundler reads it (admin screens live by resource). */
const SOURCES: Record<string, string> = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function lookup(key: string): unknown {
  let node: unknown = { bh: { admin: adminMessages } };
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe('admin texts', () => {
  it('has a text for every bh.admin key the screens use', () => {
    const missing: string[] = [];
    expect(Object.keys(SOURCES).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(SOURCES)) {
      // A key completed at run time (`bh.admin.roles.${role}`) must at least name a group of texts.
      for (const [, key = '', dynamic] of source.matchAll(/(bh\.admin\.[A-Za-z0-9_.]+[A-Za-z0-9_])(\.\$\{)?/g)) {
        const found = lookup(key);
        if (dynamic ? typeof found !== 'object' : typeof found !== 'string') missing.push(`${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('spells the texts with values as the shared catalogues do', () => {
    const t = (key: string, args: Record<string, string | number>) => i18nProvider.translate(key, args);
    expect(t('bh.admin.verification.count', { count: 3 })).toBe(REGISTRATION_MESSAGES.pendingCount(3));
    expect(t('bh.admin.associates.found', { count: 2, term: 'meera@' })).toBe(REGISTRATION_MESSAGES.searchFound(2, 'meera@'));
    expect(t('bh.admin.associates.none', { term: 'x@y.in' })).toBe(REGISTRATION_MESSAGES.searchNone('x@y.in'));
    expect(t('bh.admin.meeting.clientVerified', { name: 'Priya Nair' })).toBe(MEETING_MESSAGES.clientVerified('Priya Nair'));
    expect(t('bh.admin.meeting.doctorVerified', { name: 'Dr. Meera Rao' })).toBe(MEETING_MESSAGES.doctorVerified('Dr. Meera Rao'));
    expect(t('bh.admin.coupons.deleteConfirm', { code: 'WELCOME10' })).toBe(PAYMENT_MESSAGES.couponDeleteConfirm('WELCOME10'));
  });

  it('keeps the spec texts that have no values exactly', () => {
    const t = (key: string) => i18nProvider.translate(key);
    expect(t('bh.admin.verification.empty')).toBe('All Caught Up! No BH Associates with pending verification at the moment.');
    expect(t('bh.admin.meeting.submitting')).toBe('Creating Meeting...');
    expect(t('bh.admin.coupons.submitting')).toBe('Creating Coupon...');
    expect(t('bh.admin.coupons.loading')).toBe('Loading coupons...');
    expect(t('bh.admin.account.subtitle')).toBe('Sign up to get started with Better Health');
    expect(t('bh.admin.associates.backToList')).toBe('Back to Verified BH Associates');
    expect(t('bh.admin.verification.backToList')).toBe('Back to Verify Documents');
  });
});
