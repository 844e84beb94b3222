import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { EngineUnavailableError, ferretDbEnv, FERRETDB_GO_SETTINGS, recordedEngine, SOCKET_PATH_MAX, startEmbeddedDb } from '@bh/api/db/embedded';
import { freePort, isAlive } from '@bh/api/lib/ports';
import { which } from '../../tools/ferretdb/build.ts';
import { ApiClient, DEMO } from '../support/api.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';
import { api as ops } from '@bh/shared/contract';

const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `bh-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lockOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { pid: number; port: number | null; socket: string | null; uri: string; kind: string; owner: { pid: number } };
/** An installed mongod is preferred and listens on a port; otherwise FerretDB, on a Unix socket. */
const onTcp = which('mongod') !== null;

/** Whether a database answers a ping at this URI, through the driver. */
async function pingOk(uri: string): Promise<boolean> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    return (await client.db('admin').command({ ping: 1 })).ok === 1;
  } finally {
    await client.close();
  }
}

describe('the data folder records its engine', () => {
  it('writes engine.json and the lock file on first use, and joins through the lock', async () => {
    const dataDir = folder('engine');
    const db = await startEmbeddedDb({ dataDir, log: () => {} });
    try {
      expect(JSON.parse(readFileSync(join(dataDir, 'engine.json'), 'utf8'))).toMatchObject({ engine: db.kind });
      expect(lockOf(dataDir)).toMatchObject({ uri: db.uri, port: db.port, socket: db.socket, kind: db.kind, owner: { pid: process.pid } });
      const joined = await startEmbeddedDb({ dataDir, log: () => {} });
      expect([joined.owned, joined.uri]).toEqual([false, db.uri]);
    } finally {
      await db.stop();
    }
    expect(existsSync(join(dataDir, 'embedded.json'))).toBe(false);
  });

  it('runs FerretDB with Go\'s collector held back until its heap nears the limit, unless the environment sets its own', async () => {
    const dataDir = folder('gogc');
    const db = await startEmbeddedDb({ dataDir, log: () => {} });
    try {
      if (db.kind === 'ferretdb') {
        // What the running process was started with, as the kernel keeps it.
        const environ = readFileSync(`/proc/${lockOf(dataDir).pid}/environ`, 'utf8').split('\0');
        expect(environ).toEqual(expect.arrayContaining(['GOGC=off', 'GOMEMLIMIT=256MiB']));
      }
    } finally {
      await db.stop();
    }
    expect(ferretDbEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...FERRETDB_GO_SETTINGS });
    expect(ferretDbEnv({ PATH: '/bin', GOGC: '100' })).toEqual({ PATH: '/bin', GOGC: '100' });
    expect(ferretDbEnv({ GOMEMLIMIT: '1GiB' })).toEqual({ GOMEMLIMIT: '1GiB' });
  });

  it.runIf(onTcp)('takes another port when the one it chose was taken before the database could listen on it', async () => {
    const dataDir = folder('taken');
    // Another program listening where the database was about to: it must not be taken for the database.
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', r));
    const taken = (squatter.address() as AddressInfo).port;
    const offered = [taken];
    const said: string[] = [];
    const db = await startEmbeddedDb({ dataDir, log: (line) => said.push(line), choosePort: async () => offered.shift() ?? freePort() });
    try {
      expect(db.port).not.toBe(taken);
      expect(lockOf(dataDir).port).toBe(db.port);
      expect(said.join('\n')).toContain(`127.0.0.1:${taken} is taken by another program`);
      expect(await pingOk(db.uri)).toBe(true);
    } finally {
      await db.stop();
      await new Promise((r) => squatter.close(r));
    }
  });

  it.runIf(!onTcp)('does not take a program listening on its socket for the database, and leaves that program be', async () => {
    const dataDir = folder('socket-taken');
    const socket = join(dataDir, 'ferretdb', 'ferretdb.sock');
    mkdirSync(join(dataDir, 'ferretdb'), { recursive: true });
    const squatter = createServer((s) => s.destroy());
    await new Promise<void>((r) => squatter.listen(socket, r));
    try {
      const error = await startEmbeddedDb({ dataDir, log: () => {} }).then(
        async (db) => {
          await db.stop();
          return null;
        },
        (err: Error) => err.message,
      );
      expect(error).toBe(`${socket} is taken by another program`);
      expect(existsSync(socket)).toBe(true);
      expect(existsSync(join(dataDir, 'embedded.json'))).toBe(false);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });

  it.runIf(!onTcp)('puts the socket in a private folder of its own when the data folder\'s path is too long for one, and removes it at stop', async () => {
    const dataDir = join(folder('long'), 'a-data-folder-whose-path-is-longer-than-a-unix-socket-path-may-be'.repeat(2));
    expect(Buffer.byteLength(join(dataDir, 'ferretdb', 'ferretdb.sock'))).toBeGreaterThan(SOCKET_PATH_MAX);
    const db = await startEmbeddedDb({ dataDir, log: () => {} });
    const socket = db.socket!;
    try {
      expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(SOCKET_PATH_MAX);
      expect(statSync(join(socket, '..')).mode & 0o777).toBe(0o700);
      expect(statSync(socket).mode & 0o077).toBe(0);
      expect(lockOf(dataDir).socket).toBe(socket);
      expect(await pingOk(db.uri)).toBe(true);
      const joined = await startEmbeddedDb({ dataDir, log: () => {} });
      expect([joined.owned, joined.uri]).toEqual([false, db.uri]);
    } finally {
      await db.stop();
    }
    expect(existsSync(join(socket, '..'))).toBe(false);
  });

  it('refuses to start another engine on a folder whose engine is not available, and touches nothing', async () => {
    const dataDir = folder('switch');
    writeFileSync(join(dataDir, 'engine.json'), JSON.stringify({ engine: 'mongod', since: '2026-01-01T00:00:00.000Z' }));
    const path = process.env.PATH;
    process.env.PATH = '';
    let error: unknown;
    try {
      await startEmbeddedDb({ dataDir, log: () => {} });
    } catch (err) {
      error = err;
    } finally {
      process.env.PATH = path;
    }
    expect(error).toBeInstanceOf(EngineUnavailableError);
    const message = (error as Error).message;
    for (const part of [dataDir, 'an installed mongod', 'engine.json', 'pnpm db:export', 'DATA_DIR']) expect(message).toContain(part);
    expect(readdirSync(dataDir)).toEqual(['engine.json']);
  });

  it('reads the engine of a folder from before engine.json from its files, and will not guess between two', () => {
    const dataDir = folder('legacy');
    expect(recordedEngine(dataDir)).toBeNull();
    mkdirSync(join(dataDir, 'mongo-memory'));
    writeFileSync(join(dataDir, 'mongo-memory', 'WiredTiger'), 'x');
    mkdirSync(join(dataDir, 'ferretdb'));
    expect(recordedEngine(dataDir)).toBe('memory-server');
    writeFileSync(join(dataDir, 'ferretdb', 'better_health.sqlite'), 'x');
    expect(() => recordedEngine(dataDir)).toThrow(/several engines/);
  });

  it('makes the product refuse to start on such a folder, saying what to do', async () => {
    const dataDir = folder('refuse');
    writeFileSync(join(dataDir, 'engine.json'), JSON.stringify({ engine: 'mongod', since: '2026-01-01T00:00:00.000Z' }));
    const error = await startProductServer({ entry: 'api/src/server.ts', dataDir, env: { PATH: '' } }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (err: Error) => err.message,
    );
    expect(error).toMatch(/server exited early \(1\)/);
    expect(error).toContain(`The data folder ${dataDir} holds an installed mongod data`);
  });
});

describe('a port already in use', () => {
  it('makes the product say so and what to do, exit 1, and leave no database running', async () => {
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => squatter.listen(0, '127.0.0.1', r));
    const port = (squatter.address() as AddressInfo).port;
    const dataDir = folder('port');
    try {
      const error = await startProductServer({ entry: 'api/src/server.ts', dataDir, port }).then(
        async (s) => {
          await s.stop();
          return null;
        },
        (err: Error) => err.message,
      );
      expect(error).toMatch(/server exited early \(1\)/);
      expect(error).toContain(`127.0.0.1:${port} is already in use by another program. Stop that program, or set PORT to a free port (PORT=0 picks one).`);
      expect(error).not.toMatch(/Unhandled 'error' event|node:events/);
      const lock = join(dataDir, 'embedded.json');
      if (existsSync(lock)) {
        const pid = lockOf(dataDir).pid;
        // Killed as the product exits; a zombie no parent has reaped yet counts as gone.
        const running = () => isAlive(pid) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        for (let waited = 0; running() && waited < 2_000; waited += 100) await sleep(100);
        expect(running()).toBe(false);
      }
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});

describe('supervision of the embedded database', () => {
  let server: ProductServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  /** Polls /health, keeping every answer, until a new server process is up and health says ok; fails past `boundMs`. */
  async function recovers(baseUrl: string, dataDir: string, oldPid: number, boundMs: number): Promise<{ ms: number; answers: string[] }> {
    const started = Date.now();
    const answers: string[] = [];
    for (;;) {
      const res = await fetch(new ApiClient(baseUrl).url(ops.health.status), { signal: AbortSignal.timeout(5_000) });
      const body = (await res.json()) as { db: string };
      answers.push(`${res.status} ${body.db}`);
      if (res.status === 200 && lockOf(dataDir).pid !== oldPid) return { ms: Date.now() - started, answers };
      if (Date.now() - started > boundMs) throw new Error(`not back within ${boundMs} ms: ${answers.join(', ')}`);
      await sleep(100);
    }
  }

  it('starts the server again after SIGKILL and after SIGTERM, saying "restarting" meanwhile; the API recovers by itself', async () => {
    server = await startProductServer({ entry: 'api/src/server.ts', env: { LOG_LEVEL: 'info' } });
    const client = new ApiClient(server.baseUrl);
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      const before = lockOf(server.dataDir);
      process.kill(before.pid, signal);
      const { ms, answers } = await recovers(server.baseUrl, server.dataDir, before.pid, 30_000);
      // Every failing answer said the database was being restarted, never just "down".
      expect(answers.filter((a) => !a.startsWith('200')).every((a) => a === '503 restarting'), answers.join(', ')).toBe(true);
      expect(ms).toBeLessThan(30_000);
      const after = lockOf(server.dataDir);
      expect(after.pid).not.toBe(before.pid);
      expect(after.uri).toBe(before.uri);
      await client.login(DEMO.admin, DEMO.password);
      expect((await client.call(ops.meeting.list)).status).toBe(200);
      expect((await fetch(new ApiClient(server.baseUrl).url(ops.health.ready))).status).toBe(200);
    }
    expect(server.output()).toMatch(/Embedded ferretdb exited \(SIGKILL\); starting it again/);
    // FerretDB ends cleanly on SIGTERM, so its exit shows as code 0.
    expect(server.output()).toMatch(/Embedded ferretdb exited \((SIGTERM|code 0)\); starting it again/);
    expect(server.output().match(/Embedded ferretdb is back/g)).toHaveLength(2);
  });
});
