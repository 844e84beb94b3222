import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { memoryStore } from 'react-admin';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { NOTICE_VERSION, servicesCatalogue } from '@bh/shared';
import { DASHBOARD_PATH } from '@bh/shared/rules/portal-pages';
import { App, createPortalProviders, createQueryClient } from './App.tsx';
import { answerAuthQueries } from './firstData.ts';
import { MEETINGS_QUERY_KEY } from './meetings/useMeetings.ts';
import { addMeeting, addUser, createMockDb } from './mocks/db.ts';
import { publicUser } from './mocks/handlers.ts';
import { noticeQuery } from './privacy/client.ts';
import { servicesQuery } from './dashboard/services.ts';
import { loadDashboard, loadLayout, loadNoticeGate } from './signedInScreens.ts';

/** A style element React's server renderer writes beside the elements it styles (emotion's key `css`). */
const EMOTION_STYLE = /<style data-emotion="css ([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The style engine's rules for the first screens behind the login, written at build time into the
 * pages that open them (vite.config.ts). The portal's first render there (the shell, the notice
 * gate and a client's dashboard with one meeting, as start.tsx draws it once the person and the
 * first data are known) is drawn once with made-up data, and only its styles are kept, in one
 * element that emotion, as it starts in the browser, takes as already inserted. The first commit
 * then finds those styles in place instead of compiling each and inserting it into the page's
 * sheet, which was about half of that commit's time (issue 20). A style the real screen needs
 * beyond them (another role's menu, a phone's layout) is made as before; a style name is a hash of
 * its rules, so a kept one is always the rules the app would have made.
 */
export async function renderFirstScreenStyles(): Promise<string> {
  await Promise.all([loadLayout(), loadNoticeGate(), loadDashboard()]);
  const db = createMockDb();
  const associate = addUser(db, { name: 'Associate Name', email: 'associate@example.in', role: 'doctor', isVerified: 'verified' });
  const client = addUser(db, { name: 'Client Name', email: 'client@example.in', role: 'user' });
  const meeting = addMeeting(db, { client, associate, startsAt: new Date(Date.now() + 3 * 3_600_000) });
  const queryClient = createQueryClient();
  answerAuthQueries(queryClient, publicUser(client));
  queryClient.setQueryData(noticeQuery().queryKey, { version: NOTICE_VERSION, accepted: true, consents: [] });
  queryClient.setQueryData(MEETINGS_QUERY_KEY, [meeting]);
  const portal = createPortalProviders(() => DASHBOARD_PATH, { queryClient });
  queryClient.setQueryData(servicesQuery(portal.dataProvider).queryKey, servicesCatalogue());

  const app = <App authProvider={portal.authProvider} dataProvider={portal.dataProvider} queryClient={queryClient} store={memoryStore()} />;
  const handler = createStaticHandler([{ path: '*', element: app }]);
  const context = await handler.query(new Request(new URL(DASHBOARD_PATH, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${DASHBOARD_PATH} answered ${context.status} at build time`);
  // react-admin reads the page as it renders: its preferences inspector the body's width (and then
  // draws nothing unless its editor is open), its title the element it would write into. Both are
  // given for this render alone, once every module has loaded: the style engine decides as it loads
  // whether it runs in a browser, and so still writes its rules beside the elements.
  const scope = globalThis as { document?: unknown };
  scope.document = { body: { clientWidth: 1024 }, getElementById: () => null };
  let markup: string;
  try {
    markup = renderToString(
      <StrictMode>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </StrictMode>,
    );
  } finally {
    delete scope.document;
    // Its answers' collection timers would otherwise hold the build's process open for a minute.
    queryClient.clear();
  }
  if (!markup.includes('Hello, Client!') || !markup.includes('with Associate Name')) throw new Error(`the first render at ${DASHBOARD_PATH} did not draw the dashboard at build time`);
  const names: string[] = [];
  const rules: string[] = [];
  for (const [, name, css] of markup.matchAll(EMOTION_STYLE)) {
    names.push(...name!.split(' '));
    rules.push(css!);
  }
  return `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`;
}
