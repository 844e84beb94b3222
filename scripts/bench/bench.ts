/**
 * `pnpm bench`: how fast and how light the product is, measured in one run on this machine.
 * Absolute figures are for information; the ratios and budgets are the result. The data set is
 * generated here; the output is a table followed by one machine-readable JSON line.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { ARGON2_PARAMS, hashPassword } from '@bh/api/lib/password';
import { freePort } from '@bh/api/db/embedded';
import { insertMeetings, type MeetingDoc } from '@bh/api/routes/meeting/meeting.service';
import { istDateString } from '@bh/shared';
import { medianResult, median, runLoad, type LoadResult } from './load.ts';
import { ROOT, startProcess } from './processes.ts';
import { measurePortal, measureSiteJs, runLighthouse } from './front-end.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PASSWORD = 'Bench-pass-2025';

interface Row {
  area: string;
  measure: string;
  value: string;
  target: string;
  pass: boolean | null;
}
const rows: Row[] = [];
const json: Record<string, unknown> = {};
const row = (area: string, measure: string, value: string, target = '', pass: boolean | null = null) => rows.push({ area, measure, value, target, pass });
const fmt = (n: number, digits = 1) => n.toFixed(digits);
/** A load run meets a latency target only if it completed requests, all of them answered 2xx. */
const clean = (r: LoadResult) => r.rps > 0 && r.errors === 0 && r.non2xx === 0;

/** The other meetings' people: 2,000 clients (25 meetings each, in a row) and 50 associates. */
const otherClients = Array.from({ length: 2_000 }, () => new ObjectId());
const otherAssociates = Array.from({ length: 50 }, () => new ObjectId());

