import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restrictDataDir, withPrivateFiles } from './data-permissions.ts';

/**
 * Brings up a local MongoDB-compatible server when no MONGODB_URI is given (DESIGN §2):
 * an installed mongod or FerretDB, else mongodb-memory-server (needs downloads), else FerretDB
 * v1.24.2 built once from the Go module pinned in tools/ferretdb. The API only ever sees a URI.
 */

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const FERRETDB_VERSION = 'v1.24.2';
const TOOLS_DIR = join(PROJECT_ROOT, '.tools');
const FERRETDB_BIN = join(TOOLS_DIR, 'ferretdb', `ferretdb-${FERRETDB_VERSION}`);
const CACHE_BIN = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'better-health', `ferretdb-${FERRETDB_VERSION}`);

export type EmbeddedKind = 'mongod' | 'ferretdb' | 'memory-server';

export interface EmbeddedDb {
  uri: string;
  kind: EmbeddedKind;
  port: number;
  /** False when another process of ours already runs the server on this data folder. */
  owned: boolean;
  stop(): Promise<void>;
}

interface LockFile {
  pid: number;
  port: number;
  kind: EmbeddedKind;
}

type Log = (msg: string) => void;

function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, cmd);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

function portAccepts(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((res) => {
    const sock = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      sock.destroy();
      res(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`database process exited with code ${child.exitCode}`);
    if (await portAccepts(port, 300)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`database did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The FerretDB binary if it is on PATH, already built here, or in the user's cache. */
export function findFerretDb(): string | null {
  const onPath = which('ferretdb');
  if (onPath) return onPath;
  if (existsSync(FERRETDB_BIN)) return FERRETDB_BIN;
  if (existsSync(CACHE_BIN)) {
    mkdirSync(join(TOOLS_DIR, 'ferretdb'), { recursive: true });
    copyFileSync(CACHE_BIN, FERRETDB_BIN);
    chmodSync(FERRETDB_BIN, 0o755);
    return FERRETDB_BIN;
  }
  return null;
}

/**
 * Builds FerretDB from the module pinned in tools/ferretdb (go.mod + go.sum).
 * `go install …@v1.24.2` is not used: it asks the module proxy for the version list to check
 * deprecations, which some proxies refuse. The committed go.sum pins every dependency's hash, so
 * the checksum database is not needed (GOSUMDB=off). FerretDB's sources expect a generated
 * version file, written into the vendored copy before building.
 */
export function buildFerretDb(log: Log = console.log): string {
  if (!which('go')) {
    throw new Error('No MongoDB-compatible server found and Go is not installed to build FerretDB. Install Go, or set MONGODB_URI.');
  }
  const work = join(TOOLS_DIR, 'ferretdb-build');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(join(PROJECT_ROOT, 'tools', 'ferretdb'), work, { recursive: true });
  const env = { ...process.env, GOFLAGS: '-buildvcs=false', GOSUMDB: 'off', CGO_ENABLED: '0' };
  const run = (args: string[]) => {
    const res = spawnSync('go', args, { cwd: work, env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (res.status !== 0) throw new Error(`go ${args.join(' ')} failed with status ${res.status}`);
  };
  log(`Building FerretDB ${FERRETDB_VERSION} (once; about two minutes)...`);
  run(['mod', 'download']);
  run(['mod', 'vendor']);
  writeFileSync(join(work, 'vendor/github.com/FerretDB/FerretDB/build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  mkdirSync(join(TOOLS_DIR, 'ferretdb'), { recursive: true });
  run(['build', '-mod=vendor', '-trimpath', '-o', FERRETDB_BIN, 'github.com/FerretDB/FerretDB/cmd/ferretdb']);
  rmSync(work, { recursive: true, force: true });
  try {
    mkdirSync(join(CACHE_BIN, '..'), { recursive: true });
    copyFileSync(FERRETDB_BIN, CACHE_BIN);
  } catch {
    // The cache only saves the next fresh clone a build.
  }
  return FERRETDB_BIN;
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
  mkdirSync(join(dataDir, kind === 'mongod' ? 'mongod' : 'ferretdb'), { recursive: true });
  return spawn(bin, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function tryMemoryServer(dataDir: string, port: number, log: Log): Promise<EmbeddedDb | null> {
  let MongoMemoryServer: (typeof import('mongodb-memory-server-core'))['MongoMemoryServer'];
  try {
    ({ MongoMemoryServer } = await import('mongodb-memory-server-core'));
  } catch {
    return null;
  }
  const dbPath = join(dataDir, 'mongo-memory');
  mkdirSync(dbPath, { recursive: true });
  try {
    const server = await Promise.race([
      MongoMemoryServer.create({ instance: { dbPath, port, ip: '127.0.0.1', storageEngine: 'wiredTiger' } }),
      new Promise<never>((_, rej) => setTimeout(() => rej(new Error('download timed out')), 60_000)),
    ]);
    return {
      uri: `mongodb://127.0.0.1:${port}/`,
      kind: 'memory-server',
      port,
      owned: true,
      stop: async () => {
        await server.stop({ doCleanup: false });
      },
    };
  } catch (err) {
    log(`mongodb-memory-server unavailable (${(err as Error).message}); falling back to FerretDB.`);
    return null;
  }
}

/**
 * Starts (or joins) the embedded server for a data folder. A second process on the same folder,
 * such as `pnpm admin:create` while `pnpm start` runs, reuses the running server.
 */
export async function startEmbeddedDb(options: { dataDir: string; log?: Log; preferred?: EmbeddedKind; port?: number }): Promise<EmbeddedDb> {
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
        return { uri: `mongodb://127.0.0.1:${lock.port}/`, kind: lock.kind, port: lock.port, owned: false, stop: async () => {} };
      }
    } catch {
      // A stale or torn lock file is replaced below.
    }
  }

  const port = options.port ?? (await freePort());
  let kind: 'mongod' | 'ferretdb';
  let bin = which('mongod');
  if (bin && options.preferred !== 'ferretdb') {
    kind = 'mongod';
  } else {
    bin = findFerretDb();
    kind = 'ferretdb';
    if (!bin) {
      const memory = await tryMemoryServer(dataDir, port, log);
      if (memory) return memory;
      bin = buildFerretDb(log);
    }
  }

  const child = withPrivateFiles(() => spawnServer(kind, bin, dataDir, port));
  const killNow = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  // Last resort if the parent exits without calling stop(): no orphaned database processes.
  process.once('exit', killNow);
  await waitForPort(port, child, 30_000);
  writeFileSync(lockPath, JSON.stringify({ pid: child.pid ?? 0, port, kind } satisfies LockFile), { mode: 0o600 });

  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    kind,
    port,
    owned: true,
    stop: () =>
      new Promise<void>((res) => {
        process.removeListener('exit', killNow);
        rmSync(lockPath, { force: true });
        if (child.exitCode !== null) return res();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          res();
        });
        child.kill('SIGTERM');
      }),
  };
}
