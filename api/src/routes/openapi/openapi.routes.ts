import { Hono } from 'hono';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import { DOCS_CSP, renderDocsPage } from './docs.page.ts';
import type { OpenApiDocument } from './openapi.document.ts';

/** GET /api/v1/openapi.json: the contract, produced from the mounted definitions. */
export function openapiRoutes(document: () => OpenApiDocument) {

  const serveDocument: Handler<typeof api.reference.openapi> = (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(document(), 200);
  };

  return contractRouter().openapi(routeOf(api.reference.openapi), serveDocument);
}

/** GET /api/docs: the same contract as a readable, script-free page. */
export function apiDocsRoutes(document: () => OpenApiDocument) {
  let page: string | null = null;
  return new Hono().get('/', (c) => {
    page ??= renderDocsPage(document());
    // Its own policy; the server adds the headers every page carries (connections.ts).
    c.header('Content-Security-Policy', DOCS_CSP);
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });
}
