import { useEffect, useRef } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { screens } from '../screens.ts';

/** Screens whose heading is not their name (the dashboard greets the person), from the registry. */
const TITLE_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  screens.flatMap(({ paths, titleKey }) => (titleKey ? paths.map((path) => [path.toLowerCase(), titleKey]) : [])),
);

/** '<Screen> · Better Health', the browser title of one screen. */
export function screenTitle(screen: string, app: string): string {
  const name = screen.trim();
  return name ? `${name} · ${app}` : app;
}

const HEADING = '#main-content h1';

/**
 * The shown screen's heading. While the next screen's code loads, React keeps the previous screen
 * in the page, hidden with display: none; its heading must not be taken for the new one's.
 */
function shownHeading(): HTMLElement | undefined {
  return Array.from(document.querySelectorAll<HTMLElement>(HEADING)).find((h) => !h.closest('[style*="display: none"]'));
}

/**
 * Gives each screen its own browser title and, after a navigation inside the portal, moves focus
 * to the new screen's heading, so keyboard and screen-reader users start where the new content
 * starts instead of on the page body. Screens load lazily and may show a spinner first, so the
 * heading is awaited as it appears.
 */
export function useScreenTitle(): void {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const firstScreen = useRef(true);

  useEffect(() => {
    const navigated = !firstScreen.current;
    firstScreen.current = false;
    const app = translate('bh.app.name');
    const key = TITLE_KEYS[pathname.toLowerCase()];

    const apply = (): boolean => {
      const heading = shownHeading();
      if (!heading) return false;
      document.title = screenTitle(key ? translate(key) : (heading.textContent ?? ''), app);
      if (navigated) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };

    if (apply()) return;
    const observer = new MutationObserver(() => {
      if (apply()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    const giveUp = window.setTimeout(() => observer.disconnect(), 15_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname, translate]);
}
