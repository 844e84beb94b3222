import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFerretDb, findFerretDb, which } from '../../../tools/ferretdb/build.ts';
import { freePort, identityOf, portAccepts, stillRuns, stopProcess, waitForPort, type ListenAddress, type ProcessIdentity } from '../lib/ports.ts';
import { restrictDataDir, withPrivateFiles } from './data-permissions.ts';
import { diskFullError } from './disk-space.ts';
import { endStuckServer, watchForStuckDatabase, type StuckWatchOptions } from './embedded-probe.ts';

/**
 * Brings up and supervises a local MongoDB-compatible server when no MONGODB_URI is given
 * (DESIGN §2): an installed mongod or FerretDB, else mongodb-memory-server (needs downloads), else
 * FerretDB built once (tools/ferretdb/build.ts). The API only ever sees a URI.
 */

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export type EmbeddedKind = 'mongod' | 'ferretdb' | 'memory-server';

/** `up`, or `restarting` after the server exited on its own and before it listens again. */
export type EmbeddedState = 'up' | 'restarting' | 'stopped';

export interface EmbeddedDb {
  uri: string;
  kind: EmbeddedKind;
  /** The TCP port on 127.0.0.1 (mongod, mongodb-memory-server); null for FerretDB, which listens on `socket` only. */
  port: number | null;
  /** FerretDB's Unix socket (socketPathFor); null for a server on a TCP port. */
  socket: string | null;
  /** False when another process of ours already runs the server on this data folder (until this one takes it over). */
  readonly owned: boolean;
  /** What the supervisor knows; a joined server is `up` unless its owner is starting it again or this process is taking it over. */
  state(): EmbeddedState;
  /** How many times the supervisor brought the server back after it exited. */
  restarts(): number;
  /** How many of those restarts it made itself, for a server stuck answering `interrupted` (embedded-probe.ts). */
  stuckRestarts(): number;
  stop(): Promise<void>;
}

/** `engine.json` in the data folder: which engine's files these are. */
export interface EngineRecord {
  engine: EmbeddedKind;
  since: string;
}

/** Each engine's files live in their own sub-folder of the data folder. */
const ENGINE_FOLDERS: Record<EmbeddedKind, string> = { mongod: 'mongod', ferretdb: 'ferretdb', 'memory-server': 'mongo-memory' };
const ENGINE_NAMES: Record<EmbeddedKind, string> = {
  mongod: 'an installed mongod',
  ferretdb: 'FerretDB',
  'memory-server': "mongodb-memory-server's mongod",
};

/** A start refused because the data folder belongs to an engine that cannot run here. */
export class EngineUnavailableError extends Error {
  readonly dataDir: string;
  readonly engine: EmbeddedKind;
  constructor(dataDir: string, engine: EmbeddedKind, reason: string) {
    super(
      `The data folder ${dataDir} holds ${ENGINE_NAMES[engine]} data (recorded in ${join(dataDir, 'engine.json')}), ` +
        `but ${reason}. Nothing was started, so that data is untouched.\n` +
        `  To keep using it: make ${ENGINE_NAMES[engine]} available again and start once more.\n` +
        `  To move it to another engine: run \`pnpm db:export FILE\` where it still runs, then \`pnpm db:import FILE\` on the new one.\n` +
        `  To start afresh instead: set DATA_DIR to a new folder (this one stays as it is).`,
    );
    this.name = 'EngineUnavailableError';
    this.dataDir = dataDir;
    this.engine = engine;
  }
}

