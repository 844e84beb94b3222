import { memoryStore } from 'react-admin';
import { NOTICE_VERSION, servicesCatalogue } from '@bh/shared';
import { DASHBOARD_PATH } from '@bh/shared/rules/portal-pages';
import { App, createPortalProviders, createQueryClient } from './App.tsx';
import { LaterDrawnAtOnce } from './components/Later.tsx';
import { answerAuthQueries } from './firstData.ts';
import { MEETINGS_QUERY_KEY } from './meetings/useMeetings.ts';
import { addMeeting, addUser, createMockDb } from './mocks/db.ts';
import { publicUser } from './mocks/handlers.ts';
import { noticeQuery } from './privacy/client.ts';
import { servicesQuery } from './dashboard/services.ts';
import { renderAt } from './serverRender.tsx';
import { theme } from './theme.ts';
import { loadDashboard, loadLayout, loadNoticeGate } from './signedInScreens.ts';

/** A style element React's server renderer writes beside the elements it styles (emotion's key `css`). */
const EMOTION_STYLE = /<style data-emotion="css ([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The style engine's rules for the first screens behind the login, written at build time into the
 * pages that open them (vite.config.ts). The portal's first render there (the shell, the notice
 * gate and a client's dashboard with two sessions to come, as start.tsx draws it once the person
 * and the first data are known), with the table of sessions the commits after it add, is drawn
 * with made-up data, as a phone and as a laptop would draw it, and only its styles are kept, in one
 * element that emotion, as it starts in the browser, takes as already inserted. The first commits
 * then find those styles in place instead of compiling each and inserting it into the page's
 * sheet, which was about half of the first commit's time (issue 20). A style the real screen needs
 * beyond them (another role's menu and tables) is made as before; a style's name is a hash of its
 * rules, so a kept one is always the rules the app would have made.
 */
export async function renderFirstScreenStyles(): Promise<string> {
  await Promise.all([loadLayout(), loadNoticeGate(), loadDashboard()]);
  // Drawn as a phone and as a wide screen: the layout's parts differ (a side sheet or a menu beside
  // the screen), and a server render cannot ask the browser which it is.
  const names = new Set<string>();
  const rules: string[] = [];
  for (const width of [PHONE_WIDTH, WIDE_WIDTH]) {
    for (const [, name, css] of (await drawnAt(width)).matchAll(EMOTION_STYLE)) {
      const fresh = name!.split(' ').filter((n) => !names.has(n));
      if (fresh.length === 0) continue;
      fresh.forEach((n) => names.add(n));
      rules.push(css!);
    }
  }
  return `<style data-emotion="css ${[...names].join(' ')}">${rules.join('')}</style>`;
}

/** The widths the first render is drawn at: Lighthouse's phone, and a laptop's. */
const PHONE_WIDTH = 412;
const WIDE_WIDTH = 1280;

/** Whether a media query of MUI's breakpoints (`(min-width:600px)`, `(max-width:599.95px)`, joined by `and`) holds at `width`. */
export function matchesWidth(query: string, width: number): boolean {
  const parts = query.replace(/^@media\s*/, '').split(/\s+and\s+/);
  return parts.every((part) => {
    const bound = /^\((min|max)-width:\s*([\d.]+)px\)$/.exec(part.trim());
    if (!bound) return false;
    return bound[1] === 'min' ? width >= Number(bound[2]) : width <= Number(bound[2]);
  });
}

/** The first render at /dashboard, as a screen `width` pixels wide would draw it, with its styles beside the elements. */
async function drawnAt(width: number): Promise<string> {
  const db = createMockDb();
  const associate = addUser(db, { name: 'Associate Name', email: 'associate@example.in', role: 'doctor', isVerified: 'verified' });
  const client = addUser(db, { name: 'Client Name', email: 'client@example.in', role: 'user' });
  // The next session and one later on: the card, and the table of sessions to come below it (as
  // cards on a phone). A client sees no table of held sessions.
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
  const meetings = [addMeeting(db, { client, associate, startsAt: hours(3) }), addMeeting(db, { client, associate, startsAt: hours(96) })];
  const queryClient = createQueryClient();
  answerAuthQueries(queryClient, publicUser(client));
  queryClient.setQueryData(noticeQuery().queryKey, { version: NOTICE_VERSION, accepted: true, consents: [] });
  queryClient.setQueryData(MEETINGS_QUERY_KEY, meetings);
  const portal = createPortalProviders(() => DASHBOARD_PATH, { queryClient });
  queryClient.setQueryData(servicesQuery(portal.dataProvider).queryKey, servicesCatalogue());

  // react-admin reads the page as it renders: its preferences inspector the body's width (and then
  // draws nothing unless its editor is open), its title the element it would write into. Both are
  // given for this render alone, once every module has loaded: the style engine decides as it loads
  // whether it runs in a browser, and so still writes its rules beside the elements. MUI's media
  // queries are answered for `width` (its `ssrMatchMedia`), which no style's rules depend on.
  const scope = globalThis as { document?: unknown };
  scope.document = { body: { clientWidth: width }, getElementById: () => null };
  const components = theme.components;
  theme.components = { ...components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: matchesWidth(query, width) }) } } };
  try {
    // A server render runs no effects, so the tables that come in later commits (components/Later.tsx) are drawn in this one.
    const app = (
      <LaterDrawnAtOnce.Provider value>
        <App authProvider={portal.authProvider} dataProvider={portal.dataProvider} queryClient={queryClient} store={memoryStore()} />
      </LaterDrawnAtOnce.Provider>
    );
    const markup = await renderAt(DASHBOARD_PATH, app);
    if (!markup.includes('Hello, Client!') || !markup.includes('with Associate Name')) throw new Error(`the first render at ${DASHBOARD_PATH} did not draw the dashboard at build time`);
    return markup;
  } finally {
    delete scope.document;
    theme.components = components;
    // Its answers' collection timers would otherwise hold the build's process open for a minute.
    queryClient.clear();
  }
}
