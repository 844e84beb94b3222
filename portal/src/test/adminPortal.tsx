import type { ReactElement } from 'react';
import { render, screen, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import { App, createQueryClient } from '../App.tsx';
import { Toasts } from '../components/Toasts.tsx';
import { addUser, createMockDb, type MockDb, type MockUser } from '../mocks/db.ts';
import { createHandlers } from '../mocks/handlers.ts';
import { createAuthProvider } from '../providers/authProvider.ts';
import { createDataProvider } from '../providers/dataProvider.ts';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { server } from './server.ts';
import { createAdminHandlers } from '../admin/mocks/handlers.ts';
import { createAdminMockState, type AdminMockState } from '../admin/mocks/state.ts';

export interface AdminWorld {
  db: MockDb;
  state: AdminMockState;
  admin: MockUser;
}

/**
 * A fresh mock state with a verified admin signed in, answered by the portal's test server: the
 * admin's handlers first, then the portal's own for every other call.
 */
export function adminWorld(options: { now?: () => Date } = {}): AdminWorld {
  const db = createMockDb(options.now);
  const state = createAdminMockState();
  const admin = addUser(db, { name: 'Asha Admin', email: 'asha.admin@example.in', role: 'admin', isVerified: 'verified' });
  db.sessionUserId = admin._id;
  server.use(...createAdminHandlers(db, state), ...createHandlers(db));
  return { db, state, admin };
}

/**
 * The whole portal at `path`, on the real providers talking to the mock API: the screens are
 * reached through the admin routes, guards and lazy chunks exactly as users reach them.
 */
export function renderPortal(path: string): RenderResult & { path: () => string } {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App
            authProvider={createAuthProvider()}
            dataProvider={createDataProvider()}
            queryClient={createQueryClient()}
            store={memoryStore()}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), path: () => router.state.location.pathname };
}

/**
 * One screen on its own, outside the portal's routes and guards: for what a screen does by itself
 * when someone the guards would have turned away reaches it anyway.
 */
export function renderScreen(screenElement: ReactElement, path = '/'): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={createAuthProvider()}
        dataProvider={createDataProvider()}
        i18nProvider={i18nProvider}
        queryClient={createQueryClient()}
        store={memoryStore()}
      >
        {screenElement}
        <Toasts />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Waits for a screen's heading, i.e. for its lazy chunk and the guard. */
export function findHeading(name: string | RegExp): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