function hasFiles(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * The engine a data folder belongs to: its `engine.json`, or for a folder from before that file
 * existed, the one engine whose sub-folder holds files. Null for a new folder.
 */
export function recordedEngine(dataDir: string): EmbeddedKind | null {
  const file = join(dataDir, 'engine.json');
  if (existsSync(file)) {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<EngineRecord>;
    if (record.engine && record.engine in ENGINE_FOLDERS) return record.engine;
    throw new Error(`${file} does not name a known engine (${Object.keys(ENGINE_FOLDERS).join(', ')}).`);
  }
  const used = (Object.keys(ENGINE_FOLDERS) as EmbeddedKind[]).filter((kind) => hasFiles(join(dataDir, ENGINE_FOLDERS[kind])));
  if (used.length > 1) {
    throw new Error(
      `The data folder ${dataDir} holds files of several engines (${used.map((k) => `${ENGINE_FOLDERS[k]}/`).join(', ')}) and no engine.json says which is current. ` +
        `Write {"engine":"${used[0]}"} (one of ${used.join(', ')}) into ${file}, or set DATA_DIR to a new folder.`,
    );
  }
  return used[0] ?? null;
}

function recordEngine(dataDir: string, engine: EmbeddedKind): void {
  const file = join(dataDir, 'engine.json');
  if (existsSync(file)) return;
  writeFileSync(file, `${JSON.stringify({ engine, since: new Date().toISOString() } satisfies EngineRecord)}\n`, { mode: 0o600 });
}

/**
 * `embedded.json` in the data folder, written by the process that started the database: how to
 * reach it, and who is who, so that the next start can tell a supervised database from one whose
 * server died (an id alone could have been handed to another process since).
 */
interface LockFile {
  /** The database process and its start time (ports.ts, processStartTime). */
  pid: number;
  started: string | null;
  port: number | null;
  socket: string | null;
  uri: string;
  kind: EmbeddedKind;
  /** The Node process that started the database and supervises it. */
  owner: ProcessIdentity;
}

/** The lock file's contents, or null when there is none or it cannot be read. A lock from before owners were recorded has no `owner`. */
function readLock(lockPath: string): (Omit<LockFile, 'owner'> & { owner: ProcessIdentity | null }) | null {
  try {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockFile> & { pid: number; kind: EmbeddedKind };
    if (typeof lock.pid !== 'number' || !(lock.kind in ENGINE_FOLDERS)) return null;
    const port = typeof lock.port === 'number' ? lock.port : null;
    const socket = typeof lock.socket === 'string' ? lock.socket : null;
    if (port === null && socket === null) return null;
    return { pid: lock.pid, started: lock.started ?? null, port, socket, uri: lock.uri ?? uriOf(socket ?? port!), kind: lock.kind, owner: lock.owner ?? null };
  } catch {
    return null;
  }
}

/** Replaces the lock file whole (written beside it, then renamed), so a reader never sees half of one. */
function writeLock(lockPath: string, lock: LockFile): void {
  const next = `${lockPath}.${process.pid}`;
  writeFileSync(next, JSON.stringify(lock), { mode: 0o600 });
  renameSync(next, lockPath);
}

/** The driver's URI for a port on 127.0.0.1 or a Unix socket (its path percent-encoded as the host). */
function uriOf(address: ListenAddress): string {
  return typeof address === 'number' ? `mongodb://127.0.0.1:${address}/` : `mongodb://${encodeURIComponent(address)}/`;
}

const where = (address: ListenAddress) => (typeof address === 'number' ? `127.0.0.1:${address}` : address);

/** Linux's longest Unix socket path: sun_path holds 108 bytes, the last a NUL. */
export const SOCKET_PATH_MAX = 107;
const SOCKET_NAME = 'ferretdb.sock';

/** A folder only this user can enter: a real folder (not a link), ours, mode 0700. */
function privateFolder(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    return stat.isDirectory() && (process.getuid === undefined || stat.uid === process.getuid()) && (stat.mode & 0o777) === 0o700;
  } catch {
    return false;
  }
}

/**
 * Where FerretDB listens: `ferretdb/ferretdb.sock` in the data folder, which only its user can
 * enter (0700), so no other user of the machine can connect. When the data folder's path is too long
 * for a socket's (SOCKET_PATH_MAX), the socket goes into a private folder of its own (0700, made by
 * mkdtemp) in the system's temporary folder, named in the lock file, reused by the next start while
 * it is still private, and removed when the server stops (`ownFolder`).
 */
function socketPathFor(dataDir: string, previous: string | null): { socket: string; ownFolder: string | null } {
  const inData = join(dataDir, ENGINE_FOLDERS.ferretdb, SOCKET_NAME);
  if (Buffer.byteLength(inData) <= SOCKET_PATH_MAX) return { socket: inData, ownFolder: null };
  if (previous && previous !== inData && privateFolder(dirname(previous))) return { socket: previous, ownFolder: dirname(previous) };
  const folder = mkdtempSync(join(tmpdir(), 'bh-db-'));
  const socket = join(folder, SOCKET_NAME);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(
      `The database's socket cannot be made: the data folder's path (${dataDir}) and the temporary folder's (${tmpdir()}) are both too long ` +
        `for a Unix socket's path (at most ${SOCKET_PATH_MAX} bytes). Set DATA_DIR, or TMPDIR, to a shorter path.`,
    );
  }
  return { socket, ownFolder: folder };
}

