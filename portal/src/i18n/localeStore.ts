import type { Store } from 'react-admin';
import { i18nProvider } from './i18nProvider.ts';

/**
 * react-admin's store, answering the portal's locale when none was chosen (the portal speaks one).
 * react-admin's i18n provider draws nothing until the store's locale matches the provider's, and
 * with no locale kept it only matches after an effect has run: the first render, a transition that
 * yields to the browser every few milliseconds (start.tsx), drew an empty page, and the effect's
 * update then drew the whole portal in one blocking pass (issue 20). With the locale answered, the
 * first render draws the portal itself.
 */
export function speaksPortalLocale(store: Store): Store {
  return {
    ...store,
    getItem: <T,>(key: string, defaultValue?: T): T | undefined =>
      store.getItem<T>(key, key === 'locale' && defaultValue === undefined ? (i18nProvider.getLocale() as T) : defaultValue),
  };
}
