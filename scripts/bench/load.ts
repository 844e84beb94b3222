import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './processes.ts';

export interface LoadResult {
  rps: number;
  /** Requests answered in the run (for a median of runs: the median run's). */
  total: number;
  /** CPU the server used per answered request, in µs, when the run was told its process (`cpuOf`). */
  cpuUs?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

/** Runs autocannon in its own process, so the load generator never shares the server's event loop. */
export function runLoad(o: LoadOptions): Promise<LoadResult> {
  const args = [join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '--json', '-c', String(o.connections), '-d', String(o.seconds), '-m', o.method ?? 'GET'];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (o.body !== undefined) args.push('-b', o.body);
  args.push(o.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const json = JSON.parse(out) as AutocannonJson;
      resolve({ rps: json.requests.average, total: json.requests.total, p50: json.latency.p50, p99: json.latency.p99, errors: json.errors, non2xx: json.non2xx });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median of each field over several runs. */
export function medianResult(runs: LoadResult[]): LoadResult {
  const cpu = runs.flatMap((r) => (r.cpuUs === undefined ? [] : [r.cpuUs]));
  return {
    rps: median(runs.map((r) => r.rps)),
    total: median(runs.map((r) => r.total)),
    ...(cpu.length > 0 ? { cpuUs: median(cpu) } : {}),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}