type Log = (msg: string) => void;

/**
 * Go's garbage collector settings FerretDB runs with, unless the environment names its own
 * (`GOGC`, `GOMEMLIMIT`): no collection until its heap nears 256 MiB. With Go's default (collect
 * each time the heap doubles) FerretDB spent much of a get-meetings call collecting: on two quiet
 * cores at 50 connections it answered about 600 calls a second with p99 200 ms, and about 1,000 with
 * p99 under 100 ms with these; its resident memory under that load went from about 155 to 290 MiB
 * (docs/speed.md). The limit is soft: a live heap past it is collected whenever it reaches it (Go
 * spends at most about half the CPU on that), so it slows a larger database down rather than stopping it.
 */
export const FERRETDB_GO_SETTINGS = { GOGC: 'off', GOMEMLIMIT: '256MiB' } as const;

/** The environment FerretDB is started with: this process's, with FERRETDB_GO_SETTINGS where it sets neither. */
export function ferretDbEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const ownSettings = env.GOGC !== undefined || env.GOMEMLIMIT !== undefined;
  return ownSettings ? { ...env } : { ...env, ...FERRETDB_GO_SETTINGS };
}

/** mongod listens on a port of 127.0.0.1; FerretDB on its Unix socket only, with no TCP listener (`--listen-addr=` empty, no debug address). */
function spawnServer(kind: 'mongod' | 'ferretdb', bin: string, dataDir: string, address: ListenAddress): ChildProcess {
  const args =
    kind === 'mongod'
      ? ['--dbpath', join(dataDir, 'mongod'), '--bind_ip', '127.0.0.1', '--port', String(address), '--quiet']
      : [
          '--handler=sqlite',
          `--sqlite-url=file:${join(dataDir, 'ferretdb')}/?_pragma=secure_delete(1)`, // deleted bytes overwritten (db/vacuum.ts)
          `--state-dir=${join(dataDir, 'ferretdb')}`,
          '--telemetry=disable',
          '--listen-addr=',
          `--listen-unix=${address}`,
          '--debug-addr=-',
          '--log-level=error',
        ];
  mkdirSync(join(dataDir, ENGINE_FOLDERS[kind]), { recursive: true });
  return spawn(bin, args, { stdio: ['ignore', 'ignore', 'inherit'], env: kind === 'ferretdb' ? ferretDbEnv() : process.env });
}

async function tryMemoryServer(dataDir: string, port: number, log: Log): Promise<EmbeddedDb | null> {
  let MongoMemoryServer: (typeof import('mongodb-memory-server-core'))['MongoMemoryServer'];
  try {
    ({ MongoMemoryServer } = await import('mongodb-memory-server-core'));
  } catch {
    return null;
  }
  const dbPath = join(dataDir, ENGINE_FOLDERS['memory-server']);
  mkdirSync(dbPath, { recursive: true });
  try {
    const server = await Promise.race([
      MongoMemoryServer.create({ instance: { dbPath, port, ip: '127.0.0.1', storageEngine: 'wiredTiger' } }),
      new Promise<never>((_, rej) => setTimeout(() => rej(new Error('download timed out')), 60_000)),
    ]);
    const lockPath = join(dataDir, 'embedded.json');
    const pid = server.instanceInfo?.instance.mongodProcess?.pid ?? process.pid;
    writeLock(lockPath, { ...identityOf(pid), port, socket: null, uri: uriOf(port), kind: 'memory-server', owner: identityOf(process.pid) });
    let stopped = false;
    return {
      uri: uriOf(port),
      kind: 'memory-server',
      port,
      socket: null,
      owned: true,
      state: () => (stopped ? 'stopped' : 'up'),
      restarts: () => 0,
      stuckRestarts: () => 0,
      stop: async () => {
        stopped = true;
        rmSync(lockPath, { force: true });
        await server.stop({ doCleanup: false });
      },
    };
  } catch (err) {
    log(`mongodb-memory-server unavailable (${(err as Error).message}).`);
    return null;
  }
}

/** How often a joined server that may take over looks whether the database's owner still runs. */
const OWNER_WATCH_MS = 1_000;

