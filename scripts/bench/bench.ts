/**
 * `pnpm bench`: how fast and how light the product is, measured in one run on this machine.
 * Every target is a ratio or a budget measured within the run (the API's health call against the
 * least one Hono route with its headers costs and against a Fastify peer, a login against the
 * password check alone, both in the same rounds), so a busy machine moves both sides together. The
 * data set is generated here and written in bulk through `@bh/api/seed/bulk`. Progress goes to
 * stderr as it runs; the result is a table followed by one machine-readable JSON line, and the
 * exit code is 1 when any target is missed (or a part could not run).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { ARGON2_PARAMS, hashPassword } from '@bh/api/lib/password';
import { freePort } from '@bh/api/lib/ports';
import { insertAccount, insertAccountsInBulk, insertMeetingsInBulk, newMeetingDoc, type MeetingDoc } from '@bh/api/seed/bulk';
import { collections, unpackCards } from '@bh/api/db/collections';
import { istDateString } from '@bh/shared';
import { mongoClientOptions } from '@bh/api/lib/mongo';
import { medianResult, median, runLoad, type LoadResult } from './load.ts';
import { elapsedMs, HEALTH_PATH, progress, rssMiBOf, startProcess, type KeptMemory } from './processes.ts';
import { measurePortal, measureSiteJs, runSiteLighthouse, startProduct } from './front-end.ts';
import { json, print, row, rows, TARGETS, unmeasuredTargets } from './table.ts';
import { PRODUCERS } from './producers.ts';
import { loginRoundTrips } from './round-trips.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const LOGIN_CONNECTIONS = 4;
const PASSWORD = 'Bench-pass-2025';
/** The whole default run on two cores (issue 20). */
const BUDGET_MINUTES = 8;

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const keptOf = (m: KeptMemory) => m.heapMiB + m.externalMiB;
/** A load run meets a latency target only if it completed requests, all of them answered 2xx. */
const clean = (r: LoadResult) => r.rps > 0 && r.errors === 0 && r.non2xx === 0;
const withErrors = (r: LoadResult) => (r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : '');

/**
 * The other meetings' people: a client for every 25 meetings in a row, and 5 associates per seeding
 * chunk (the first 1,000, then each 5,000), so every chunk brings only new participants and the
 * bulk seed inserts their lists of cards instead of rewriting old ones (FerretDB rewrites a whole document).
 */
const CHUNK = 5_000;
const chunkOf = (i: number) => (i < 1_000 ? 0 : 1 + Math.floor((i - 1_000) / CHUNK));
/** 50,000 meetings, 25 to a client: 2,000 clients; 11 seeding chunks of 5 associates: 55. */
const OTHER_CLIENTS = 2_000;
const OTHER_ASSOCIATES = 5 * (1 + chunkOf(49_999));
const otherClients = new Map<number, ObjectId>();
const otherAssociates = new Map<number, ObjectId>();
const idFor = (map: Map<number, ObjectId>, key: number) => map.get(key) ?? map.set(key, new ObjectId()).get(key)!;

/** Meetings number `from` to `to - 1`: the first 10 are the bench client's, spread over 2000 slots of 3 hours. */
function benchMeetings(clientId: ObjectId, clientEmail: string, from: number, to: number): MeetingDoc[] {
  const doctorId = new ObjectId();
  const now = Date.now();
  const docs: MeetingDoc[] = [];
  const bench = { _id: clientId, email: clientEmail, name: 'Bench Client' };
  for (let i = from; i < to; i += 1) {
    const mine = i < 10;
    const startsAt = new Date(now + (i % 2000) * 3 * 60 * 60 * 1000 - 500 * 60 * 60 * 1000);
    const other = Math.floor(i / 25);
    const client = mine ? bench : { _id: idFor(otherClients, other), email: `other-${other}@bench.betterhealth.in`, name: `Other Client ${other}` };
    const k = chunkOf(i) * 5 + (i % 5);
    const associate = mine ? { _id: doctorId, email: 'bench-associate@bench.betterhealth.in', name: 'Bench Associate' } : { _id: idFor(otherAssociates, k), email: `associate-${k}@bench.betterhealth.in`, name: `Associate ${k}` };
    docs.push(newMeetingDoc(client, associate, { meetingDate: istDateString(startsAt), meetingTime: '10:30 AM', startsAt, meetingLink: 'https://meet.example.org/bench', formLink: 'https://forms.example.org/bench', createdAt: new Date(now), createdBy: doctorId }));
  }
  return docs;
}