async function seedMeetings(db: ReturnType<MongoClient['db']>, clientId: ObjectId, clientEmail: string, total: number, existing: number): Promise<void> {
  const doctorId = new ObjectId();
  const now = Date.now();
  const docs: MeetingDoc[] = [];
  for (let i = existing; i < total; i += 1) {
    const mine = i < 10;
    const startsAt = new Date(now + (i % 2000) * 3 * 60 * 60 * 1000 - 500 * 60 * 60 * 1000);
    const other = Math.floor(i / 25) % otherClients.length;
    docs.push({
      _id: new ObjectId(),
      meetingDate: istDateString(startsAt),
      meetingTime: '10:30 AM',
      startsAt,
      meetingLink: 'https://meet.example.org/bench',
      formLink: 'https://forms.example.org/bench',
      clientId: mine ? clientId : otherClients[other]!,
      clientEmail: mine ? clientEmail : `other-${other}@bench.betterhealth.in`,
      clientName: mine ? 'Bench Client' : `Other Client ${other}`,
      doctorId: mine ? doctorId : otherAssociates[i % otherAssociates.length]!,
      doctorEmail: 'bench-associate@bench.betterhealth.in',
      doctorName: 'Bench Associate',
      userJoinedAt: null,
      docJoinedAt: null,
      reportLink: '',
      createdAt: new Date(now),
      createdBy: doctorId,
      status: 'scheduled',
      cancellation: null,
      noShowBy: null,
      history: [],
      sequence: 0,
      openRequestId: null,
    });
  }
  for (let i = 0; i < docs.length; i += 1000) await insertMeetings(db, docs.slice(i, i + 1000));
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`bench login failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** CPU time a process has used so far, in clock ticks. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits (up to a limit) until the processes are at rest: a second in which together they used under
 * 5 % of a core. A client that gives up does not cancel its query, so a load run leaves work behind.
 */
async function atRest(pids: number[], limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  const total = () => pids.reduce((n, pid) => n + cpuTicks(pid), 0);
  let before = total();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = total();
    if (now - before <= 5) return;
    before = now;
  }
}

/** The time of one call on an idle server. */
async function alone(url: string, cookie: string): Promise<number> {
  const t = performance.now();
  await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  return performance.now() - t;
}

/** Warm-up, then ROUNDS rounds of every target in turn; medians per target. */
async function interleaved(targets: { name: string; run: () => Promise<LoadResult> }[]): Promise<Record<string, LoadResult>> {
  for (const t of targets) await t.run(); // warm-up
  const runs: Record<string, LoadResult[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let r = 0; r < ROUNDS; r += 1) for (const t of targets) runs[t.name]!.push(await t.run());
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, medianResult(v)]));
}

async function benchApi(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-bench-'));
  const [barePort, apiPort] = [await freePort(), await freePort()];
  const bare = await startProcess('scripts/bench/bare-server.ts', barePort, {}, '/');
  // BENCH_MONGODB_URI measures the API on that server instead, in a database of its own that is
  // dropped afterwards; by default the API starts its embedded database.
  const external = process.env.BENCH_MONGODB_URI ?? '';
  const dbName = external ? `bh_bench_${randomBytes(4).toString('hex')}` : 'better_health';
  const api = await startProcess('api/src/server.ts', apiPort, { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent', MONGODB_URI: external, MONGODB_DB: dbName, ...(external ? { DOCUMENT_KEY: randomBytes(32).toString('base64') } : {}) }, '/api/v1/health');
  const base = `http://127.0.0.1:${apiPort}`;
  const lock = external ? null : (JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { port: number; pid: number });
  const mongo = new MongoClient(external || `mongodb://127.0.0.1:${lock!.port}/`);
  const dbPids = lock ? [lock.pid] : [];
  row('API', 'database', external ? 'BENCH_MONGODB_URI' : 'embedded (FerretDB or mongod, see README)');
  try {
    const db = mongo.db(dbName);
    const clientId = new ObjectId();
    const clientEmail = `bench-client-${randomBytes(3).toString('hex')}@bench.betterhealth.in`;
    await db.collection('users').insertOne({
      _id: clientId, name: 'Bench Client', email: clientEmail, passwordHash: await hashPassword(PASSWORD),
      role: 'user', isVerified: 'not_submitted', createdAt: new Date(), updatedAt: new Date(),
    });
    await seedMeetings(db, clientId, clientEmail, 1_000, 0);
    const cookie = await login(base, clientEmail);

    const load = (url: string, extra: Partial<Parameters<typeof runLoad>[0]> = {}) => () => runLoad({ url, connections: CONNECTIONS, seconds: SECONDS, ...extra });
    const meetingsUrl = `${base}/api/v1/meeting/get-meetings`;
    const apiPid = api.child.pid!;
    // Calls that need no database query, interleaved with the bare server: the framework's cost.
    await atRest([apiPid, ...dbPids], 120_000);
    const small = await interleaved([
      { name: 'bare', run: load(`http://127.0.0.1:${barePort}/`) },
      { name: 'health', run: load(`${base}/api/v1/health`) },
      { name: 'services', run: load(`${base}/api/v1/payments/services`) },
    ]);
    // A lone call before the load, then the load. Memory is read once the API process is at rest;
    // the database may still be working through queries whose clients gave up.
    await atRest([apiPid, ...dbPids], 120_000);
    const alone1k = await alone(meetingsUrl, cookie);
    const meetings1k = (await interleaved([{ name: 'm', run: load(meetingsUrl, { headers: { cookie } }) }])).m!;
    await atRest([apiPid], 120_000);
    const rss1k = api.rssMiB();

    // Before the large data set, so a database still busy with it cannot slow the logins down.
    await atRest([apiPid, ...dbPids], 120_000);
    const loginLoad = await interleaved([
      { name: 'login', run: () => runLoad({ url: `${base}/api/v1/user/login`, connections: 4, seconds: SECONDS, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: clientEmail, password: PASSWORD }) }) },
    ]);

    await seedMeetings(db, clientId, clientEmail, 50_000, 1_000);
    await atRest([apiPid, ...dbPids], 120_000);
    const alone50k = await alone(meetingsUrl, cookie);
    const meetings50k = (await interleaved([{ name: 'm', run: load(meetingsUrl, { headers: { cookie } }) }])).m!;
    await atRest([apiPid], 120_000);
    const rss50k = api.rssMiB();

    const health = small.health!;
    const bareR = small.bare!;
    const healthRatio = health.rps / bareR.rps;
    row('API', 'bare node:http health (req/s)', fmt(bareR.rps, 0));
    row('API', 'GET /api/v1/health (req/s, p50/p99 ms)', `${fmt(health.rps, 0)}, ${health.p50}/${health.p99}`);
    row('API', 'health ÷ bare node:http', fmt(healthRatio, 2), '≥ 0.80', healthRatio >= 0.8);
    const s = small.services!;
    row('API', 'GET /payments/services (req/s, p50/p99 ms)', `${fmt(s.rps, 0)}, ${s.p50}/${s.p99}`, '', null);
    row('API', 'services ÷ health', fmt(s.rps / health.rps, 2));
    for (const [name, r, rss, once] of [['1,000', meetings1k, rss1k, alone1k], ['50,000', meetings50k, rss50k, alone50k]] as const) {
      row('API', `get-meetings, 10 of ${name} (req/s, p50/p99 ms, c=50)`, `${fmt(r.rps, 0)}, ${r.p50}/${r.p99}${r.errors ? `, ${r.errors} timeouts/errors` : ''}`, 'p99 ≤ 50 ms', clean(r) && r.p99 <= 50);
      row('API', `get-meetings ÷ health at ${name}`, r.rps > 0 ? fmt(r.rps / health.rps, 2) : '0 (none completed)');
      row('API', `get-meetings, one call on an idle server, at ${name} (ms)`, fmt(once, 0));
      row('API', `API RSS after the load at ${name} (MiB)`, fmt(rss));
    }
    const rssGrowth = rss50k / rss1k - 1;
    row('API', 'RSS growth 1,000 → 50,000 meetings', `${fmt(rssGrowth * 100)} %`, '≤ +10 %', rssGrowth <= 0.1);
    const l = loginLoad.login!;
    row('API', 'login, c=4 (req/s, p50/p99 ms)', `${fmt(l.rps, 0)}, ${l.p50}/${l.p99}${l.errors ? `, ${l.errors} timeouts/errors` : ''}`, 'p99 ≤ 150 ms', clean(l) && l.p99 <= 150);
    Object.assign(json, { api: { bare: bareR, health, services: s, meetings1k, meetings50k, login: l, alone1k, alone50k, rss1k, rss50k, healthRatio, rssGrowth } });
  } finally {
    if (external) await mongo.db(dbName).dropDatabase().catch(() => {});
    await mongo.close();
    await Promise.all([api.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchArgon2(): Promise<void> {
  const times: number[] = [];
  await hashPassword('warm-up-password');
  for (let i = 0; i < 9; i += 1) {
    const t = performance.now();
    await hashPassword(`bench-password-${i}`);
    times.push(performance.now() - t);
  }
  const ms = median(times);
  row('Passwords', `Argon2id m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`, `${fmt(ms)} ms / hash (median of 9)`);
  json.argon2 = { ...ARGON2_PARAMS, medianMs: ms };
}

function print(): void {
  const headers = ['area', 'measure', 'value', 'target', 'result'];
  const cells = rows.map((r) => [r.area, r.measure, r.value, r.target, r.pass === null ? '' : r.pass ? 'pass' : 'FAIL']);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  console.log(JSON.stringify({ bench: json, rows }));
}

const only = new Set(process.argv.slice(2));
const want = (k: string) => only.size === 0 || only.has(k);
if (want('api')) await benchApi();
if (want('argon2')) await benchArgon2();
if (want('site')) Object.assign(json, { site: await measureSiteJs(row) });
if (want('portal')) Object.assign(json, { portal: await measurePortal(row) });
if (want('lighthouse')) Object.assign(json, { lighthouse: await runLighthouse(row) });
print();
void ROOT;
