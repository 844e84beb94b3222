/**
 * The full-size differential run of the embedded FerretDB (docs/patches.md): our build's answers
 * against FerretDB's own answers to the same operations wrapped in `$and`, which nothing narrows,
 * on a fresh embedded server. `node scripts/ferretdb-differential.ts [seed]`; sizes from
 * DIFF_DOCUMENTS, DIFF_FINDS, DIFF_COUNTS, DIFF_AGGREGATES, DIFF_UPDATES, DIFF_DELETES. Prints the
 * figures and every mismatch, and exits 1 when there is one. The test suite runs a small seeded set
 * (api/src/db/differential.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDb } from '../api/src/db/embedded.ts';
import { createMongoClient } from '../api/src/lib/mongo.ts';
import { runDifferential } from '../api/test/differential.ts';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sizes = {
  seed: Number(process.argv[2] ?? Date.now() % 100_000),
  documents: size('DIFF_DOCUMENTS', 10_000),
  finds: size('DIFF_FINDS', 8_500),
  counts: size('DIFF_COUNTS', 2_000),
  aggregates: size('DIFF_AGGREGATES', 800),
  updates: size('DIFF_UPDATES', 300),
  deletes: size('DIFF_DELETES', 100),
};
const started = Date.now();
const log = (line: string) => console.error(`[differential ${Math.round((Date.now() - started) / 1000)} s] ${line}`);
const dataDir = mkdtempSync(join(tmpdir(), 'bh-differential-'));
const server = await startEmbeddedDb({ dataDir, preferred: 'ferretdb', log });
const client = createMongoClient(server.uri, server.kind === 'ferretdb' ? 'ferretdb' : 'mongodb');
// Stopped with Ctrl-C, the server and its folder go too.
process.once('SIGINT', () => {
  void server.stop().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
});
try {
  await client.connect();
  log(`${server.kind} on ${server.uri}, seed ${sizes.seed}`);
  const figures = await runDifferential(client.db('differential'), sizes, log);
  for (const line of figures.mismatches) console.log(`mismatch: ${line}`);
  console.log(JSON.stringify({ ...figures, mismatches: figures.mismatches.length, seconds: Math.round((Date.now() - started) / 1000) }));
  process.exitCode = figures.mismatches.length ? 1 : 0;
} finally {
  await client.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