/** Writes meetings `from`..`to` in bulk, a chunk at a time, saying how far it got. */
async function seed(db: ReturnType<MongoClient['db']>, clientId: ObjectId, clientEmail: string, from: number, to: number): Promise<void> {
  const t = performance.now();
  const all = benchMeetings(clientId, clientEmail, from, to);
  for (let i = 0; i < all.length; i += CHUNK) {
    await insertMeetingsInBulk(db, all.slice(i, i + CHUNK));
    progress(`seeded ${(from + Math.min(i + CHUNK, all.length)).toLocaleString('en')} of ${to.toLocaleString('en')} meetings`);
  }
  json[`seed${to}Ms`] = Math.round(performance.now() - t);
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
async function atRest(pids: number[], limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  const total = () => pids.reduce((n, pid) => n + cpuTicks(pid), 0);
  let before = total();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = total();
    if (now - before <= 5) return;
    before = now;
  }
  progress('(still busy after waiting; going on)');
}

/** The time of one call on an idle server. */
async function alone(url: string, cookie: string): Promise<number> {
  const t = performance.now();
  await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  return performance.now() - t;
}

type Load = (seconds: number) => Promise<LoadResult>;

/** Linux's clock ticks per second, in which /proc counts a process's CPU time (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * A load run that also reads the CPU time the server's process used for it, per answered request:
 * on a machine shared with other work its rate moves with everyone else's load, its CPU per request
 * much less.
 */
const withCpu = (pid: number, run: Load): Load => async (seconds) => {
  const before = cpuTicks(pid);
  const result = await run(seconds);
  const ticks = cpuTicks(pid) - before;
  return result.total > 0 ? { ...result, cpuUs: (ticks / TICKS_PER_SECOND / result.total) * 1e6 } : result;
};

/** A short warm-up, then ROUNDS rounds of every target in turn; medians per target. */
async function interleaved(label: string, targets: { name: string; run: Load }[]): Promise<Record<string, LoadResult>> {
  progress(`${label}: warm-up, then ${ROUNDS} rounds of ${SECONDS} s each for ${targets.map((t) => t.name).join(', ')}`);
  for (const t of targets) await t.run(WARM_UP_SECONDS);
  const runs: Record<string, LoadResult[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const t of targets) {
      const result = await t.run(SECONDS);
      runs[t.name]!.push(result);
      progress(`  ${t.name} round ${r + 1}: ${fmt(result.rps, 0)} req/s, p99 ${result.p99} ms${result.cpuUs === undefined ? '' : `, ${fmt(result.cpuUs)} µs of CPU a request`}${withErrors(result)}`);
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, medianResult(v)]));
}

/** One Argon2id hash at OWASP's parameters, median of 9, in this process while the servers idle. */
async function argon2Ms(): Promise<number> {
  const times: number[] = [];
  await hashPassword('warm-up-password');
  for (let i = 0; i < 9; i += 1) {
    const t = performance.now();
    await hashPassword(`bench-password-${i}`);
    times.push(performance.now() - t);
  }
  const ms = median(times);
  row('Passwords', `one Argon2id hash, m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism} (median of 9)`, `${fmt(ms)} ms`);
  json.argon2 = { ...ARGON2_PARAMS, medianMs: ms };
  return ms;
}

/**
 * The two ways to read a client's meetings, each timed alone on the bench's own connection (the
 * document: median of 3; the query once, since on FerretDB it takes seconds): the participant's list of meeting cards (one `_id` read, all
 * get-meetings needs, unpacked) and
 * MongoDB's natural shape, a query by client sorted by start on the `by_client_start` index,
 * which FerretDB answers by reading every meeting (docs/speed.md, "get-meetings and the database").
 */
async function readShapes(db: ReturnType<MongoClient['db']>, clientId: ObjectId): Promise<void> {
  const time = async (work: () => Promise<unknown>, times = 3) => {
    const took: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const t = performance.now();
      await work();
      took.push(performance.now() - t);
    }
    return median(took);
  };
  progress("timing both ways to read a client's meetings (the indexed query reads every meeting on FerretDB)");
  const cols = collections(db);
  const cards = await time(async () => unpackCards(await cols.participantMeetings.findOne({ _id: clientId })));
  const query = await time(() => cols.meetings.find({ clientId }).sort({ startsAt: -1 }).limit(200).toArray(), 1);
  row('Read shapes', "a client's meetings at 50,000: their list of cards, one _id read (ms)", fmt(cards));
  row('Read shapes', "a client's meetings at 50,000: query by clientId, sorted, on its index (ms)", fmt(query));
  json.readShapes = { cardsMs: cards, queryMs: query };
}

