import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFerretDb, findFerretDb, which } from '../../../tools/ferretdb/build.ts';
import { freePort, isAlive, portAccepts, waitForPort } from '../lib/ports.ts';
import { restrictDataDir, withPrivateFiles } from './data-permissions.ts';
import { diskFullError } from './disk-space.ts';

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
  port: number;
  /** False when another process of ours already runs the server on this data folder. */
  owned: boolean;
  /** What the supervisor knows; a joined server (not owned) is always reported `up`. */
  state(): EmbeddedState;
  /** How many times the supervisor brought the server back after it exited. */
  restarts(): number;
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

interface LockFile {
  pid: number;
  port: number;
  kind: EmbeddedKind;
}

type Log = (msg: string) => void;


/**
 * Go's garbage collector settings FerretDB runs with, unless the environment names its own
 * (`GOGC`, `GOMEMLIMIT`): no collection until its heap nears 256 MiB. With Go's default (collect
 * each time the heap doubles) FerretDB spent much of a get-meetings call collecting: on two quiet
 * cores at 50 connections it answered about 600 calls a second with p99 200 ms, and about 1,000 with
 * p99 under 100 ms with these; its resident memory under that load went from about 155 to 290 MiB
 * (README, Speed). The limit is soft: a live heap past it is collected whenever it reaches it (Go
 * spends at most about half the CPU on that), so it slows a larger database down rather than stopping it.
 */
export const FERRETDB_GO_SETTINGS = { GOGC: 'off', GOMEMLIMIT: '256MiB' } as const;

/** The environment FerretDB is started with: this process's, with FERRETDB_GO_SETTINGS where it sets neither. */
export function ferretDbEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const ownSettings = env.GOGC !== undefined || env.GOMEMLIMIT !== undefined;
  return ownSettings ? { ...env } : { ...env, ...FERRETDB_GO_SETTINGS };
}

function spawnServer(kind: 'mongod' | 'ferretdb', bin: string, dataDir: string, port: number): ChildProcess {
  const args =
    kind === 'mongod'
      ? ['--dbpath', join(dataDir, 'mongod'), '--bind_ip', '127.0.0.1', '--port', String(port), '--quiet']
      : [
          '--handler=sqlite',
          `--sqlite-url=file:${join(dataDir, 'ferretdb')}/`,
          `--state-dir=${join(dataDir, 'ferretdb')}`,
          '--telemetry=disable',
          `--listen-addr=127.0.0.1:${port}`,
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
    writeFileSync(lockPath, JSON.stringify({ pid: server.instanceInfo?.instance.mongodProcess?.pid ?? process.pid, port, kind: 'memory-server' } satisfies LockFile), { mode: 0o600 });
    let stopped = false;
    return {
      uri: `mongodb://127.0.0.1:${port}/`,
      kind: 'memory-server',
      port,
      owned: true,
      state: () => (stopped ? 'stopped' : 'up'),
      restarts: () => 0,
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

/**
 * Starts (or joins) the embedded server for a data folder. A second process on the same folder,
 * such as `pnpm admin:create` while `pnpm start` runs, reuses the running server through the lock
 * file `embedded.json` that every engine writes. The folder's engine is recorded in `engine.json`
 * on first use and never switched silently: if it cannot run here, the start is refused
 * (EngineUnavailableError). A server this process started is supervised: if it exits on its own
 * it is started again on the same port, with a growing pause between attempts (0.5 s to 15 s).
 */
export async function startEmbeddedDb(options: {
  dataDir: string;
  log?: Log;
  preferred?: EmbeddedKind;
  port?: number;
  /** How a port is chosen when none is given (freePort); a test hands out a taken one first. */
  choosePort?: () => Promise<number>;
}): Promise<EmbeddedDb> {
  const log = options.log ?? console.log;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Private data folder (0700, files 0600): see data-permissions.ts.
  restrictDataDir(dataDir);
  const lockPath = join(dataDir, 'embedded.json');

  if (existsSync(lockPath)) {
    try {
      const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as LockFile;
      if (isAlive(lock.pid) && (await portAccepts(lock.port))) {
        return {
          uri: `mongodb://127.0.0.1:${lock.port}/`,
          kind: lock.kind,
          port: lock.port,
          owned: false,
          state: () => 'up',
          restarts: () => 0,
          stop: async () => {},
        };
      }
    } catch {
      // A stale or torn lock file is replaced below.
    }
  }

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

  let stopping = false;
  let state: EmbeddedState = 'up';
  let restarts = 0;

  /** Starts the server and waits until it listens; the lock file names the new process. */
  const launch = async (): Promise<ChildProcess> => {
    // Another program answering on the port would pass for the database below.
    if (await portAccepts(port, 300)) throw new Error(`127.0.0.1:${port} is taken by another program`);
    const next = withPrivateFiles(() => spawnServer(kind, serverBin, dataDir, port));
    try {
      await waitForPort(port, next, 30_000);
    } catch (err) {
      if (next.exitCode === null) next.kill('SIGKILL');
      throw err;
    }
    if (next.exitCode !== null || next.signalCode !== null) throw new Error('database process exited right after starting');
    next.once('exit', (code, signal) => {
      if (next === current && !stopping) void supervise(signal ?? `code ${code}`);
    });
    writeFileSync(lockPath, JSON.stringify({ pid: next.pid ?? 0, port, kind } satisfies LockFile), { mode: 0o600 });
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
        if (options.port !== undefined || attempt >= 3) throw err;
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
        log(`Embedded ${kind} is back on 127.0.0.1:${port}.`);
        return;
      } catch (err) {
        why = (err as Error).message;
      }
    }
  };

  let current = await launchFirst();
  recordEngine(dataDir, kind);
  const killNow = () => {
    if (current.exitCode === null) current.kill('SIGKILL');
  };
  // Last resort if the parent exits without calling stop(): no orphaned database processes.
  process.once('exit', killNow);

  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    kind,
    port,
    owned: true,
    state: () => state,
    restarts: () => restarts,
    stop: () =>
      new Promise<void>((res) => {
        stopping = true;
        state = 'stopped';
        process.removeListener('exit', killNow);
        rmSync(lockPath, { force: true });
        const child = current;
        if (child.exitCode !== null || child.signalCode !== null) return res();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          res();
        });
        child.kill('SIGTERM');
      }),
  };
}
