import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { loadDocumentKey } from './connect.ts';
import { restrictDataDir } from './data-permissions.ts';
import { startEmbeddedDb, type EmbeddedDb } from './embedded.ts';

/** Every folder and file under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const entries = [dir, ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name))];
  return entries.filter((path) => (statSync(path).mode & 0o077) !== 0).map((path) => `${path} ${(statSync(path).mode & 0o777).toString(8)}`);
}

const dirs: string[] = [];
let db: EmbeddedDb | undefined;
afterAll(async () => {
  await db?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database’s data folder', () => {
  it('is 0700 with 0600 files, including the files the server creates while it runs and the document key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bh-perm-'));
    dirs.push(dataDir);
    chmodSync(dataDir, 0o755);
    db = await startEmbeddedDb({ dataDir, log: () => {}, preferred: 'ferretdb' });
    const client = new MongoClient(db.uri);
    try {
      // A new database makes the server create new files.
      await client.db('perm_check').collection('things').insertOne({ a: 1 });
    } finally {
      await client.close();
    }
    loadDocumentKey(loadEnv({ DATA_DIR: dataDir }));
    expect(statSync(join(dataDir, 'document.key')).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir, { recursive: true }).length).toBeGreaterThan(2);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('fixes a folder made by an older version (0755 folders, 0644 files)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bh-perm-old-'));
    dirs.push(dataDir);
    mkdirSync(join(dataDir, 'ferretdb'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'ferretdb', 'better_health.sqlite'), 'x', { mode: 0o644 });
    writeFileSync(join(dataDir, 'embedded.json'), '{}', { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    restrictDataDir(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
