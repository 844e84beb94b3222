import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App.tsx';

/**
 * `vite --mode mock` answers every API call from the mock service worker, so the portal runs
 * with no API. The check is a build-time constant, so production bundles carry none of it.
 */
async function startMocking(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('./mocks/browser.ts');
  await startMockWorker();
}

// Real paths (/dashboard, /details), not react-admin's default hash routes: the server serves the
// portal at these paths and the spec's links point at them.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

const root = document.getElementById('root');
if (root) {
  void startMocking().then(() => {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
