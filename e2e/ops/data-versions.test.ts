import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BSON, MongoClient, ObjectId, type Document } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb } from '@bh/api/db/embedded';
import { SCHEMA_VERSION } from '@bh/api/db/migrations/schema-version';
import { ApiClient, DEMO } from '../support/api.ts';
import { adminCreate, ROOT, startProductServer } from '../support/server.ts';

/**
 * Issue 47, items 4 and 5, through the real processes: the product and its CLIs on a data folder
 * written by a newer release, an import killed while it writes, a cut export, and a database an
 * older release's import left half full.
 */
const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `bh-${name}-`));
  folders.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const DB = 'better_health';

/** Every file under a folder with its size, modification time and content hash: what "touches nothing" means. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const stat = statSync(path);
    out[relative(dir, path)] = `${stat.size} ${stat.mtimeMs} ${stat.mode.toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
  }
  return out;
}

/** Runs a CLI of the product (`api/src/cli/<name>.ts`) on a data folder, as `pnpm <name>` does. */
function cli(name: string, args: string[], dataDir: string): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, [`api/src/cli/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, done: new Promise((res) => child.once('exit', (code) => res({ code, output }))) };
}

/** The product's start on a folder: its error output when it refuses, or null once it served (it is then stopped). */
async function startRefusal(dataDir: string): Promise<string | null> {
  return startProductServer({ entry: 'api/src/server.ts', dataDir }).then(
    async (s) => {
      await s.stop();
      return null;
    },
    (err: Error) => err.message,
  );
}

/** Runs `work` with a client on the folder's embedded database, started by this test. */
async function onDatabase<T>(dataDir: string, work: (client: MongoClient) => Promise<T>): Promise<T> {
  const db = await startEmbeddedDb({ dataDir, log: () => {} });
  const client = new MongoClient(db.uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.close();
    await db.stop();
  }
}

/** Documents per collection, collections that hold none left out. */
async function documentsIn(client: MongoClient): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { name } of await client.db(DB).listCollections({}, { nameOnly: true }).toArray()) {
    const n = await client.db(DB).collection(name).countDocuments();
    if (n > 0) out[name] = n;
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a data folder written by a newer release', () => {
  it('is recorded at this release\'s version by a start, and refused by the next start and by admin:create, which exit 1, say what to do and touch nothing', async () => {
    const dataDir = folder('newer');
    const first = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    expect(await first.stop()).toBe(0);
    expect(JSON.parse(readFileSync(join(dataDir, 'schema.json'), 'utf8'))).toEqual({ version: SCHEMA_VERSION });

    // As a newer release leaves the folder.
    writeFileSync(join(dataDir, 'schema.json'), `${JSON.stringify({ version: SCHEMA_VERSION + 1 })}\n`, { mode: 0o600 });
    const before = snapshot(dataDir);
    const refused = await startRefusal(dataDir);
    expect(refused).toMatch(/server exited early \(1\)/);
    expect(refused).toContain(`The data folder ${dataDir} holds data written by a newer release of Better Health: it is at schema version ${SCHEMA_VERSION + 1}; this release knows versions up to ${SCHEMA_VERSION}.`);
    expect(refused).toContain('To carry on with that data, run the newer release again.');
    expect(refused).toContain('To use this release, restore a backup made with it (`pnpm db:import FILE`');
    const admin = await adminCreate(dataDir, { email: 'later-admin@example.in', name: 'Later Admin', password: 'Later-admin-pass-1' });
    expect(admin.code).toBe(1);
    expect(admin.output).toContain('holds data written by a newer release of Better Health');
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('is refused too when only the database records the newer version', async () => {
    const dataDir = folder('newer-db');
    const first = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    expect(await first.stop()).toBe(0);
    await onDatabase(dataDir, async (client) => {
      await client.db(DB).collection('meta').updateOne({ _id: 'schema' } as Document, { $set: { version: SCHEMA_VERSION + 1 } });
    });
    const refused = await startRefusal(dataDir);
    expect(refused).toMatch(/server exited early \(1\)/);
    expect(refused).toContain(`The database "${DB}" holds data written by a newer release of Better Health`);
    await onDatabase(dataDir, async (client) => {
      expect(await client.db(DB).collection('meta').findOne({ _id: 'schema' } as Document)).toEqual({ _id: 'schema', version: SCHEMA_VERSION + 1 });
    });
  });
});

describe('pnpm db:import, all or nothing', () => {
  const ENTRIES = 10_000;
  let exportFile = '';
  let source = '';
  let sourceCounts: Record<string, number> = {};

  /** A product folder with demo data and many audit entries (written early in an export: collections go in name order), exported by `pnpm db:export`. */
  async function exported(): Promise<void> {
    if (exportFile) return;
    source = folder('source');
    const server = await startProductServer({ entry: 'api/src/server.ts', dataDir: source });
    try {
      // The running server's database, at the address its lock file records (a socket or a port).
      const { uri } = JSON.parse(readFileSync(join(source, 'embedded.json'), 'utf8')) as { uri: string };
      const client = new MongoClient(uri);
      try {
        const at = Date.parse('2026-06-01T00:00:00.000Z');
        for (let i = 0; i < ENTRIES; i += 2_000) {
          await client.db(DB).collection('audit_log').insertMany(
            Array.from({ length: 2_000 }, (_, j) => ({ _id: new ObjectId(), at: new Date(at + (i + j) * 1000), actor: null, action: 'account.create', target: { type: 'user', id: String(i + j) } })),
          );
        }
        sourceCounts = await documentsIn(client);
      } finally {
        await client.close();
      }
      exportFile = join(folder('export'), 'backup.jsonl.gz');
      const run = await cli('db-export', [exportFile], source).done;
      expect(run.code, run.output).toBe(0);
    } finally {
      await server.stop();
    }
  }

  it('leaves a database an import was killed in refused by the start, which seeds nothing; importing again clears it and finishes', async () => {
    await exported();
    const dataDir = folder('killed');
    copyFileSync(join(source, 'document.key'), join(dataDir, 'document.key'));
    const db = await startEmbeddedDb({ dataDir, log: () => {} });
    const client = new MongoClient(db.uri);
    try {
      await client.connect();
      const importing = cli('db-import', [exportFile], dataDir);
      // Killed once it is writing: some audit entries in, far from all of them.
      let written = 0;
      for (let waited = 0; written === 0 && waited < 60_000; waited += 10) {
        written = await client.db(DB).collection('audit_log').countDocuments();
        if (written === 0) await sleep(10);
      }
      importing.child.kill('SIGKILL');
      await importing.done;
    } finally {
      await client.close();
      await db.stop();
    }
    // Read once the database is stopped: it finishes a write the killed process had sent.
    const partial = await onDatabase(dataDir, documentsIn);
    expect(partial.audit_log ?? 0).toBeGreaterThan(0);
    expect(partial.audit_log ?? 0).toBeLessThan(ENTRIES);
    expect(partial.users).toBeUndefined();

    const refused = await startRefusal(dataDir);
    expect(refused).toMatch(/server exited early \(1\)/);
    expect(refused).toContain(`An import into the database "${DB}" did not finish (\`pnpm db:import backup.jsonl.gz\``);
    expect(refused).toContain('Run `pnpm db:import FILE` again with the whole file');
    expect(refused).not.toContain('Seeded demo data');
    await onDatabase(dataDir, async (c) => expect(await documentsIn(c)).toEqual(partial));

    const again = await cli('db-import', [exportFile], dataDir).done;
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('did not finish: clearing what it wrote.');
    const server = await startProductServer({ entry: 'api/src/server.ts', dataDir });
    try {
      expect(server.output()).not.toContain('Seeded demo data');
      await new ApiClient(server.baseUrl).login(DEMO.admin, DEMO.password);
    } finally {
      await server.stop();
    }
    await onDatabase(dataDir, async (c) => {
      const restored = await documentsIn(c);
      for (const [name, count] of Object.entries(sourceCounts)) expect(restored[name] ?? 0, name).toBe(count);
    });
  }, 300_000);

  it('refuses an export cut mid-way and leaves the new folder\'s database empty; a database an older import left half full gets no demo data', async () => {
    await exported();
    const whole = readFileSync(exportFile);
    const cut = join(folder('cut'), 'cut.jsonl.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const dataDir = folder('cut-into');
    copyFileSync(join(source, 'document.key'), join(dataDir, 'document.key'));
    const run = await cli('db-import', [cut], dataDir).done;
    await onDatabase(dataDir, async (c) => expect(await documentsIn(c)).toEqual({}));
    expect(run.code).toBe(1);
    expect(run.output).toContain(`Cannot import: ${cut} could not be read (unexpected end of file): it is cut short or damaged.`);

    // What an import that wrote as it read left behind: the collections before the cut, no accounts.
    const halfFull = folder('half-full');
    await onDatabase(halfFull, async (c) => {
      const lines = gunzipSync(whole).toString('utf8').split('\n').slice(1, 2_000);
      for (const line of lines) {
        const { c: name, d } = BSON.EJSON.parse(line, { relaxed: false }) as { c: string; d: Document };
        if (name < 'users') await c.db(DB).collection(name).insertOne(d);
      }
    });
    const server = await startProductServer({ entry: 'api/src/server.ts', dataDir: halfFull });
    try {
      expect(server.output()).not.toContain('Seeded demo data');
      expect(server.output()).toContain('The database holds data but no account, so no demo data was seeded');
      const login = await new ApiClient(server.baseUrl).login(DEMO.admin, DEMO.password).then(
        () => 'signed in',
        (err: Error) => err.message,
      );
      expect(login).toBe(`login ${DEMO.admin} failed: 401`);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
