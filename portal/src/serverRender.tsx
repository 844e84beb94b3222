import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

/**
 * The portal's first render at `path` with React's server renderer, for what the build draws
 * (login/prerender.tsx, firstScreenStyles.tsx): every path to `app`, under StrictMode, as
 * start.tsx's router has it in the browser.
 */
export async function renderAt(path: string, app: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: app }]);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} at build time`);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </StrictMode>,
  );
}
