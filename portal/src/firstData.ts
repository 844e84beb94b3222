import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@bh/shared';
import { firstCallsFor, withinMs, type FirstCall } from '@bh/shared/rules/first-calls';
import { isSignInPage, portalPageFor } from '@bh/shared/rules/portal-pages';
import { servicesQuery } from './dashboard/services.ts';
import { meetingsQuery } from './meetings/useMeetings.ts';
import { noticeQuery } from './privacy/client.ts';
import type { PortalDataProvider } from './providers/dataProvider.ts';
import { identityOf, permissionsOf, type PortalAuthProvider } from './providers/authProvider.ts';

type Prefetch = (queryClient: QueryClient, dataProvider: PortalDataProvider) => Promise<void>;

/** The query each first call fills; the profile is the sign-in check's own (authProvider). */
const PREFETCH: Record<Exclude<FirstCall, 'userProfile'>, Prefetch> = {
  privacyNotice: (queryClient) => queryClient.prefetchQuery(noticeQuery()),
  meetingList: (queryClient, dataProvider) => queryClient.prefetchQuery(meetingsQuery(dataProvider)),
  paymentServices: (queryClient, dataProvider) => queryClient.prefetchQuery(servicesQuery(dataProvider)),
};

/**
 * What the first screen behind the login reads, asked for as soon as the person is known (the
 * sign-in check's answer on a page opened directly, or the Login answer), beside the screens'
 * scripts. Left to the screens, each call would wait for the one before it and for a render in
 * between: the profile, then the privacy notice gate's status once the shell has rendered, then
 * the dashboard's meetings and services once the gate has (three round trips, about a second on
 * a phone; issue 20). The screens read the same queries (`noticeQuery`, `meetingsQuery`,
 * `servicesQuery`), so they find the answers, or the calls under way, instead of asking again.
 *
 * Which calls, for whom, is the shared rule the server also reads to name them in the page it
 * sends (`firstCallsFor`): a page opened directly then finds the answers already on their way.
 */
export function prefetchFirstData(queryClient: QueryClient, dataProvider: PortalDataProvider, user: PublicUser, pathname: string): Promise<void> {
  const calls = firstCallsFor(portalPageFor(pathname), user).flatMap((call) => (call === 'userProfile' ? [] : [PREFETCH[call](queryClient, dataProvider)]));
  return Promise.all(calls).then(() => undefined);
}

/**
 * react-admin's own questions about the person (signed in? who? what may they do?), answered in
 * its query cache as soon as the person is known. Its shell asks each on mount; without an answer
 * there it rendered first without one and then again for each answer, and an answer from its query
 * cache renders in a blocking pass (a phone's main thread held for the whole shell, two or three
 * times; issue 20). The keys are react-admin's (ra-core's useAuthState, useGetIdentity and
 * usePermissions, with their default parameters); `firstRender.test.tsx` fails when they no longer
 * match. Answers that go stale are asked again as before.
 */
export function answerAuthQueries(queryClient: QueryClient, user: PublicUser): void {
  queryClient.setQueryData(['auth', 'checkAuth', {}], true);
  queryClient.setQueryData(['auth', 'getIdentity'], identityOf(user));
  queryClient.setQueryData(['auth', 'getPermissions', {}], permissionsOf(user));
}

/** Once the person is known: react-admin's questions answered, and the first screen's data asked for. */
export function whenSignedIn(queryClient: QueryClient, dataProvider: PortalDataProvider, user: PublicUser, pathname: string): Promise<void> {
  answerAuthQueries(queryClient, user);
  return prefetchFirstData(queryClient, dataProvider, user, pathname);
}

/** How long a page behind the login waits, once the person is known, for its first data before its first render. */
export const FIRST_DATA_WAIT_MS = 300;
/** How long it waits for the sign-in check at most: past it, the portal renders its loading page as before. */
export const SIGN_IN_CHECK_WAIT_MS = 3_000;

/**
 * What a page opened directly waits for before the portal's first render: behind the login, the
 * sign-in check (already under way: its call leaves with the page) and then, briefly, the first
 * screen's data (`whenSignedIn`). The first render is a transition, which React does in slices
 * between which the browser stays responsive; what comes after it, from an answer arriving, is
 * rendered in one blocking pass. So the shell and the dashboard render in that first, sliced render
 * with their data, instead of a loading page first and then the shell and the dashboard in blocking
 * passes (issue 20). The boot screen stays meanwhile; the sign-in pages wait for nothing.
 */
export async function readyForFirstRender(authProvider: PortalAuthProvider, firstData: () => Promise<void>, pathname: string): Promise<void> {
  if (isSignInPage(portalPageFor(pathname))) return;
  const user = await withinMs(SIGN_IN_CHECK_WAIT_MS, authProvider.currentUser());
  if (user) await withinMs(FIRST_DATA_WAIT_MS, firstData());
}
