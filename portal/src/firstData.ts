import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@bh/shared';
import { servicesQuery } from './dashboard/services.ts';
import { meetingsQuery } from './meetings/useMeetings.ts';
import { noticeQuery } from './privacy/client.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from './providers/authProvider.ts';
import { canAccess, type PortalPermissions } from './providers/canAccess.ts';
import type { PortalDataProvider } from './providers/dataProvider.ts';

/**
 * What the first screen behind the login reads, asked for as soon as the person is known (the
 * sign-in check's answer on a page opened directly, or the Login answer), beside the screens'
 * scripts. Left to the screens, each call would wait for the one before it and for a render in
 * between: the profile, then the privacy notice gate's status once the shell has rendered, then
 * the dashboard's meetings and services once the gate has (three round trips, about a second on
 * a phone; issue 20). The screens read the same queries (`noticeQuery`, `meetingsQuery`,
 * `servicesQuery`), so they find the answers, or the calls under way, instead of asking again.
 *
 * Only what the page will show is asked for: the notice's status on every page behind the login,
 * and on the dashboard the meetings and services when this person's role may see them.
 */
export function prefetchFirstData(queryClient: QueryClient, dataProvider: PortalDataProvider, user: PublicUser, pathname: string): void {
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return;
  void queryClient.prefetchQuery(noticeQuery());
  if (pathname !== DASHBOARD_PATH && pathname !== '/') return;
  const permissions: PortalPermissions = { role: user.role, isVerified: user.isVerified };
  if (canAccess(permissions, { resource: 'meetings', action: 'list' })) void queryClient.prefetchQuery(meetingsQuery(dataProvider));
  if (canAccess(permissions, { resource: 'payments', action: 'book' })) void queryClient.prefetchQuery(servicesQuery(dataProvider));
}
