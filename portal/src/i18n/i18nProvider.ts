import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishPortalMessages from './en.ts';

/**
 * English only for now. Missing keys fall back to the key itself because server messages (already
 * in the product's words) are passed through the same translate call as the portal's own keys.
 */
export const i18nProvider = polyglotI18nProvider(() => englishPortalMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
