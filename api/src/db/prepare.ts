/**
 * `pnpm db:prepare`: makes sure an embedded database server is available before the first start
 * or test run (builds FerretDB once when no mongod or FerretDB is installed).
 */
import { buildFerretDb, findFerretDb } from './embedded.ts';
import { spawnSync } from 'node:child_process';

const hasMongod = spawnSync('mongod', ['--version'], { stdio: 'ignore' }).status === 0;
if (hasMongod) {
  console.log('Using the installed mongod.');
} else {
  const existing = findFerretDb();
  console.log(existing ? `FerretDB is ready (${existing.split('/').slice(-2).join('/')}).` : `FerretDB built (${buildFerretDb().split('/').slice(-2).join('/')}).`);
}
