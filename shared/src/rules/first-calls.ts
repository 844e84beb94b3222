import { mayCall, type AccessSubject } from '../contract/access.ts';
import { PORTAL_PAGES, type PortalPage } from './portal-pages.ts';

/** The calls, by operation id, that the first screen of a page behind the login reads before it can show anything. */
export type FirstCall = 'userProfile' | 'privacyNotice' | 'meetingList' | 'paymentServices';

type When = (subject: AccessSubject) => boolean;

const always: When = () => true;

/**
 * What each portal page reads first, and for whom (issue 20): the sign-in check and the privacy
 * notice's status on every page behind the login (the notice gate stands in front of them all),
 * and on the dashboard the meetings for those the access table lets read them and the services
 * for clients, who book them there. The server names these calls in the page it sends a
 * signed-in person (a preload), so the browser asks for them while the scripts load; the portal
 * asks for the same ones as soon as it knows who is signed in (portal/src/firstData.ts), and the
 * browser hands it the preloaded answers.
 */
const FIRST_CALLS: Record<PortalPage, readonly (readonly [FirstCall, When])[]> = {
  [PORTAL_PAGES.login]: [],
  [PORTAL_PAGES.signIn]: [],
  [PORTAL_PAGES.signedIn]: [
    ['userProfile', always],
    ['privacyNotice', (s) => mayCall('privacyOwn', s)],
  ],
  [PORTAL_PAGES.dashboard]: [
    ['userProfile', always],
    ['privacyNotice', (s) => mayCall('privacyOwn', s)],
    ['meetingList', (s) => mayCall('meetingsRead', s)],
    ['paymentServices', (s) => s.role === 'user'],
  ],
};

/** The calls a page's first screen makes for this signed-in person, in the order it makes them. */
export function firstCallsFor(page: PortalPage, subject: AccessSubject): FirstCall[] {
  return FIRST_CALLS[page].filter(([, when]) => when(subject)).map(([call]) => call);
}

/**
 * The work's answer, or null when it fails or takes longer than `ms`: how long a page behind the
 * login waits for a first call (the server, to learn whose session a page carries; the portal, for
 * the sign-in check and the first data) before it goes on without.
 */
export function withinMs<T>(ms: number, work: Promise<T>): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    void work.then(resolve, () => resolve(null)).finally(() => clearTimeout(timer));
  });
}
