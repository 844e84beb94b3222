import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends `pnpm test` with one plain line CI reads: "N passed, N failed, N skipped". The projects'
 * order comes from vitest itself (`sequence.groupOrder`: components and API first, then the
 * operations tests and the browser journeys one file at a time).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const totals = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') totals.passed += 1;
        else if (state === 'failed') totals.failed += 1;
        else totals.skipped += 1;
      }
    }
    process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
  }
}
