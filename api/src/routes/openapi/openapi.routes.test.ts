import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OpenAPIHono } from '@hono/zod-openapi';
import { api, type OperationConfig } from '@bh/shared/contract';
import { routeOf } from '../../lib/contract.ts';
import type { AppEnv } from '../../lib/types.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { contractDocument, type OpenApiDocument } from './openapi.document.ts';

let ctx: TestContext;
let doc: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.request('GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  // What is served is read below through the document's type.
  doc = (await res.json()) as OpenApiDocument;
});

/** Every method and path the app serves, as OpenAPI writes them, relative to /api/v1. */
function servedRoutes(): Set<string> {
  const served = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/v1/')) continue;
    const path = route.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}');
    served.add(`${route.method} ${path}`);
  }
  return served;
}

function documentedRoutes(): Set<string> {
  const documented = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${path}`);
  return documented;
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document for /api/v1 with a cookie session scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'bh_session' });
  });

  it('documents exactly the routes the app serves, both engineers\' alike', () => {
    const served = servedRoutes();
    const documented = documentedRoutes();
    // Sanity: the app really was inspected, with every resource mounted.
    for (const expected of ['POST /user/login', 'GET /meeting/get-meetings', 'POST /register/employees', 'GET /payments/services', 'POST /uploads', 'GET /admin/applications']) {
      expect(served.has(expected), expected).toBe(true);
    }
    expect([...served].filter((r) => !documented.has(r)), 'served but not documented').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'documented but not served').toEqual([]);
  });

  it('documents every mounted route exactly as its shared definition says: parameters, bodies, responses, access', () => {
    // The definitions on their own, not through the app: what each operation should look like.
    const definitions = new OpenAPIHono<AppEnv>();
    const defined = new Set<string>();
    for (const area of Object.values(api)) {
      for (const op of Object.values(area) as OperationConfig[]) {
        definitions.openapi(routeOf(op), (c) => c.body(null) as never);
        defined.add(`${op.method.toUpperCase()} ${op.path}`);
      }
    }
    const expected = contractDocument(definitions);
    const served = servedRoutes();
    expect([...served].filter((r) => !defined.has(r)), 'mounted without a definition').toEqual([]);
    expect([...defined].filter((r) => !served.has(r)), 'defined but not mounted').toEqual([]);
    for (const route of served) {
      const [method, path] = route.split(' ') as [string, string];
      const key = method.toLowerCase() as 'get';
      expect(doc.paths[path]?.[key], route).toEqual(expected.paths[path]![key]);
    }
    expect(doc.components).toEqual(expected.components);
  });

  it('shows the shared schemas: strict bodies, queries, multipart and file answers', () => {
    const application = doc.paths['/register/employees']!.post!.requestBody!.content['application/json']!.schema;
    expect(application).toMatchObject({ type: 'object', additionalProperties: false, required: expect.arrayContaining(['personalInfo', 'bankAccount']) });
    expect(doc.paths['/user/login']!.post!.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['email', 'password']),
    });
    expect(doc.paths['/register/status-pending']!.get!.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { success: { type: 'boolean' }, user: { type: 'array' } },
    });
    expect(doc.paths['/user/login']!.post!.responses['401']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    const grid = doc.paths['/admin/meetings']!.get!;
    expect(grid.parameters!.map((p) => [p.name, p.in, p.required])).toEqual([
      ['sort', 'query', false],
      ['range', 'query', false],
      ['filter', 'query', false],
    ]);
    expect(grid.responses['200']!.headers).toHaveProperty('Content-Range');
    const verifiedQuery = doc.paths['/register/status-verified']!.get!.parameters!;
    expect(verifiedQuery.map((p) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['limit', 'query', false],
      ['email', 'query', false],
    ]);
    const upload = doc.paths['/uploads']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(upload.properties?.field).toMatchObject({ enum: ['resume', 'document', 'salarySlip'] });
  });

  it('gives every call a success answer, the error shape, and 401/403 where a session or role is needed', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const statuses = Object.keys(op!.responses);
        const label = `${method} ${path}`;
        if (label !== 'get /meeting/deleteMeeting/{meetingId}') expect(statuses.some((s) => s.startsWith('2')), label).toBe(true);
        expect(op!['x-access'].length, label).toBeGreaterThan(0);
        if (op!.security.length > 0) expect(statuses, label).toContain('401');
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          expect(op!.responses[status]!.content?.['application/json']?.schema, `${label} ${status}`).toBeDefined();
        }
        for (const param of (op!.parameters ?? []).filter((p) => p.in === 'path')) expect(path).toContain(`{${param.name}}`);
      }
    }
    expect(doc.paths['/register/verify-doctor/{userId}']!.post!.responses['403']).toBeDefined();
    expect(doc.paths['/payments/services']!.get!.security).toEqual([]);
    expect(doc.paths['/uploads/{id}']!.get!.responses['200']!.content).toHaveProperty('application/pdf');
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained page: no scripts, nothing from elsewhere, its one stylesheet allowed by hash', async () => {
    const res = await ctx.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\bsrc=/i);
    expect(html).not.toMatch(/(href|url\()\s*=?\s*["']?(https?:)?\/\//i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('lists every documented call with who may call it and its fields', async () => {
    const html = await (await ctx.request('GET', '/api/docs')).text();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const op of Object.values(methods)) expect(html, path).toContain(`id="${op!.operationId}"`);
      expect(html).toContain(`/api/v1${path.replace(/&/g, '&amp;')}`);
    }
    expect(html).toContain('<strong>Who may call:</strong>');
    expect(html).toContain('<code>accountNumber</code>');
    expect(html).toContain('No other fields are accepted.');
  });
});
