import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { memoryStore } from 'react-admin';
import { App, createQueryClient } from '../App.tsx';
import { createMockDb, type MockDb, type MockUser } from '../mocks/db.ts';
import { createHandlers } from '../mocks/handlers.ts';
import type { PortalDataProvider } from '../providers/dataProvider.ts';
import { server } from './server.ts';

export interface RenderedPortal {
  db: MockDb;
  router: ReturnType<typeof createMemoryRouter>;
  /** The path the portal shows now. */
  path: () => string;
}

/**
 * The whole portal at `path` on a fresh mock API, as a user sees it in a browser: real providers,
 * real routes, the mock answering every API call. `signedIn` starts a session for that user.
 */
export function renderPortal(
  path: string,
  options: { db?: MockDb; signedIn?: MockUser; dataProvider?: PortalDataProvider } = {},
): RenderedPortal {
  const db = options.db ?? createMockDb();
  if (options.signedIn) db.sessionUserId = options.signedIn._id;
  server.use(...createHandlers(db));
  const app = (
    <App
      store={memoryStore()}
      queryClient={createQueryClient()}
      {...(options.dataProvider ? { dataProvider: options.dataProvider } : {})}
    />
  );
  const router = createMemoryRouter([{ path: '*', element: app }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { db, router, path: () => router.state.location.pathname };
}

/** A mock state whose clock follows the (possibly faked) Date. */
export function testDb(): MockDb {
  return createMockDb(() => new Date());
}
