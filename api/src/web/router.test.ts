import { Hono } from 'hono';
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { KEPT_MATCHES, KeptMatchRouter } from './router.ts';

/** A router that counts how often it is asked to match, around Hono's TrieRouter. */
class CountingRouter<T> implements Router<T> {
  readonly name = 'Counting';
  readonly inner = new TrieRouter<T>();
  asked = 0;
  add(method: string, path: string, handler: T): void {
    this.inner.add(method, path, handler);
  }
  match(method: string, path: string): Result<T> {
    this.asked += 1;
    return this.inner.match(method, path);
  }
}

/** The shape of the product's app: middleware on every path and on /api/*, fixed paths beside parameters, a catch-all for files. */
function appWith(router?: Router<never>) {
  const app = router ? new Hono({ router: router as never }) : new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.append('x-trace', 'all');
  });
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.append('x-trace', 'api');
  });
  app.get('/api/v1/health', (c) => c.json({ route: 'health' }));
  app.get('/api/v1/meeting/get-meetings', (c) => c.json({ route: 'list' }));
  app.get('/api/v1/meeting/:meetingId/calendar.ics', (c) => c.json({ route: 'calendar', id: c.req.param('meetingId') }));
  app.post('/api/v1/meeting/:meetingId', (c) => c.json({ route: 'update', id: c.req.param('meetingId') }));
  app.all('/api/*', (c) => c.json({ route: 'api-not-found' }, 404));
  app.get('*', (c) => c.json({ route: 'file', path: c.req.path }));
  return app;
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/v1/health'],
  ['GET', '/api/v1/meeting/get-meetings'],
  ['GET', '/api/v1/meeting/m-1/calendar.ics'],
  ['GET', '/api/v1/meeting/m-2/calendar.ics'],
  ['POST', '/api/v1/meeting/m-1'],
  ['POST', '/api/v1/meeting/get-meetings'],
  ['GET', '/api/v1/nothing-here'],
  ['GET', '/about/'],
  ['POST', '/about/'],
];

async function answers(app: Hono, rounds: number) {
  const out: string[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const [method, path] of REQUESTS) {
      const res = await app.request(path, { method });
      out.push(`${method} ${path} → ${res.status} ${res.headers.get('x-trace')} ${await res.text()}`);
    }
  }
  return out;
}

describe('KeptMatchRouter', () => {
  it('answers every request as Hono’s own router does, the first time and every time after', async () => {
    const expected = await answers(appWith(), 3);
    expect(await answers(appWith(new KeptMatchRouter()), 3)).toEqual(expected);
    // What the product relies on, spelled out.
    expect(expected).toContain('GET /api/v1/meeting/m-2/calendar.ics → 200 api, all {"route":"calendar","id":"m-2"}');
    expect(expected).toContain('GET /api/v1/health → 200 api, all {"route":"health"}');
  });

  it('matches a fixed path once, and a path with a parameter every time', async () => {
    const counting = new CountingRouter<never>();
    const app = appWith(new KeptMatchRouter(counting));
    for (let i = 0; i < 5; i++) expect(await (await app.request('/api/v1/meeting/get-meetings')).json()).toEqual({ route: 'list' });
    expect(counting.asked).toBe(1);
    for (const id of ['a', 'b', 'a']) expect(await (await app.request(`/api/v1/meeting/${id}/calendar.ics`)).json()).toEqual({ route: 'calendar', id });
    expect(counting.asked).toBe(4);
    // Another method on the same path is its own match.
    expect((await app.request('/api/v1/meeting/get-meetings', { method: 'POST' })).status).toBe(200);
    expect(counting.asked).toBe(5);
  });

  it(`keeps at most ${KEPT_MATCHES} paths: made-up paths empty it and it fills again, answering correctly all along`, async () => {
    const counting = new CountingRouter<never>();
    const app = appWith(new KeptMatchRouter(counting));
    await app.request('/api/v1/health');
    await app.request('/api/v1/health');
    expect(counting.asked).toBe(1);
    for (let n = 0; n < KEPT_MATCHES; n++) {
      const res = await app.request(`/made-up-${n}`);
      if (n % 512 === 0) expect(await res.json()).toEqual({ route: 'file', path: `/made-up-${n}` });
    }
    expect(counting.asked).toBe(1 + KEPT_MATCHES);
    // The cache was full, so it started again: health is matched anew, then kept again.
    expect(await (await app.request('/api/v1/health')).json()).toEqual({ route: 'health' });
    expect(await (await app.request('/api/v1/health')).json()).toEqual({ route: 'health' });
    expect(counting.asked).toBe(2 + KEPT_MATCHES);
  });

  it('forgets what it kept when a route is added', () => {
    const router = new KeptMatchRouter<string>(new TrieRouter());
    router.add('GET', '/late', 'first');
    expect(router.match('GET', '/late')[0].map(([handler]) => handler)).toEqual(['first']);
    router.add('GET', '/late', 'second');
    expect(router.match('GET', '/late')[0].map(([handler]) => handler)).toEqual(['first', 'second']);
  });
});
