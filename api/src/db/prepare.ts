/**
 * `pnpm db:prepare`: makes sure an embedded database server is available before the first start
 * or test run (builds FerretDB once when no mongod or FerretDB is installed, printing progress).
 */
import { spawnSync } from 'node:child_process';
import { buildFerretDb, findFerretDb } from '../../../tools/ferretdb/build.ts';

const hasMongod = spawnSync('mongod', ['--version'], { stdio: 'ignore' }).status === 0;
if (hasMongod) {
  console.log('Using the installed mongod.');
} else {
  const existing = findFerretDb();
  console.log(existing ? `FerretDB is ready (${existing.split('/').slice(-2).join('/')}).` : `FerretDB built (${(await buildFerretDb()).split('/').slice(-2).join('/')}).`);
}
