import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@bh/shared';
import { firstCallsFor, type FirstCall } from '@bh/shared/rules/first-calls';
import { portalPageFor } from '@bh/shared/rules/portal-pages';
import { servicesQuery } from './dashboard/services.ts';
import { meetingsQuery } from './meetings/useMeetings.ts';
import { noticeQuery } from './privacy/client.ts';
import type { PortalDataProvider } from './providers/dataProvider.ts';

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
export function prefetchFirstData(queryClient: QueryClient, dataProvider: PortalDataProvider, user: PublicUser, pathname: string): void {
  for (const call of firstCallsFor(portalPageFor(pathname), user)) {
    if (call !== 'userProfile') void PREFETCH[call](queryClient, dataProvider);
  }
}
