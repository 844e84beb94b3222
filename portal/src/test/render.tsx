import type { ReactElement } from 'react';
import { render, screen, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach } from 'vitest';
import { App, createQueryClient } from '../App.tsx';
import { ToastsWhenNeeded } from '../components/ToastsWhenNeeded.tsx';
import { i18nProvider } from '../i18n/i18nProvider.ts';
import { createAdminHandlers } from '../mocks/admin-handlers.ts';
import { createAdminMockState, type AdminMockState } from '../mocks/admin-state.ts';
import { addUser, createMockDb, type MockDb, type MockUser } from '../mocks/db.ts';
import { createHandlers } from '../mocks/handlers.ts';
import { createAuthProvider } from '../providers/authProvider.ts';
import { createDataProvider, type PortalDataProvider } from '../providers/dataProvider.ts';
import { server } from './server.ts';

/**
 * The one way portal tests render: the whole portal at a path (`renderPortal`), or one element in
 * react-admin's context (`renderInAdmin`), both on a memory router and on the mock API that the
 * test server answers with, as `pnpm dev:mock` does in a tab.
 */

const served = new WeakMap<MockDb, AdminMockState>();
/** The mock API the test set up last; `renderPortal` without a `db` renders against it. */
let current: MockDb | undefined;

afterEach(() => {
  current = undefined;
});

/** A mock state whose clock follows the (possibly faked) Date. */
export function testDb(): MockDb {
  return createMockDb(() => new Date());
}

/**
 * Answers every /api/v1 call from `db` (the admin handlers first, then the portal's), once per
 * state. Handlers a test adds afterwards with `server.use` take precedence.
 */
export function serveMockApi(db: MockDb, state: AdminMockState = createAdminMockState()): AdminMockState {
  const existing = served.get(db);
  current = db;
  if (existing) return existing;
  served.set(db, state);
  server.use(...createAdminHandlers(db, state), ...createHandlers(db));
  return state;
}

export interface AdminWorld {
  db: MockDb;
  state: AdminMockState;
  admin: MockUser;
}

/** A fresh mock API with a verified admin signed in. */
export function adminWorld(options: { now?: () => Date } = {}): AdminWorld {
  const db = createMockDb(options.now);
  const admin = addUser(db, { name: 'Asha Admin', email: 'asha.admin@example.in', role: 'admin', isVerified: 'verified' });
  db.sessionUserId = admin._id;
  const state = serveMockApi(db);
  return { db, state, admin };
}

export interface RenderedPortal extends RenderResult {
  db: MockDb;
  router: ReturnType<typeof createMemoryRouter>;
  /** The path the portal shows now. */
  path: () => string;
  /**
   * The page loaded again, as a browser's reload (at `path`, or where it is now): nothing kept from
   * before but the mock API's state and the session, so what it shows is what the API now holds.
   */
  reload: (path?: string) => RenderedPortal;
}

/**
 * The whole portal at `path`, as a user sees it in a browser: real providers, routes, guards and
 * lazy chunks, the mock API answering. It uses `db` (or the mock API set up last, or a fresh one);
 * `signedIn` starts a session for that user.
 */
export function renderPortal(
  path: string,
  options: { db?: MockDb; signedIn?: MockUser; dataProvider?: PortalDataProvider } = {},
): RenderedPortal {
  const db = options.db ?? current ?? createMockDb();
  if (options.signedIn) db.sessionUserId = options.signedIn._id;
  serveMockApi(db);
  const app = (
    <App
      store={memoryStore()}
      queryClient={createQueryClient()}
      {...(options.dataProvider ? { dataProvider: options.dataProvider } : {})}
    />
  );
  const router = createMemoryRouter([{ path: '*', element: app }], { initialEntries: [path] });
  const rendered = render(<RouterProvider router={router} />);
  let shown: RenderedPortal | null = null;
  const reload = (next = router.state.location.pathname): RenderedPortal => {
    // Whatever this page became (an earlier reload's page included) goes before the new one comes.
    if (shown) return (shown = shown.reload(next));
    rendered.unmount();
    shown = renderPortal(next, { db, ...(options.dataProvider ? { dataProvider: options.dataProvider } : {}) });
    return shown;
  };
  return { ...rendered, db, router, path: () => router.state.location.pathname, reload };
}

/**
 * One element on its own in react-admin's context (the real providers, translations and toasts),
 * outside the portal's routes and guards: for a part, or for what a screen does by itself when
 * someone the guards would have turned away reaches it anyway.
 */
export function renderInAdmin(element: ReactElement, options: { path?: string } = {}): RenderResult {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            authProvider={createAuthProvider()}
            dataProvider={createDataProvider()}
            i18nProvider={i18nProvider}
            queryClient={createQueryClient()}
            store={memoryStore()}
          >
            {element}
            <ToastsWhenNeeded />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  return render(<RouterProvider router={router} />);
}

/** Waits for a screen's heading, i.e. for its lazy chunk and the guard. */
export function findHeading(name: string | RegExp): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}
