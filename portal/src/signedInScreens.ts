import { createElement, lazy, type ComponentType } from 'react';
import { PORTAL_PAGES, portalPageFor, type PortalPage } from '@bh/shared/rules/portal-pages';

/** A module's loader that keeps the module once it has arrived (`current`), and asks for it once. */
export interface ModuleLoader<M> {
  (): Promise<M>;
  readonly current: M | undefined;
}

export function moduleLoader<M>(load: () => Promise<M>): ModuleLoader<M> {
  let pending: Promise<M> | undefined;
  const state: { current: M | undefined } = { current: undefined };
  const loader = () =>
    (pending ??= load().then(
      (module) => (state.current = module),
      (error: unknown) => {
        // Not kept: a later render or preload asks again.
        pending = undefined;
        throw error;
      },
    ));
  return Object.defineProperty(loader, 'current', { get: () => state.current }) as ModuleLoader<M>;
}

/**
 * React.lazy for a screen whose module may already be here (preloaded while the sign-in check or
 * the sign-in form ran). React.lazy suspends on its first render even then, since a promise answers
 * a tick later: its Suspense fallback (the loading page) is committed, and React holds the screen
 * that replaces a fallback back until 300 ms after the fallback showed, so that fallbacks do not
 * flicker (its "throttled" reveal). On /dashboard that was about 260 ms of an idle page before the
 * dashboard showed. A module that is here is rendered directly instead, so nothing suspends and the
 * screen renders in the same pass as the shell around it. (A module that arrives while the lazy
 * one waits is kept before the lazy one hears of it, so its retry renders it directly too.)
 */
export function lazyScreen<M, P extends object>(loader: ModuleLoader<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => loader().then((module) => ({ default: pick(module) })));
  return function Screen(props: P) {
    const here = loader.current;
    return here === undefined ? createElement(Lazy, props) : createElement(pick(here), props);
  };
}

/**
 * The modules a signed-in person sees first: the shell (top bar, menus), the privacy notice gate
 * and the dashboard. App.tsx loads them lazily, so the sign-in page stays small; the sign-in form
 * asks for them as soon as someone types into it or presses on it (not on focus: the email field
 * has focus from the start, and a page that only loads must stay light), so after the Login click
 * the dashboard needs no round of script requests of its own (issue 20: at most 6 after the click,
 * no chain deeper than 2). Vite's dynamic import fetches a chunk and its shared chunks in parallel
 * (modulepreload; vite.config.ts puts these three and what they import in one file), and a module asked for
 * twice is fetched once.
 */
export const loadLayout = moduleLoader(() => import('./layout/Layout.tsx'));
export const loadNoticeGate = moduleLoader(() => import('./privacy/NoticeGate.tsx'));
export const loadDashboard = moduleLoader(() => import('./dashboard/Dashboard.tsx'));

const asked = new Set<() => Promise<unknown>>();

/** Starts fetching each module once; a failure is left to the lazy route to report. */
function preload(...loaders: (() => Promise<unknown>)[]): void {
  for (const load of loaders) {
    if (asked.has(load)) continue;
    asked.add(load);
    void load().catch(() => {});
  }
}

/** Starts fetching the shell, the notice gate and the dashboard, once. */
export function preloadSignedInScreens(): void {
  preload(loadLayout, loadNoticeGate, loadDashboard);
}

/** The modules each of the portal's pages names for its first render (the build names the same screens' files in it). */
const PAGE_MODULES: Record<PortalPage, (() => Promise<unknown>)[]> = {
  [PORTAL_PAGES.login]: [],
  [PORTAL_PAGES.signIn]: [],
  [PORTAL_PAGES.signedIn]: [loadLayout, loadNoticeGate],
  [PORTAL_PAGES.dashboard]: [loadLayout, loadNoticeGate, loadDashboard],
};

/** What a page opened directly at `pathname` renders first, when it is one behind the login. */
export function firstModulesFor(pathname: string): (() => Promise<unknown>)[] {
  return PAGE_MODULES[portalPageFor(pathname)];
}

/**
 * On a page opened directly behind the login (a bookmark, a reload), starts fetching what its
 * first render will need: the shell and the notice gate everywhere, the dashboard on /dashboard
 * and /. Asked for when the app starts, beside the sign-in check, instead of one after the other
 * as each lazy component renders (shell, then gate, then screen). The sign-in pages under /login
 * load none of it.
 */
export function preloadScreensFor(pathname: string): void {
  preload(...firstModulesFor(pathname));
}
