import { App } from '../App.tsx';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { screenTitle } from '../layout/useScreenTitle.ts';
import { renderAt } from '../serverRender.tsx';
import { LOGIN_PATH } from '../providers/authProvider.ts';
import { markLoginPageDrawn } from './prerenderMarks.ts';

/**
 * The portal's first render at /login, drawn at build time into login.html (vite.config.ts): the
 * app itself, as start.tsx renders it in the browser (the same route table, StrictMode, the app
 * making its own providers), with the style engine's rules written beside the elements they style.
 * The browser shows it at its first paint and the app hydrates it, keeping the page as it is
 * (issue 20). The title is the one the app gives the page (App.tsx's Login).
 */
export async function renderLoginPage(): Promise<{ markup: string; title: string }> {
  markLoginPageDrawn();
  const markup = await renderAt(LOGIN_PATH, <App />);
  const translate = (key: string) => i18nProvider.translate(key);
  return { markup, title: screenTitle(translate('bh.menu.login'), translate('bh.app.name')) };
}
