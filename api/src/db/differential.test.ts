import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/context.ts';
import { runDifferential } from '../../test/differential.ts';

// Our build's narrowing of finds, sorted pages and counts (tools/ferretdb/patches/) against
// FerretDB's own answer to the same operation wrapped in `$and`, which nothing narrows, on the
// embedded server: random filters over documents of mixed types, field names SQLite knows as
// columns among them (issue 54), dates at the 13-digit edges, arrays and sorts. The full-size run
// is `node scripts/ferretdb-differential.ts` (docs/patches.md).
describe('the embedded database answers as FerretDB does without our narrowing', () => {
  it('agrees on seeded random finds, counts, aggregates, updates and deletes', { timeout: 600_000 }, async () => {
    const ctx = await createTestContext();
    const figures = await runDifferential(ctx.deps.db, { seed: 54, documents: 300, finds: 200, counts: 60, aggregates: 40, updates: 60, deletes: 15 });
    expect(figures.mismatches).toEqual([]);
    expect(figures.compared).toBeGreaterThan(350);
  });
});
