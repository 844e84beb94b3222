/**
 * The bench's result: rows as they are measured (each also said on stderr as it comes), printed at
 * the end as a table and one JSON line. A row with a target says whether it was met; `pnpm bench`
 * exits 1 when one was not.
 */
import { HEALTH_PATH, progress } from './processes.ts';

export interface Row {
  area: string;
  measure: string;
  value: string;
  target: string;
  pass: boolean | null;
  /** One of TARGETS' ids, for a row that measures one of issue 52's targets. */
  target52?: Target52;
}

/**
 * Issue 52's targets, each a ratio or a count within one run against the machine's floors or a peer
 * measured in the same rounds. The API part measures the first four; the portal's rows come from
 * their producer (producers.ts). A target no part of the run measured is listed at the end with why.
 */
export const TARGETS = {
  healthFloor: { measure: `${HEALTH_PATH} ÷ the one-route floor (req/s)`, target: '≥ 0.85', part: 'api' },
  healthPeer: { measure: `${HEALTH_PATH} ÷ the Fastify peer with its request log (req/s)`, target: '≥ 1.0', part: 'api' },
  loginFloor: { measure: 'login p99 ÷ the password-check-alone floor p99 (c=4)', target: '≤ 1.4', part: 'api' },
  loginRoundTrips: { measure: 'database round trips per login (rate-limit slots, account, session)', target: '≤ 3', part: 'api' },
  dashboardAfterLogin: { measure: "dashboard visible after the Login click ÷ the login form's own load (Chromium, median of 5)", target: '≤ 1.5', part: 'portal' },
  lighthousePortal: { measure: 'portal Lighthouse mobile performance, /dashboard and /login, median of 5', target: '≥ 95 / ≥ 98', part: 'lighthouse' },
} as const;
export type Target52 = keyof typeof TARGETS;

export const rows: Row[] = [];
export const json: Record<string, unknown> = {};

export function row(area: string, measure: string, value: string, target = '', pass: boolean | null = null, target52?: Target52): void {
  rows.push({ area, measure, value, target, pass, ...(target52 ? { target52 } : {}) });
  progress(`${area}: ${measure} = ${value}${target ? ` (target ${target}: ${pass ? 'pass' : 'MISSED'})` : ''}`);
}
export type RowFn = typeof row;

/** Issue 52's targets that the parts which ran should have measured and did not: each said, with why. */
export function unmeasuredTargets(ran: (part: string) => boolean): void {
  for (const [id, t] of Object.entries(TARGETS) as [Target52, (typeof TARGETS)[Target52]][]) {
    if (rows.some((r) => r.target52 === id)) continue;
    const why = ran(t.part) ? `not measured: no producer of this row in this build (scripts/bench/producers.ts)` : `not measured: part "${t.part}" did not run`;
    rows.push({ area: 'Issue 52', measure: t.measure, value: why, target: t.target, pass: null, target52: id });
  }
}

export function print(): void {
  const headers = ['area', 'measure', 'value', 'target', 'result'];
  const cells = rows.map((r) => [r.area, r.measure, r.value, r.target, r.pass === null ? (r.target ? 'n/a' : '') : r.pass ? 'pass' : 'FAIL']);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  console.log(JSON.stringify({ bench: json, rows }));
}
