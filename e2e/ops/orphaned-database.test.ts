import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api as ops } from '@bh/shared/contract';
import { ApiClient, DEMO } from '../support/api.ts';
import { startProductServer, type ProductServer } from '../support/server.ts';

/**
 * Issue 47, item 2: a server killed with SIGKILL leaves its database running. The next start on the
 * same data folder must not join that orphan as if it were supervised: when it later dies, the API
 * has to bring it back by itself, as for a database it started.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lockOf = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8')) as { pid: number; owner: { pid: number } };
/** A process that exists and is not a zombie waiting for a parent to reap it. */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const killIfRunning = (pid: number | undefined) => {
  if (pid && running(pid)) process.kill(pid, 'SIGKILL');
};
/** A GET that names what it waited for if it times out (the machine may be busy: 15 s is far more than any answer takes). */
const get = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(15_000) }).catch((err: unknown) => {
    throw new Error(`GET ${url}: ${(err as Error).message}`);
  });
const exited = (server: ProductServer) => new Promise<void>((r) => (server.child.exitCode !== null || server.child.signalCode !== null ? r() : server.child.once('exit', () => r())));

/**
 * Kills the database process (SIGKILL), then polls /health and /health/live until a new database
 * process answers. Every answer meanwhile must say what is happening (503 "restarting"), and the
 * process itself must stay live. Returns the new database's pid.
 */
async function killedAndBack(client: ApiClient, dataDir: string, database: number): Promise<number> {
  process.kill(database, 'SIGKILL');
  const started = Date.now();
  const answers: string[] = [];
  const live: number[] = [];
  for (;;) {
    const res = await get(client.url(ops.health.status));
    answers.push(`${res.status} ${((await res.json()) as { db: string }).db}`);
    live.push((await get(client.url(ops.health.live))).status);
    // A good ping is reused for a second (db-health.ts): back means 200 from a new database process.
    if (res.status === 200 && lockOf(dataDir).pid !== database) break;
    // The supervisor's first restart comes 0.5 s after the exit; 30 s is far past it and any start.
    if (Date.now() - started > 30_000) throw new Error(`not back within 30 s: ${answers.join(', ')}`);
    await sleep(100);
  }
  expect(answers.filter((a) => !a.startsWith('200')).every((a) => a === '503 restarting'), answers.join(', ')).toBe(true);
  expect(live.every((s) => s === 200)).toBe(true);
  expect((await client.call(ops.meeting.list)).status).toBe(200);
  expect((await get(client.url(ops.health.ready))).status).toBe(200);
  return lockOf(dataDir).pid;
}

/** A data folder of its own, and after the tests: its servers stopped, any database a failed run left killed, the folder removed. */
function scene(prefix: string): { dataDir: string; servers: ProductServer[]; databases: number[] } {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const servers: ProductServer[] = [];
  const databases: number[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    for (const pid of databases) killIfRunning(pid);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, servers, databases };
}

describe('a start after the server was killed with SIGKILL', () => {
  const { dataDir, servers, databases } = scene('bh-orphan-');

  it('supervises the database the dead server left: when it then dies, the API is back by itself, saying "restarting" meanwhile', async () => {
    const first = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    servers.push(first);
    const orphan = lockOf(dataDir).pid;
    databases.push(orphan);
    first.child.kill('SIGKILL');
    await exited(first);
    // The state: the server is gone, its database still runs.
    expect(running(orphan)).toBe(true);

    const second = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    servers.push(second);
    const client = new ApiClient(second.baseUrl);
    await client.login(DEMO.admin, DEMO.password);
    const database = lockOf(dataDir).pid;
    databases.push(database);
    // The orphan was stopped (not left beside a second database on the same files) or is now supervised.
    if (database !== orphan) expect(running(orphan)).toBe(false);

    databases.push(await killedAndBack(client, dataDir, database));
    expect(second.output()).toContain(`Embedded ferretdb (pid ${orphan}) was left running by a server that ended without stopping it (pid ${first.child.pid})`);
    expect(second.output()).toMatch(/Embedded ferretdb exited \(SIGKILL\); starting it again/);
  });
});

describe('a server that joined the database of another', () => {
  const { dataDir, servers, databases } = scene('bh-takeover-');

  it('takes the database over when that server is killed with SIGKILL, and brings it back when it then dies', async () => {
    const owner = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    servers.push(owner);
    const joined = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    servers.push(joined);
    const orphan = lockOf(dataDir).pid;
    databases.push(orphan);
    expect(lockOf(dataDir).owner.pid).toBe(owner.child.pid);
    const client = new ApiClient(joined.baseUrl);
    await client.login(DEMO.admin, DEMO.password);

    owner.child.kill('SIGKILL');
    await exited(owner);
    const started = Date.now();
    while (lockOf(dataDir).owner.pid !== joined.child.pid) {
      if (Date.now() - started > 30_000) throw new Error(`not taken over within 30 s:\n${joined.output()}`);
      await sleep(100);
    }
    const database = lockOf(dataDir).pid;
    databases.push(database);
    // One database on the files: the orphan was stopped before this one started.
    expect(running(orphan)).toBe(false);
    expect(joined.output()).toContain(`The server that ran the embedded ferretdb (pid ${owner.child.pid}) is gone; this process takes the database over.`);
    expect((await client.call(ops.meeting.list)).status).toBe(200);

    databases.push(await killedAndBack(client, dataDir, database));
    expect(joined.output()).toMatch(/Embedded ferretdb exited \(SIGKILL\); starting it again/);
  });
});
