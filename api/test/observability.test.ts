import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import parsePrometheusTextFormat, { type PrometheusMetric } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createDeps } from '../src/lib/deps.ts';
import { createLogger, type LogLevel } from '../src/lib/logger.ts';
import { profileResponseSchema } from '@bh/shared';
import { bodyOf, createTestContext, jsonRequest, TEST_PASSWORD, type TestContext } from './context.ts';
import { served, type Served } from './served.ts';

let ctx: TestContext;
let user: { email: string; password: string };
/** The API through the product's server, which gives each request its id (connections.ts). */
let api: Served;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser({ role: 'user' });
  api = await served(ctx.app);
  base = api.url;
});

afterAll(async () => {
  await api.close();
});

/** A JSON call through the server, as the portal makes it. */
const call = (method: string, path: string, init: { body?: unknown; cookie?: string } = {}) => api.request(path, jsonRequest(method, init));

const requestLines = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

function metric(metrics: PrometheusMetric[], name: string): PrometheusMetric {
  const found = metrics.find((m) => m.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
}
const valueOf = (m: PrometheusMetric, labels: Record<string, string>) =>
  Number(m.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v))?.value ?? 0);

describe('request log', () => {
  it('writes one line per request with method, route pattern, status, duration and request id, and nothing secret', async () => {
    const secretQuery = `token=${randomBytes(8).toString('hex')}`;
    ctx.logLines.length = 0;
    const res = await call('POST', `/api/v1/user/login?${secretQuery}`, { body: { email: user.email, password: `${TEST_PASSWORD}-wrong` } });
    expect(res.status).toBe(401);
    const ok = await call('POST', '/api/v1/user/login', { body: { email: user.email, password: TEST_PASSWORD } });
    const cookie = ok.headers.get('set-cookie')!.split(';')[0]!;
    const id = (await bodyOf(await call('GET', '/api/v1/user/profile', { cookie }), profileResponseSchema)).user._id;
    await call('GET', `/api/v1/admin/users/${id}`, { cookie });

    const lines = requestLines(ctx.logLines);
    expect(lines.map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/api/v1/user/login', 401],
      ['POST', '/api/v1/user/login', 200],
      ['GET', '/api/v1/user/profile', 200],
      // The operation's guard answered, so the pattern is the operation's route: the id never appears.
      ['GET', '/api/v1/admin/users/:id', 403],
    ]);
    for (const line of lines) {
      expect(line.level).toBe('info');
      expect(typeof line.ms).toBe('number');
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(lines.map((l) => l.requestId)).size).toBe(4);
    expect(res.headers.get('x-request-id')).toBe(lines[0]!.requestId);
    const text = ctx.logLines.join('\n');
    for (const secret of [user.email, TEST_PASSWORD, secretQuery, cookie.split('=')[1]!, id]) expect(text).not.toContain(secret);
  });

  it('follows LOG_LEVEL: silent writes nothing, error only failures, info the requests, debug also readiness', async () => {
    const outage = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
    const written: Record<LogLevel, string[]> = { silent: [], error: [], info: [], debug: [] };
    for (const level of ['silent', 'error', 'info', 'debug'] as const) {
      for (const [client, db] of [
        [ctx.deps.client, ctx.deps.db],
        [outage, outage.db('down')],
      ] as const) {
        const deps = createDeps({ client, db, clock: ctx.clock, log: createLogger(level, (l) => written[level].push(l)), config: ctx.deps.config });
        const app = createApp(deps);
        await app.request('/api/v1/health/ready');
        await app.request('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@test.betterhealth.in', password: 'Nobody-pass-123' }) });
      }
    }
    await outage.close();
    const messages = (level: LogLevel) => written[level].map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages('silent')).toEqual([]);
    expect(messages('error')).toEqual(['database unavailable']);
    expect(messages('info').filter((m) => m === 'request')).toHaveLength(4);
    expect(messages('info')).not.toContain('readiness');
    expect(messages('debug').filter((m) => m === 'readiness')).toHaveLength(2);
  });
});

