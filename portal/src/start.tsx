import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, createPortalProviders } from './App.tsx';
import { nextTask } from './boot/steps.ts';
import { readyForFirstRender } from './firstData.ts';
import { PORTAL_PAGES, portalPageFor } from '@bh/shared/rules/portal-pages';
import { preloadScreensFor } from './signedInScreens.ts';
import { markLoginPageDrawn, PRERENDERED_ROOT } from './login/prerenderMarks.ts';

/**
 * `vite --mode mock` answers every API call from the mock service worker, so the portal runs
 * with no API. The check is a build-time constant, so production bundles carry none of it.
 */
async function startMocking(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('./mocks/browser.ts');
  await startMockWorker();
}

/**
 * Starts the portal in `root`, once main.tsx has run the start-up steps. The router and the
 * providers are made in a task after the one that ran this file's modules (each about 10 ms on a
 * fast machine, four times that on a phone), and the sign-in check's call leaves there.
 */
export async function startPortal(root: HTMLElement): Promise<void> {
  preloadScreensFor(window.location.pathname);
  await startMocking();
  await nextTask();
  // Real paths (/dashboard, /details), not react-admin's default hash routes: the server serves the
  // portal at these paths and the spec's links point at them.
  const portal = createPortalProviders(() => window.location.pathname);
  const router = createBrowserRouter([
    { path: '*', element: <App authProvider={portal.authProvider} dataProvider={portal.dataProvider} queryClient={portal.queryClient} /> },
  ]);
  // The first render is a transition, so React yields to the browser every few milliseconds
  // instead of holding the main thread for the whole tree (issue 20: a phone's blocking time).
  // Behind the login it waits for the person and, briefly, the first data (readyForFirstRender),
  // so that this sliced render is the one that draws the shell and the screen.
  await readyForFirstRender(portal.authProvider, portal.firstData, window.location.pathname);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // login.html holds this render already (src/login/prerender.tsx): React takes over its elements
  // instead of drawing them again, and what was typed in them meanwhile stays.
  if (root.hasAttribute(PRERENDERED_ROOT) && portalPageFor(window.location.pathname) === PORTAL_PAGES.login) {
    markLoginPageDrawn();
    startTransition(() => void hydrateRoot(root, app));
    return;
  }
  startTransition(() => {
    createRoot(root).render(app);
  });
}
