import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Route, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  LoadingPage,
  localStorageStore,
  Navigate,
  useTranslate,
  type Store,
} from 'react-admin';
import { RequireAccess, RequireAdmin } from './components/RequireAccess.tsx';
import { ToastsWhenNeeded } from './components/ToastsWhenNeeded.tsx';
import { i18nProvider } from './i18n/i18nProvider.ts';
import { speaksPortalLocale } from './i18n/localeStore.ts';
import { LoginPage } from './login/LoginPage.tsx';
import { screenTitle } from './layout/useScreenTitle.ts';
import { ErrorPage } from './pages/ErrorPage.tsx';
import { AdminNotFoundPage, NotFoundPage } from './pages/NotFoundPage.tsx';
import {
  ACCEPT_INVITATION_PATH,
  createAuthProvider,
  DASHBOARD_PATH,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  type PortalAuthProvider,
} from './providers/authProvider.ts';
import type { PortalDataProvider } from './providers/dataProvider.ts';
import { createLazyDataProvider } from './providers/lazyDataProvider.ts';
import { statusOf } from './providers/http.ts';
import { theme } from './theme.ts';
import { whenSignedIn } from './firstData.ts';
import { lazyScreen, loadLayout, loadNoticeGate } from './signedInScreens.ts';
import { screens, type ScreenEntry } from './screens.ts';

