import { describe, expect, it } from 'vitest';
import { fixFollowingErrors, MEETING_MESSAGES, PRIVACY_MESSAGES, validationFailedSummary } from '@bh/shared';
import { i18nProvider } from './i18nProvider.ts';

/** The portal's own screens (the admin screens check theirs in their folder). */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../admin/**', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('the English messages', () => {
  it('hold every key the portal’s screens use', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/['"`](bh\.[a-zA-Z0-9.]+|ra\.[a-z_.]+)['"`]/g)) {
        const key = match[1] ?? '';
        // `bh.quotes.q${n}`-style prefixes end with a dot; they are checked below.
        if (!key.endsWith('.')) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter((key) => t(key) === key);
    expect(missing).toEqual([]);
  });

  it('word the privacy texts with values exactly as the shared builders do', () => {
    expect(t('bh.privacy.consentGiven', { version: '2026-11', at: '1 Nov' })).toBe(PRIVACY_MESSAGES.consentGiven('2026-11', '1 Nov'));
    expect(t('bh.privacy.applicationConsentGiven', { version: '2026-11', at: '1 Nov' })).toBe(PRIVACY_MESSAGES.applicationConsentGiven('2026-11', '1 Nov'));
    expect(t('bh.application.consentGivenOn', { at: '1 Nov', version: '2026-11' })).toBe(PRIVACY_MESSAGES.applicationConsentGivenOn('1 Nov', '2026-11'));
    expect(t('bh.application.consentWithdrawnOn', { at: '1 Nov' })).toBe(PRIVACY_MESSAGES.applicationConsentWithdrawnOn('1 Nov'));
    expect(t('bh.privacy.dueBy', { date: '1 Nov' })).toBe(PRIVACY_MESSAGES.dueBy('1 Nov'));
    expect(t('bh.privacy.erasureScheduled', { date: '1 Nov' })).toBe(PRIVACY_MESSAGES.erasureScheduled('1 Nov'));
  });

  it('word the texts with values exactly as the shared builders do', () => {
    expect(t('bh.lookup.found', { count: 3, input: 'priya@example.in' })).toBe(MEETING_MESSAGES.lookupFound(3, 'priya@example.in'));
    expect(t('bh.lookup.noneFound', { input: 'priya@example.in' })).toBe(MEETING_MESSAGES.lookupNoneFound('priya@example.in'));
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(t('bh.application.fixErrorsMore', { errors: 'a, b, c', count: 2 })).toBe(fixFollowingErrors(five));
    expect(t('bh.application.fixErrors', { errors: 'a, b' })).toBe(fixFollowingErrors(['a', 'b']));
    expect(t('bh.application.serverErrorsMore', { first: 'a', count: 4 })).toBe(validationFailedSummary(five));
    expect(t('bh.application.serverErrors', { first: 'a' })).toBe(validationFailedSummary(['a']));
  });

  it('keep the spec texts of the shell and the login page', () => {
    expect(t('bh.app.title')).toBe('Better Health Dashboard');
    expect(t('bh.app.mobileTitle')).toBe('BetterHealth');
    expect(t('bh.auth.title')).toBe('Welcome Back');
    expect(t('bh.auth.subtitle')).toBe('Sign in to continue to Better Health');
    expect(t('bh.auth.email')).toBe('Better Health ID');
    expect(t('bh.auth.submitting')).toBe('Please wait');
    expect(t('bh.error.title')).toBe('Oops! Something went wrong');
    expect(t('bh.error.unexpected')).toBe('An unexpected error occurred');
  });

  it('pass server messages through untouched', () => {
    expect(t('Your documents are under review. Please give us some time for verification.')).toBe(
      'Your documents are under review. Please give us some time for verification.',
    );
  });
});
