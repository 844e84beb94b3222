import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, API_BASE, jsonReply, operations, type OperationConfig } from '@bh/shared/contract';
import { contractRouter, declaredStatusesOnly, methodNotAllowed, routeOf } from './contract.ts';
import { conflict, notFound } from './errors.ts';
import { handleError } from '../app.ts';

const op = operations('Example');
const item = z.object({ success: z.literal(true) });
const rename = op('PUT /items/{itemId}', 'itemRename', { access: 'public', summary: 'Rename', params: z.object({ itemId: z.string() }), body: z.object({ name: z.string().optional() }),
  responses: { 200: jsonReply('Renamed.', item), 404: 'No such item.' } });

const silentLog = { error: () => {}, info: () => {}, enabled: () => false } as unknown as Parameters<typeof handleError>[0]['log'];

/** One operation mounted as the API mounts it, whose handler throws what it is told. */
function appThrowing(thrown: () => Error) {
  const app = new Hono();
  app.route('/', contractRouter().openapi(routeOf(rename), () => {
    throw thrown();
  }));
  app.onError(handleError({ log: silentLog }));
  return app;
}

const put = (app: Hono, init: RequestInit = { headers: { 'content-type': 'application/json' }, body: '{}' }) => app.request('/items/1', { method: 'PUT', ...init });

describe('an operation answers only the statuses it declares (tests and development)', () => {
  it('lets a declared error through as it is', async () => {
    const res = await put(appThrowing(() => notFound('No such item.')));
    expect(res.status).toBe(404);
  });

  it('turns an undeclared one into a 500 that names the operation and the status', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await put(appThrowing(() => conflict('Taken')));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: 'itemRename answered 409, which its definition does not declare' });
    expect(spy).toHaveBeenCalledWith('[contract] itemRename answered 409, which its definition does not declare');
    spy.mockRestore();
  });

  it('also watches answers the handler returns rather than throws', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = new Hono();
    app.put('/x', declaredStatusesOnly(rename), (c) => c.json({ success: false, message: 'Gone' }, 410));
    expect((await app.request('/x', { method: 'PUT' })).status).toBe(500);
    spy.mockRestore();
  });

  it('refuses a required body that is not sent at all, even when `{}` would do', async () => {
    const res = await put(appThrowing(() => notFound()), { headers: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: 'Malformed request body' });
  });
});

describe('methodNotAllowed', () => {
  const ops: OperationConfig[] = Object.values(api).flatMap((area) => Object.values(area) as OperationConfig[]);
  const app = new Hono();
  app.use('*', methodNotAllowed(API_BASE, ops));
  app.delete(`${API_BASE}/meeting/:meetingId`, (c) => c.json({ success: true, deleted: c.req.param('meetingId') }, 200));
  app.all('*', (c) => c.json({ success: false, message: 'Not found' }, 404));

  it('answers 405 with the path\'s methods for one it does not take', async () => {
    const res = await app.request(`${API_BASE}/user/profile`, { method: 'QUERY' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const del = await app.request(`${API_BASE}/payments/coupon/abc`, { method: 'POST' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('DELETE');
  });

  it('goes by the most literal path (`/meeting/get-meetings`, not `/meeting/{meetingId}`), before any route', async () => {
    const res = await app.request(`${API_BASE}/meeting/get-meetings`, { method: 'OPTIONS' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await app.request(`${API_BASE}/meeting/get-meetings`, { method: 'DELETE' })).status).toBe(405);
    expect((await app.request(`${API_BASE}/meeting/abc`, { method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`${API_BASE}/meeting/get-meetings`, { method: 'HEAD' })).status).toBe(404);
  });

  it('leaves a path no operation has to the 404', async () => {
    expect((await app.request(`${API_BASE}/nothing/here`, { method: 'QUERY' })).status).toBe(404);
  });
});