// Everything behind the login is loaded on demand, so the sign-in page stays small: the shell
// (top bar, menus) as much as the screens.
const PortalLayout = lazyScreen(loadLayout, (m) => m.default);
const NoticeGate = lazyScreen(loadNoticeGate, (m) => m.NoticeGate);
const ForgotPasswordPage = lazy(() => import('./login/AccountLinkPages.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./login/AccountLinkPages.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const AcceptInvitationPage = lazy(() => import('./login/AccountLinkPages.tsx').then((m) => ({ default: m.AcceptInvitationPage })));

/** A registered screen behind its guard: the admin guard, one access rule, or none beyond the sign-in. */
function guarded({ access, Screen }: ScreenEntry): ReactNode {
  if (access === 'admin') return <RequireAdmin><Screen /></RequireAdmin>;
  if (access === 'signedIn') return <Screen />;
  return <RequireAccess resource={access.resource} action={access.action}><Screen /></RequireAccess>;
}

/** react-admin's query for its sign-in check (ra-core useAuthState). */
const AUTH_CHECK_KEY = ['auth', 'checkAuth'] as const;
/** How long react-admin keeps its identity and permissions answers fresh, and the portal its sign-in check's. */
const AUTH_ANSWER_FRESH_MS = 5 * 60_000;

/** Unused query data is kept for a minute (spec §9); client errors are never retried. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 60_000,
        retry: (failures, error) => {
          const status = statusOf(error) ?? 0;
          return failures < 2 && (status === 0 || status >= 500);
        },
      },
    },
  });
  // react-admin asks its sign-in check again whenever a screen that reads it mounts. The portal's
  // check reads the session it already holds (authProvider.ts), so a second asking changes nothing
  // but redraws the shell and the screen twice, in blocking passes right after the first render
  // (issue 20). It is kept fresh like react-admin's identity and permissions are; signing in or out
  // and refreshing the person reset it.
  client.setQueryDefaults(AUTH_CHECK_KEY, { staleTime: AUTH_ANSWER_FRESH_MS });
  return client;
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <PortalLayout>
        <NoticeGate>{children}</NoticeGate>
      </PortalLayout>
    </Suspense>
  );
}

/** The sign-in page sits outside the layout, so it names itself in the browser title. */
function Login() {
  const translate = useTranslate();
  useEffect(() => {
    document.title = screenTitle(translate('bh.menu.login'), translate('bh.app.name'));
  }, [translate]);
  return <LoginPage />;
}

export interface PortalProviders {
  authProvider: PortalAuthProvider;
  dataProvider: PortalDataProvider;
  queryClient: QueryClient;
  /** The first screen's data, asked for once the person is known (settles at once before). */
  firstData: () => Promise<void>;
}

/**
 * The portal's providers, wired together: once the person is known (a restored session or a
 * login), react-admin's questions about them are answered and the first screen's data asked for
 * (`whenSignedIn`). `currentPath` says where the portal is then: a restored session's first data is
 * that page's; a login always lands on the dashboard.
 */
export function createPortalProviders(
  currentPath: () => string,
  given: { authProvider?: PortalAuthProvider | undefined; dataProvider?: PortalDataProvider | undefined; queryClient?: QueryClient | undefined } = {},
): PortalProviders {
  const dataProvider = given.dataProvider ?? createLazyDataProvider();
  const queryClient = given.queryClient ?? createQueryClient();
  let firstData: Promise<void> = Promise.resolve();
  // A given auth provider (start.tsx's, made here too; or a test's) keeps its own wiring.
  const authProvider =
    given.authProvider ??
    createAuthProvider({
      onSignedIn: (user, how) => {
        firstData = whenSignedIn(queryClient, dataProvider, user, how === 'login' ? DASHBOARD_PATH : currentPath());
      },
    });
  return { authProvider, dataProvider, queryClient, firstData: () => firstData };
}

export interface AppProps {
  authProvider?: PortalAuthProvider;
  dataProvider?: PortalDataProvider;
  queryClient?: QueryClient;
  store?: Store;
}

/**
 * Wires providers and routes; the screens live in their folders (react-admin demo layout).
 * This is react-admin's <Admin> spelled out (AdminContext + CoreAdminUI + toasts): <Admin>
 * also bundles the default login, layout and error pages, which the portal replaces, and they would
 * weigh down the sign-in page.
 */
export function App(props: AppProps) {
  // Where the portal is when the person becomes known: a restored session's first data is that page's.
  const location = useLocation();
  const path = useRef(location.pathname);
  path.current = location.pathname;
  const [defaults] = useState(() => {
    const { authProvider, dataProvider, queryClient } = createPortalProviders(() => path.current, props);
    return {
      authProvider,
      dataProvider,
      queryClient,
      store: speaksPortalLocale(props.store ?? localStorageStore(undefined, 'better-health-portal')),
    };
  });
  return (
    <AdminContext
      authProvider={defaults.authProvider}
      dataProvider={defaults.dataProvider}
      i18nProvider={i18nProvider}
      queryClient={defaults.queryClient}
      store={defaults.store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Better Health"
          layout={Layout}
          loginPage={Login}
          catchAll={NotFoundPage}
          error={ErrorPage}
          loading={LoadingPage}
          requireAuth
          disableTelemetry
        >
          {/* The emailed links' pages need no session (react-admin leaves layout-free routes public). */}
          <CustomRoutes noLayout>
            <Route path={FORGOT_PASSWORD_PATH} element={<Suspense fallback={<LoadingPage />}><ForgotPasswordPage /></Suspense>} />
            <Route path={RESET_PASSWORD_PATH} element={<Suspense fallback={<LoadingPage />}><ResetPasswordPage /></Suspense>} />
            <Route path={ACCEPT_INVITATION_PATH} element={<Suspense fallback={<LoadingPage />}><AcceptInvitationPage /></Suspense>} />
          </CustomRoutes>
          <CustomRoutes>
            {/* / is the public site's home; inside the portal it means the dashboard. */}
            <Route path="/" element={<Navigate to={DASHBOARD_PATH} replace />} />
            {screens.flatMap((entry) => entry.paths.map((path) => <Route key={path} path={path} element={guarded(entry)} />))}
            <Route
              path="/admin/*"
              element={
                <RequireAdmin>
                  <AdminNotFoundPage />
                </RequireAdmin>
              }
            />
          </CustomRoutes>
        </CoreAdminUI>
        <ToastsWhenNeeded />
      </CssBaseline>
    </AdminContext>
  );
}
