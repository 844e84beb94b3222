import { Hono } from 'hono';
import type { AppEnv } from '../../lib/types.ts';
import { DOCS_CSP, renderDocsPage } from './docs.page.ts';
import { openApiDocument } from './openapi.document.ts';
import { DOCUMENT_HEADERS } from '../../web/security-headers.ts';

/** GET /api/v1/openapi.json: the contract, generated from the shared schemas. */
export function openapiRoutes() {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(openApiDocument().json);
  });
}

let page: string | null = null;

/** GET /api/docs: the same contract as a readable, script-free page. */
export function apiDocsRoutes() {
  return new Hono().get('/', (c) => {
    page ??= renderDocsPage(openApiDocument().document);
    c.header('Content-Security-Policy', DOCS_CSP);
    for (const [name, value] of DOCUMENT_HEADERS) c.header(name, value);
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });
}
