import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nContextProvider, memoryStore, StoreContextProvider, type Store } from 'react-admin';
import { i18nProvider } from './i18nProvider.ts';
import { speaksPortalLocale } from './localeStore.ts';

/** The first render pass alone: server rendering runs no effects. */
const firstPass = (store: Store) =>
  renderToString(
    <StoreContextProvider value={store}>
      <I18nContextProvider value={i18nProvider}>
        <p>Dashboard</p>
      </I18nContextProvider>
    </StoreContextProvider>,
  );

describe('the portal’s store and its locale (issue 20)', () => {
  it('lets the first render draw the portal: react-admin’s i18n provider draws nothing then when no locale is kept', () => {
    expect(firstPass(memoryStore())).toBe('');
    expect(firstPass(speaksPortalLocale(memoryStore()))).toBe('<p>Dashboard</p>');
  });

  it('answers the portal’s locale only when none is kept and no default is asked for, and leaves every other key alone', () => {
    const store = speaksPortalLocale(memoryStore());
    store.setup();
    expect(store.getItem('locale')).toBe(i18nProvider.getLocale());
    expect(store.getItem('locale', 'fr')).toBe('fr');
    expect(store.getItem('sidebar.open')).toBeUndefined();
    store.setItem('locale', 'hi');
    expect(store.getItem('locale')).toBe('hi');
    store.setItem('sidebar.open', false);
    expect(store.getItem('sidebar.open', true)).toBe(false);
  });
});
