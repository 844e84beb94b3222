/**
 * `pnpm test`: every vitest project, in two phases so the browser journeys and the operations
 * tests do not compete for the CPU with the component and API suites. Extra arguments go to
 * both phases. Ends with one plain summary line ("N passed, N failed, N skipped").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../api/src/db/embedded.ts';

const PHASES = [
  ['shared', 'api', 'portal', 'site'],
  ['ops', 'e2e'],
];

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const extra = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'bh-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
try {
  PHASES.forEach((projects, i) => {
    const out = join(dir, `phase-${i}.json`);
    const args = ['exec', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra];
    const res = spawnSync('pnpm', args, { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (res.status !== 0) status = res.status ?? 1;
    try {
      const r = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests + r.numTodoTests;
    } catch {
      // A phase that could not start has no report; its exit status already says so.
    }
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status);
