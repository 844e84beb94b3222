import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import { api, API_BASE } from '@bh/shared/contract';

/**
 * Prometheus metrics for one API process (prom-client), served at /metrics. Labels are bounded:
 * routes are route patterns (`/api/v1/uploads/:id`), never raw paths.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: LatencyHistogram;
  logins: Counter<'outcome'>;
  rateLimited: Counter<'route'>;
  dbErrors: Counter<'kind'>;
  /** 1 while the database's disk is full (a write was refused for lack of space and no probe since was stored). */
  diskFull: Gauge;
  /** Promise rejections nothing handled, caught by the process's guard instead of ending it. */
  unhandledRejections: Counter;
  /** Records one answered request (and what it says about logins and rate limits). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** One method, route and status: its requests not yet handed to the counter, and its latencies. */
interface Series {
  labels: { method: string; route: string; status: string };
  uncounted: number;
  /** Requests per bucket, each counted once, in the bucket of the least bound it is at most (the last: above every bound). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

const LATENCY_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/**
 * `bh_http_request_duration_seconds`, a Prometheus histogram by method, route pattern and status,
 * kept in plain numbers per series and written out when the metrics are read (prom-client's labelled
 * histogram hashed the labels and made a closure on every observation). The registry reads it as it
 * reads prom-client's own: the same lines, bucket by bucket, then `_sum` and `_count`.
 */
export class LatencyHistogram {
  readonly name = 'bh_http_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, by method, route pattern and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series: Series[];

  constructor(series: Series[]) {
    this.#series = series;
  }

  static observe(series: Series, seconds: number): void {
    let i = 0;
    while (i < LATENCY_BOUNDS.length && seconds > LATENCY_BOUNDS[i]!) i += 1;
    series.buckets[i]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, buckets, sum, count } of this.#series) {
      if (count === 0) continue;
      let below = 0;
      LATENCY_BOUNDS.forEach((le, i) => {
        below += buckets[i]!;
        values.push({ labels: { le, ...labels }, value: below, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` }, { labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    for (const series of this.#series) {
      series.buckets.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}

export const LOGIN_ROUTE = `${API_BASE}${api.user.login.path}`;

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
  // Routes are patterns and methods and statuses few, so this stays small. Found by route, method
  // and status without building a key: strings from the router and the parser keep their hashes.
  const seriesOf = new Map<string, Map<string, Map<number, Series>>>();
  const allSeries: Series[] = [];
  const requests = new Counter({
    name: 'bh_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    // Counted in plain numbers as requests are answered, and handed over when the metrics are read:
    // a labelled prom-client child hashes its labels on every call.
    collect() {
      for (const series of allSeries) {
        if (series.uncounted === 0) continue;
        this.inc(series.labels, series.uncounted);
        series.uncounted = 0;
      }
    },
  });
  const requestSeconds = new LatencyHistogram(allSeries);
  registry.registerMetric(requestSeconds as unknown as Metric);
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
    help: 'Database failures: unavailable (a request answered 503), disk_full (a write refused for lack of space), ping (a health check failed), heartbeat (the driver lost the server).',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const diskFull = new Gauge({
    name: 'bh_db_disk_full',
    help: "1 while the database's disk is full: a write was refused for lack of space and no probe write since was stored.",
    registers: [registry],
  });
  diskFull.set(0);
  const unhandledRejections = new Counter({
    name: 'bh_unhandled_rejections_total',
    help: 'Promise rejections nothing handled, logged and counted by the process guard instead of ending the process.',
    registers: [registry],
  });
  return {
    registry,
    requests,
    requestSeconds,
    logins,
    rateLimited,
    dbErrors,
    diskFull,
    unhandledRejections,
    observe(method, route, status, seconds) {
      let byMethod = seriesOf.get(route);
      if (!byMethod) seriesOf.set(route, (byMethod = new Map()));
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let series = byStatus.get(status);
      if (!series) {
        const labels = { method, route, status: String(status) };
        series = { labels, uncounted: 0, buckets: new Float64Array(LATENCY_BOUNDS.length + 1), sum: 0, count: 0 };
        byStatus.set(status, series);
        allSeries.push(series);
      }
      series.uncounted += 1;
      LatencyHistogram.observe(series, seconds);
      if (status === 429) rateLimited.inc({ route });
      if (method === 'POST' && route === LOGIN_ROUTE) logins.inc({ outcome: loginOutcome(status) });
    },
  };
}
