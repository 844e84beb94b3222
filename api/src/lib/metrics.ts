import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics for one API process (prom-client), served at /metrics. Labels are bounded:
 * routes are route patterns (`/api/v1/uploads/:id`), never raw paths.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  logins: Counter<'outcome'>;
  rateLimited: Counter<'route'>;
  dbErrors: Counter<'kind'>;
  /** Records one answered request (and what it says about logins and rate limits). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export const LOGIN_ROUTE = '/api/v1/user/login';

/** A login's outcome from its answer: the login route's statuses say it all. */
export function loginOutcome(status: number): string {
  if (status === 200) return 'success';
  if (status === 401) return 'wrong_credentials';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 415) return 'invalid_request';
  if (status === 503) return 'unavailable';
  return 'other';
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process metrics, including event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'bh_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'bh_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const logins = new Counter({
    name: 'bh_logins_total',
    help: 'Sign-in attempts by outcome: success, wrong_credentials, rate_limited, invalid_request, unavailable, other.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'bh_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const dbErrors = new Counter({
    name: 'bh_db_errors_total',
    help: 'Database failures: unavailable (a request answered 503), ping (a health check failed), heartbeat (the driver lost the server).',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  // Routes are patterns and methods and statuses few, so this stays small.
  const seriesByKey = new Map<string, { count: { inc(): void }; seconds: { observe(value: number): void } }>();
  return {
    registry,
    requests,
    requestSeconds,
    logins,
    rateLimited,
    dbErrors,
    observe(method, route, status, seconds) {
      // One labelled child per method, route and status, found again without building its label key.
      const key = `${method} ${status} ${route}`;
      let series = seriesByKey.get(key);
      if (!series) {
        const labels = { method, route, status: String(status) };
        series = { count: requests.labels(labels), seconds: requestSeconds.labels(labels) };
        seriesByKey.set(key, series);
      }
      series.count.inc();
      series.seconds.observe(seconds);
      if (status === 429) rateLimited.inc({ route });
      if (method === 'POST' && route === LOGIN_ROUTE) logins.inc({ outcome: loginOutcome(status) });
    },
  };
}