async function benchApi(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bh-bench-'));
  const [barePort, floorPort, peerPort, apiPort, inspectPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  progress("starting a bare node:http server, one Hono route with the product's headers, the Fastify peer with its request log, and the API (NODE_ENV=production, LOG_LEVEL=info; both logs to /dev/null)");
  const bare = await startProcess('scripts/bench/bare-server.ts', barePort, {}, '/');
  const floor = await startProcess('scripts/bench/hono-floor-server.ts', floorPort, {}, HEALTH_PATH);
  const peer = await startProcess('scripts/bench/fastify-peer-server.ts', peerPort, {}, HEALTH_PATH);
  // BENCH_MONGODB_URI measures the API on that server instead, in a database of its own that is
  // dropped afterwards; by default the API starts its embedded database.
  const external = process.env.BENCH_MONGODB_URI ?? '';
  const dbName = external ? `bh_bench_${randomBytes(4).toString('hex')}` : 'better_health';
  // The product's default log level (a line per request, written to /dev/null as the peer's are).
  const api = await startProcess('api/src/server.ts', apiPort, { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info', MONGODB_URI: external, MONGODB_DB: dbName, ...(external ? { DOCUMENT_KEY: randomBytes(32).toString('base64') } : {}) }, HEALTH_PATH, inspectPort);
  const base = `http://127.0.0.1:${apiPort}`;
  const lock = external ? null : (JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { uri: string; pid: number; kind?: string });
  const mongo = new MongoClient(external || lock!.uri, external ? {} : { retryWrites: false });
  const dbPids = lock ? [lock.pid] : [];
  row('API', 'database', external ? 'BENCH_MONGODB_URI' : `embedded (${lock?.kind ?? 'see README'})`);
  try {
    const db = mongo.db(dbName);
    // The other meetings' people have accounts too, stored before the bench client's, so that
    // finding the bench client by email (its login) meets the other 2,055 first, as an account
    // made late in a practice's life would.
    await insertAccountsInBulk(db, [
      ...Array.from({ length: OTHER_CLIENTS }, (_, n) => ({ _id: idFor(otherClients, n), name: `Other Client ${n}`, email: `other-${n}@bench.betterhealth.in`, role: 'user' as const })),
      ...Array.from({ length: OTHER_ASSOCIATES }, (_, k) => ({ _id: idFor(otherAssociates, k), name: `Associate ${k}`, email: `associate-${k}@bench.betterhealth.in`, role: 'doctor' as const, isVerified: 'verified' as const })),
    ], PASSWORD);
    const clientEmail = `bench-client-${randomBytes(3).toString('hex')}@bench.betterhealth.in`;
    const clientId = await insertAccount(db, { name: 'Bench Client', email: clientEmail, password: PASSWORD, role: 'user' });
    await seed(db, clientId, clientEmail, 0, 1_000);
    const cookie = await login(base, clientEmail);

    const load = (url: string, extra: { headers?: Record<string, string> } = {}): Load => (seconds) => runLoad({ url, connections: CONNECTIONS, seconds, ...extra });
    const meetingsUrl = `${base}/api/v1/meeting/get-meetings`;
    const apiPid = api.child.pid!;

    // 2. The framework's cost: a call that needs no query, interleaved with the bare server.
    await atRest([apiPid, ...dbPids]);
    // The floor beside them: one Hono route with the product's headers and nothing else, which no
    // API built on Hono with those headers can beat (docs/speed.md, "The targets against the machine's
    // floors").
    // And a peer: Fastify with its standard request logging, answering the same JSON with the same headers.
    const small = await interleaved('API overhead', [
      { name: 'bare node:http', run: withCpu(bare.child.pid!, load(`http://127.0.0.1:${barePort}/`)) },
      { name: 'one Hono route', run: withCpu(floor.child.pid!, load(`http://127.0.0.1:${floorPort}${HEALTH_PATH}`)) },
      { name: 'Fastify peer', run: withCpu(peer.child.pid!, load(`http://127.0.0.1:${peerPort}${HEALTH_PATH}`)) },
      { name: HEALTH_PATH, run: withCpu(api.child.pid!, load(`${base}${HEALTH_PATH}`)) },
    ]);
    await Promise.all([floor.stop(), peer.stop()]);
    const health = small[HEALTH_PATH]!;
    const bareR = small['bare node:http']!;
    const floorR = small['one Hono route']!;
    const peerR = small['Fastify peer']!;
    const healthRatio = health.rps / bareR.rps;
    const floorRatio = floorR.rps / bareR.rps;
    const healthToFloor = health.rps / floorR.rps;
    const healthToPeer = health.rps / peerR.rps;
    row('API', 'bare node:http, c=50 (req/s)', fmt(bareR.rps, 0));
    row('API', 'GET /api/v1/health, c=50 (req/s, p50/p99 ms)', `${fmt(health.rps, 0)}, ${health.p50}/${health.p99}${withErrors(health)}`);
    row('API', "floor: one Hono route answering at once with the product's headers, c=50 (req/s)", `${fmt(floorR.rps, 0)}${withErrors(floorR)}`);
    row('API', 'peer: Fastify with its request log, the same JSON and headers, c=50 (req/s, p50/p99 ms)', `${fmt(peerR.rps, 0)}, ${peerR.p50}/${peerR.p99}${withErrors(peerR)}`);
    row('API', `${HEALTH_PATH} ÷ bare node:http (req/s)`, fmt(healthRatio, 2));
    row('API', 'floor: that route ÷ bare node:http (req/s)', fmt(floorRatio, 2));
    // The same comparisons by the servers' own CPU per request (the health call's reads as the one-route
    // floor's ÷ its own, so that more than 1 is better as with rates): a machine shared with other
    // work moves rates between rounds far more than it moves the CPU a request takes.
    const cpuUs = (r: LoadResult) => (r.cpuUs === undefined ? 'n/a' : fmt(r.cpuUs));
    row('API', 'server CPU per request, µs: bare node:http, one Hono route, Fastify peer, /api/v1/health', [bareR, floorR, peerR, health].map(cpuUs).join(', '));
    if (health.cpuUs && floorR.cpuUs && peerR.cpuUs) row('API', 'by CPU per request: the one-route floor ÷ /api/v1/health, the Fastify peer ÷ /api/v1/health', `${fmt(floorR.cpuUs / health.cpuUs, 2)}, ${fmt(peerR.cpuUs / health.cpuUs, 2)}`);
    const load1 = loadavg()[0]!;
    if (load1 > availableParallelism()) row('API', 'the rates above were measured on a busy machine', `load average ${fmt(load1, 2)} on ${availableParallelism()} cores: rounds of one server vary with the others' work (see their CPU per request)`);
    row('API', TARGETS.healthFloor.measure, fmt(healthToFloor, 2), TARGETS.healthFloor.target, clean(health) && clean(floorR) && healthToFloor >= 0.85, 'healthFloor');
    row('API', TARGETS.healthPeer.measure, fmt(healthToPeer, 2), TARGETS.healthPeer.target, clean(health) && clean(peerR) && healthToPeer >= 1.0, 'healthPeer');

    // 3. A client's dashboard at 1,000 meetings; memory read once the API is at rest.
    await atRest([apiPid, ...dbPids]);
    const alone1k = await alone(meetingsUrl, cookie);
    const meetings1k = (await interleaved('get-meetings at 1,000', [{ name: 'get-meetings', run: load(meetingsUrl, { headers: { cookie } }) }]))['get-meetings']!;
    await atRest([apiPid]);
    const rss1k = api.rssMiB();
    const kept1k = await api.keptMemory();
    const dbRss1k = lock ? rssMiBOf(lock.pid) : null;

    progress('seeding 49,000 more meetings in bulk');
    await seed(db, clientId, clientEmail, 1_000, 50_000);
    await readShapes(db, clientId);
    await atRest([apiPid, ...dbPids], 60_000);
    const alone50k = await alone(meetingsUrl, cookie);
    const meetings50k = (await interleaved('get-meetings at 50,000', [{ name: 'get-meetings', run: load(meetingsUrl, { headers: { cookie } }) }]))['get-meetings']!;
    await atRest([apiPid]);
    const rss50k = api.rssMiB();
    const kept50k = await api.keptMemory();
    const dbRss50k = lock ? rssMiBOf(lock.pid) : null;

    // 4. Logins last, once the database has come to rest: Argon2id's 19 MiB per hash would otherwise
    // sit between the two memory readings.
    await atRest([apiPid, ...dbPids], 60_000);
    const hashMs = await argon2Ms();
    // The floor beside it: the password check alone behind node:http (docs/speed.md, "The targets against
    // the machine's floors").
    const hashLoginPort = await freePort();
    const hashLogin = await startProcess('scripts/bench/hash-login-server.ts', hashLoginPort, { BENCH_PASSWORD: PASSWORD }, '/');
    const loginAt = (url: string): Load => (seconds) => runLoad({ url, connections: LOGIN_CONNECTIONS, seconds, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: clientEmail, password: PASSWORD }) });
    const logins = await interleaved(`login at c=${LOGIN_CONNECTIONS}`, [
      { name: 'login', run: loginAt(`${base}/api/v1/user/login`) },
      { name: 'password check alone', run: loginAt(`http://127.0.0.1:${hashLoginPort}/`) },
    ]).finally(() => hashLogin.stop());
    const l = logins.login!;
    const hashOnly = logins['password check alone']!;
    const loginRatio = l.p99 / hashMs;
    const hashOnlyRatio = hashOnly.p99 / hashMs;
    row('API', `login, c=${LOGIN_CONNECTIONS} (req/s, p50/p99 ms)`, `${fmt(l.rps, 0)}, ${l.p50}/${l.p99}${withErrors(l)}`);
    row('API', `floor: the password check alone behind node:http, c=${LOGIN_CONNECTIONS} (req/s, p50/p99 ms)`, `${fmt(hashOnly.rps, 0)}, ${hashOnly.p50}/${hashOnly.p99}${withErrors(hashOnly)}`);
    row('API', 'login p99 ÷ one Argon2id hash', fmt(loginRatio, 2));
    row('API', 'floor: its p99 ÷ one Argon2id hash', fmt(hashOnlyRatio, 2));
    const loginToFloor = l.p99 / hashOnly.p99;
    row('API', TARGETS.loginFloor.measure, fmt(loginToFloor, 2), TARGETS.loginFloor.target, clean(l) && clean(hashOnly) && loginToFloor <= 1.4, 'loginFloor');
    // The login's round trips, counted by the driver in this process on the same database.
    const trips = await loginRoundTrips(external || lock!.uri, dbName, external ? {} : mongoClientOptions('ferretdb'), { email: clientEmail, password: PASSWORD });
    row('API', 'database commands per login: a first one from an address, then another', `${trips.first.commands.length}, ${trips.again.commands.length}`);
    const worst = Math.max(trips.first.roundTrips, trips.again.roundTrips);
    row('API', TARGETS.loginRoundTrips.measure, `${trips.first.roundTrips} (first from an address), ${trips.again.roundTrips} (again)`, TARGETS.loginRoundTrips.target, worst <= 3, 'loginRoundTrips');

    for (const [name, r, rss, kept, once, dbRss] of [['1,000', meetings1k, rss1k, kept1k, alone1k, dbRss1k], ['50,000', meetings50k, rss50k, kept50k, alone50k, dbRss50k]] as const) {
      row('API', `get-meetings, 10 of ${name}, c=50 (req/s, p50/p99 ms)`, `${fmt(r.rps, 0)}, ${r.p50}/${r.p99}${withErrors(r)}`, name === '50,000' ? 'p99 ≤ 100 ms' : '', name === '50,000' ? clean(r) && r.p99 <= 100 : null);
      row('API', `get-meetings ÷ health at ${name} (req/s)`, r.rps > 0 ? fmt(r.rps / health.rps, 2) : '0 (none completed)');
      row('API', `get-meetings, one call on an idle server, at ${name} (ms)`, fmt(once, 0));
      row('API', `API RSS at rest after the load at ${name} (MiB)`, fmt(rss));
      row('API', `API memory kept after the load at ${name}: JS heap + external, after full collections (MiB)`, `${fmt(keptOf(kept))} (${fmt(kept.heapMiB)} + ${fmt(kept.externalMiB)})`);
      // The embedded database's memory is its own process's; FerretDB's collector settings trade it for speed (docs/speed.md).
      if (dbRss !== null) row('API', `embedded database RSS after the load at ${name} (MiB)`, fmt(dbRss));
    }
    // The target is the memory the API keeps: RSS at rest also holds the room V8 last gave its heap
    // to grow into, which moved by more than 100 MiB between identical loads (docs/speed.md).
    const keptGrowth = keptOf(kept50k) / keptOf(kept1k) - 1;
    const rssGrowth = rss50k / rss1k - 1;
    const percent = (n: number) => `${n >= 0 ? '+' : ''}${fmt(n * 100)} %`;
    row('API', 'memory kept, growth 1,000 → 50,000 meetings', percent(keptGrowth), '≤ +10 %', keptGrowth <= 0.1);
    row('API', 'RSS at rest, growth 1,000 → 50,000 meetings', percent(rssGrowth));
    Object.assign(json, { api: { bare: bareR, health, honoFloor: floorR, fastifyPeer: peerR, healthToFloor, healthToPeer, loginToFloor, loginRoundTrips: trips, floorRatio, meetings1k, meetings50k, login: l, hashOnlyLogin: hashOnly, hashMs, loginRatio, hashOnlyRatio, alone1k, alone50k, rss1k, rss50k, kept1k, kept50k, dbRss1k, dbRss50k, healthRatio, keptGrowth, rssGrowth } });
  } finally {
    if (external) await mongo.db(dbName).dropDatabase().catch(() => {});
    await mongo.close();
    await Promise.all([api.stop(), bare.stop(), floor.stop(), peer.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The parts of a default run; `pnpm bench api portal` runs only those named. */
const PARTS = ['api', 'site', 'portal', 'lighthouse'] as const;
const OPTIONAL = ['lighthouse-site'] as const;
const only = new Set(process.argv.slice(2));
for (const name of only) {
  if (![...PARTS, ...OPTIONAL].includes(name as never)) {
    console.error(`Unknown part "${name}". Parts: ${PARTS.join(', ')} (the default run), ${OPTIONAL.join(', ')}.`);
    process.exit(2);
  }
}
const want = (k: string) => (only.size === 0 ? (PARTS as readonly string[]).includes(k) : only.has(k));
progress(`parts: ${[...PARTS, ...OPTIONAL].filter(want).join(', ')}; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

/** A part that cannot run is a missed target, reported in the table like one. */
async function part(name: string, run: () => Promise<void>): Promise<void> {
  if (!want(name)) return;
  try {
    await run();
  } catch (err) {
    row('Bench', `part "${name}" could not run`, err instanceof Error ? err.message.split('\n')[0]! : String(err), 'runs', false);
  }
}

await part('api', benchApi);
await part('site', async () => void Object.assign(json, { site: await measureSiteJs(row) }));
if (want('portal') || want('lighthouse')) {
  await part(want('portal') ? 'portal' : 'lighthouse', async () => {
    const product = await startProduct();
    try {
      if (want('portal')) Object.assign(json, { portal: await measurePortal(product.base, row) });
      // Rows measured by producers of their own on the running product (producers.ts).
      for (const p of PRODUCERS.filter((p) => (p.part === 'portal' || p.part === 'lighthouse') && want(p.part))) json[p.name] = await p.run({ row, base: product.base });
    } finally {
      await product.stop();
    }
  });
}
await part('lighthouse-site', async () => void Object.assign(json, { lighthouseSite: await runSiteLighthouse(row) }));
for (const p of PRODUCERS.filter((p) => p.part !== 'portal' && p.part !== 'lighthouse')) await part(p.part, async () => void (json[p.name] = await p.run({ row })));

const minutes = elapsedMs() / 60_000;
json.minutes = minutes;
json.loadAverage = loadavg();
if (only.size === 0) row('Bench', 'whole run (minutes)', fmt(minutes), `≤ ${BUDGET_MINUTES}`, minutes <= BUDGET_MINUTES);
else row('Bench', 'this run (minutes)', fmt(minutes));
row('Bench', 'load average (1, 5, 15 min) at the end', loadavg().map((n) => n.toFixed(2)).join(', '));
unmeasuredTargets(want);
print();
const missed = rows.filter((r) => r.pass === false);
if (missed.length > 0) {
  console.error(`${missed.length} target(s) missed: ${missed.map((r) => r.measure).join('; ')}`);
  process.exitCode = 1;
}