describe('health', () => {
  it('answers live, and ready only when the database and every registered check are up', async () => {
    expect(await (await ctx.request('GET', '/api/v1/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.request('GET', '/api/v1/health/ready');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { db: 'ok' } }]);

    const deps = createDeps({ client: ctx.deps.client, db: ctx.deps.db, clock: ctx.clock, log: ctx.deps.log, config: ctx.deps.config });
    let outboxUp = false;
    deps.health.addReadinessCheck('outbox', async () => outboxUp);
    deps.health.addReadinessCheck('slow', () => new Promise((res) => setTimeout(() => res(true), 5_000)));
    const app = createApp(deps);
    const down = await app.request('/api/v1/health/ready');
    expect([down.status, down.headers.get('retry-after'), await down.json()]).toEqual([503, '5', { status: 'degraded', checks: { db: 'ok', outbox: 'down', slow: 'down' } }]);
    outboxUp = true;
    expect((await app.request('/api/v1/health/ready')).status).toBe(503);
    expect(() => deps.health.addReadinessCheck('outbox', async () => true)).toThrow(/already registered/);
  });

  it('says the database is restarting while a supervised embedded server comes back', async () => {
    const outage = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
    const deps = createDeps({ client: outage, db: outage.db('down'), clock: ctx.clock, log: ctx.deps.log, config: ctx.deps.config });
    let state: 'up' | 'restarting' = 'restarting';
    deps.health.superviseDatabase(() => state);
    const app = createApp(deps);
    expect(await (await app.request('/api/v1/health')).json()).toEqual({ status: 'degraded', db: 'restarting' });
    expect(await (await app.request('/api/v1/health/ready')).json()).toEqual({ status: 'degraded', checks: { db: 'restarting' } });
    state = 'up';
    await new Promise((r) => setTimeout(r, 20));
    expect(await (await app.request('/api/v1/health')).json()).toEqual({ status: 'degraded', db: 'down' });
    await outage.close();
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus text to a local caller: requests by route and status, latency, logins, rate-limit refusals, database errors, event-loop lag', async () => {
    const login = (password: string) =>
      fetch(`${base}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: user.email, password }) });
    expect((await login('wrong-password-1')).status).toBe(401);
    expect((await login(TEST_PASSWORD)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
    ctx.deps.metrics.observe('POST', '/api/v1/payments/verify-coupon/:service/:planType', 429, 0.01);

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const metrics = parsePrometheusTextFormat(text);
    const requests = metric(metrics, 'bh_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    expect(valueOf(requests, { method: 'POST', route: '/api/v1/user/login', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(requests, { method: 'GET', route: '/api/v1/health', status: '200' })).toBeGreaterThanOrEqual(1);
    const latency = metric(metrics, 'bh_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    expect(latency.metrics[0]?.buckets?.['+Inf']).toBeDefined();
    // The parser folds a labelled histogram's series into one, so the per-route series is read from its line.
    expect(text).toMatch(/^bh_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/user\/login",status="401"\} [1-9]\d*$/m);
    const logins = metric(metrics, 'bh_logins_total');
    expect(valueOf(logins, { outcome: 'wrong_credentials' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(logins, { outcome: 'success' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(metric(metrics, 'bh_rate_limit_refusals_total'), { route: '/api/v1/payments/verify-coupon/:service/:planType' })).toBe(1);
    expect(metric(metrics, 'bh_db_errors_total').type).toBe('COUNTER');
    expect(metric(metrics, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
    // No raw paths or secrets among the labels.
    const labels = JSON.stringify(metrics.flatMap((m) => m.metrics.map((s) => s.labels ?? {})));
    expect(labels).not.toContain(user.email);
  });

  it('counts database failures', async () => {
    const outage = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
    const deps = createDeps({ client: outage, db: outage.db('down'), clock: ctx.clock, log: createLogger('silent'), config: ctx.deps.config });
    const app = createApp(deps);
    expect((await app.request('/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@test.betterhealth.in', password: 'Nobody-pass-123' }) })).status).toBe(503);
    expect((await app.request('/api/v1/health')).status).toBe(503);
    const metrics = parsePrometheusTextFormat(await deps.metrics.registry.metrics());
    expect(valueOf(metric(metrics, 'bh_db_errors_total'), { kind: 'unavailable' })).toBe(1);
    expect(valueOf(metric(metrics, 'bh_db_errors_total'), { kind: 'ping' })).toBe(1);
    await outage.close();
  });

  it('refuses callers from elsewhere or behind a proxy, unless they bring METRICS_TOKEN', async () => {
    // app.request() has no socket: like a remote caller.
    expect((await ctx.request('GET', '/metrics')).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);

    const token = randomBytes(24).toString('base64url');
    const deps = createDeps({ client: ctx.deps.client, db: ctx.deps.db, clock: ctx.clock, log: ctx.deps.log, config: { ...ctx.deps.config, metricsToken: token } });
    const app = createApp(deps);
    const none = await app.request('/metrics');
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
    const ok = await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('bh_http_requests_total');
  });
});