/**
 * A joined server: another live process of ours started it and supervises it. With `takeOver`
 * (the API server, not the one-off commands), this process watches that owner, and when the owner
 * is gone (killed with SIGKILL, so its database runs on unsupervised) it takes the database over:
 * stops it and starts one it supervises itself, at the same address (startEmbeddedDb on the same
 * folder, which finds the owner gone). Among several joined servers one does, the one that creates
 * `embedded.takeover`; the others keep watching the owner the lock file then names.
 */
function joinedDb(lock: NonNullable<ReturnType<typeof readLock>>, options: StartOptions & { dataDir: string; log: Log }): EmbeddedDb {
  const lockPath = join(options.dataDir, 'embedded.json');
  let own: EmbeddedDb | null = null;
  let takingOver = false;
  let stopped = false;
  let watch: NodeJS.Timeout | undefined;

  const takeOver = async (): Promise<void> => {
    const claim = join(options.dataDir, 'embedded.takeover');
    try {
      writeFileSync(claim, JSON.stringify(identityOf(process.pid)), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another joined server claimed it; a claim whose process died is cleared for the next look.
      try {
        const holder = JSON.parse(readFileSync(claim, 'utf8')) as ProcessIdentity;
        if (!stillRuns(holder)) rmSync(claim, { force: true });
      } catch {
        rmSync(claim, { force: true });
      }
      return;
    }
    takingOver = true;
    try {
      const current = readLock(lockPath);
      if (current?.owner && stillRuns(current.owner)) return;
      options.log(`The server that ran the embedded ${lock.kind} (pid ${current?.owner?.pid ?? lock.owner?.pid}) is gone; this process takes the database over.`);
      const port = current?.port ?? lock.port;
      const next = await startEmbeddedDb({ ...options, ...(port !== null ? { port } : {}), takeOver: false });
      // Joined once more if another process started one meanwhile: keep watching its owner instead.
      if (next.owned) own = next;
      if (stopped) await own?.stop();
    } catch (err) {
      options.log(`Taking the embedded ${lock.kind} over failed (${(err as Error).message}); trying again.`);
    } finally {
      takingOver = false;
      rmSync(claim, { force: true });
    }
  };

  if (options.takeOver) {
    watch = setInterval(() => {
      if (own || takingOver || stopped) return;
      // The lock is gone once its owner stopped cleanly: that owner is the one to look at.
      const owner = readLock(lockPath)?.owner ?? lock.owner;
      // A lock from before owners were recorded names none: nothing to watch.
      if (owner && !stillRuns(owner)) void takeOver();
    }, OWNER_WATCH_MS);
    watch.unref();
  }

  return {
    uri: lock.uri,
    kind: lock.kind,
    port: lock.port,
    socket: lock.socket,
    get owned() {
      return own !== null;
    },
    state: () => {
      if (own) return own.state();
      if (takingOver) return 'restarting';
      // The owner runs but its database does not: the owner's supervisor is starting it again.
      const current = readLock(lockPath);
      if (current?.owner && stillRuns(current.owner) && !stillRuns({ pid: current.pid, started: current.started })) return 'restarting';
      return 'up';
    },
    restarts: () => own?.restarts() ?? 0,
    stuckRestarts: () => own?.stuckRestarts() ?? 0,
    stop: async () => {
      stopped = true;
      clearInterval(watch);
      await own?.stop();
    },
  };
}

interface StartOptions {
  preferred?: EmbeddedKind;
  port?: number;
  /** How a port is chosen when none is given (freePort); a test hands out a taken one first. */
  choosePort?: () => Promise<number>;
  /** When joining another process's database: take it over if that process dies (joinedDb). For long-running servers. */
  takeOver?: boolean;
  /** A FerretDB this process runs is restarted when reads with no time limit keep answering `interrupted` (embedded-probe.ts). */
  stuckWatch?: StuckWatchOptions;
}

/**
 * What the lock file left by an earlier start says, and what to do about it:
 * - its owner (the process that started the database) still runs: join the database, waiting up
 *   to 30 s while the owner's supervisor brings it back;
 * - its owner is gone (killed with SIGKILL, so it could not stop its database) but the database
 *   still runs: stop that orphan, so that this start runs one it supervises on the same data,
 *   rather than using a database nobody would start again when it dies;
 * - nothing of it runs: start afresh.
 * A lock from before owners were recorded is joined as before while its database runs and answers.
 */
async function examineLock(lockPath: string, options: StartOptions & { dataDir: string; log: Log }): Promise<{ join: EmbeddedDb | null; previousSocket: string | null }> {
  const log = options.log;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const lock = readLock(lockPath);
    if (!lock) return { join: null, previousSocket: null };
    const database: ProcessIdentity = { pid: lock.pid, started: lock.started };
    const databaseRuns = stillRuns(database);
    const ownerRuns = lock.owner ? stillRuns(lock.owner) : databaseRuns;
    if (ownerRuns) {
      if (await portAccepts(lock.socket ?? lock.port!)) return { join: joinedDb(lock, options), previousSocket: null };
      if (Date.now() > deadline) {
        throw new Error(
          `The embedded ${lock.kind} of this data folder is run by another process (pid ${lock.owner?.pid ?? lock.pid}), ` +
            `but it has not answered on ${where(lock.socket ?? lock.port!)} for 30 s. Stop that process, or wait for its database to come back.`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    if (databaseRuns) {
      log(
        `Embedded ${lock.kind} (pid ${lock.pid}) was left running by a server that ended without stopping it (pid ${lock.owner?.pid}); ` +
          'stopping it to start one this process supervises, on the same data.',
      );
      await stopProcess(database);
    }
    return { join: null, previousSocket: lock.socket };
  }
}

/**
 * Starts (or joins) the embedded server for a data folder. A second process on the same folder,
 * such as `pnpm admin:create` while `pnpm start` runs, reuses the running server through the lock
 * file `embedded.json` that every engine writes, while the process that started it (the owner,
 * recorded by id and start time) runs; a database whose owner died is stopped and started again
 * under this process's supervision (examineLock). The folder's engine is recorded in `engine.json`
 * on first use and never switched silently: if it cannot run here, the start is refused
 * (EngineUnavailableError). A server this process started is supervised: if it exits on its own
 * it is started again at the same address, with a growing pause between attempts (0.5 s to 15 s).
 * FerretDB listens on a Unix socket in the data folder only (socketPathFor); mongod on a port of
 * 127.0.0.1.
 */
export async function startEmbeddedDb(options: StartOptions & { dataDir: string; log?: Log }): Promise<EmbeddedDb> {
  const log = options.log ?? console.log;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Private data folder (0700, files 0600): see data-permissions.ts.
  restrictDataDir(dataDir);
  const lockPath = join(dataDir, 'embedded.json');

  const found = await examineLock(lockPath, { ...options, dataDir, log });
  if (found.join) return found.join;

  const choosePort = options.choosePort ?? freePort;
  let port = options.port ?? (await choosePort());
  const recorded = recordedEngine(dataDir);
  let kind: 'mongod' | 'ferretdb';
  let bin: string | null;
  if (recorded === 'mongod') {
    bin = which('mongod');
    if (!bin) throw new EngineUnavailableError(dataDir, recorded, 'no mongod is on PATH');
    kind = 'mongod';
  } else if (recorded === 'memory-server') {
    const memory = await tryMemoryServer(dataDir, port, log);
    if (!memory) throw new EngineUnavailableError(dataDir, recorded, 'mongodb-memory-server could not start its mongod here');
    return memory;
  } else if (recorded === 'ferretdb') {
    kind = 'ferretdb';
    bin = findFerretDb() ?? (await buildFerretDb(log));
  } else {
    bin = options.preferred === 'ferretdb' ? null : which('mongod');
    if (bin) {
      kind = 'mongod';
    } else {
      kind = 'ferretdb';
      bin = findFerretDb();
      if (!bin) {
        const memory = await tryMemoryServer(dataDir, port, log);
        if (memory) {
          recordEngine(dataDir, 'memory-server');
          return memory;
        }
        log('Falling back to FerretDB.');
        bin = await buildFerretDb(log);
      }
    }
  }
  const serverBin = bin;
  const { socket, ownFolder } = kind === 'ferretdb' ? socketPathFor(dataDir, found.previousSocket) : { socket: null, ownFolder: null };
  const address = (): ListenAddress => socket ?? port;

  let stopping = false;
  let state: EmbeddedState = 'up';
  let restarts = 0;
  /** The database process now supervised. */
  let running: ProcessIdentity = { pid: 0, started: null };

  /** Starts the server and waits until it listens; the lock file names the new process and this one as its owner. */
  const launch = async (): Promise<ChildProcess> => {
    // Another program answering there would pass for the database below.
    if (await portAccepts(address(), 300)) throw new Error(`${where(address())} is taken by another program`);
    // A socket file left by a database that was killed: FerretDB will not listen over it.
    if (socket) rmSync(socket, { force: true });
    const next = withPrivateFiles(() => spawnServer(kind, serverBin, dataDir, address()));
    try {
      await waitForPort(address(), next, 30_000);
    } catch (err) {
      if (next.exitCode === null) next.kill('SIGKILL');
      throw err;
    }
    if (next.exitCode !== null || next.signalCode !== null) throw new Error('database process exited right after starting');
    next.once('exit', (code, signal) => {
      if (next === current && !stopping) void supervise(signal ?? `code ${code}`);
    });
    running = identityOf(next.pid ?? 0);
    writeLock(lockPath, { ...running, port: socket ? null : port, socket, uri: uriOf(address()), kind, owner: identityOf(process.pid) });
    return next;
  };

  /** The first start; a port this code chose and another program took meanwhile is chosen again. */
  const launchFirst = async (): Promise<ChildProcess> => {
    // A full disk is said as such, before anything starts or after a start it failed (never "another port").
    const full = diskFullError(dataDir);
    if (full) throw full;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await launch();
      } catch (err) {
        const noRoom = diskFullError(dataDir, err);
        if (noRoom) throw noRoom;
        // A socket is in the data folder, where no other user's program can take it: nothing to choose again.
        if (options.port !== undefined || socket !== null || attempt >= 3) throw err;
        log(`Embedded ${kind} could not start on 127.0.0.1:${port} (${(err as Error).message}); trying another port.`);
        port = await choosePort();
      }
    }
  };

  const supervise = async (why: string): Promise<void> => {
    state = 'restarting';
    for (let attempt = 0; !stopping; attempt += 1) {
      const pause = Math.min(500 * 2 ** attempt, 15_000);
      log(`Embedded ${kind} exited (${why}); starting it again in ${pause / 1000} s.`);
      await new Promise((r) => setTimeout(r, pause));
      if (stopping) return;
      try {
        current = await launch();
        if (stopping) {
          current.kill('SIGTERM');
          return;
        }
        restarts += 1;
        state = 'up';
        log(`Embedded ${kind} is back on ${where(address())}.`);
        return;
      } catch (err) {
        why = (err as Error).message;
      }
    }
  };

  let current: ChildProcess;
  try {
    current = await launchFirst();
  } catch (err) {
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    throw err;
  }
  recordEngine(dataDir, kind);
  // A server that answers `interrupted` to reads nothing cut short is stuck: it is ended, and the
  // supervisor above starts it again as after any exit.
  let stuckRestarts = 0;
  const stuckWatch =
    kind === 'ferretdb' && options.stuckWatch
      ? watchForStuckDatabase(uriOf(address()), options.stuckWatch, () => state === 'up' && !stopping && stillRuns(running), (probes) => {
          stuckRestarts += 1;
          state = 'restarting'; // until it is back (supervise), with no more probes meanwhile
          log(`Embedded ${kind} answers "interrupted" to reads without a time limit (${probes} probes in a row); restarting it.`);
          endStuckServer(current);
        })
      : null;
  const killNow = () => {
    if (current.exitCode === null) current.kill('SIGKILL');
  };
  // Last resort if the parent exits without calling stop(): no orphaned database processes.
  process.once('exit', killNow);

  return {
    uri: uriOf(address()),
    kind,
    port: socket ? null : port,
    socket,
    owned: true,
    // A process just killed is gone (a zombie) before this process hears of its exit: already restarting.
    state: () => (state === 'up' && !stillRuns(running) ? 'restarting' : state),
    restarts: () => restarts,
    stuckRestarts: () => stuckRestarts,
    stop: () =>
      new Promise<void>((res) => {
        stopping = true;
        void stuckWatch?.stop();
        state = 'stopped';
        process.removeListener('exit', killNow);
        rmSync(lockPath, { force: true });
        const child = current;
        const cleanUp = () => {
          if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
          else if (socket) rmSync(socket, { force: true });
          res();
        };
        if (child.exitCode !== null || child.signalCode !== null) return cleanUp();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          cleanUp();
        });
        child.kill('SIGTERM');
      }),
  };
}
