/**
 * Rows measured outside the bench's own parts, each by a producer in a file of its own under
 * scripts/bench/ and listed here. A producer belongs to a part (`pnpm bench portal` runs the portal's);
 * those of the `portal` and `lighthouse` parts are given the started product's address. A row that
 * measures one of issue 52's targets names it (`row(…, 'dashboardAfterLogin')`, table.ts), so the
 * table no longer lists that target as not measured.
 */
import type { RowFn } from './table.ts';
import { afterClickRows, lighthouseRows } from './portal-rows.ts';

export interface RowProducer {
  /** What its figures are kept under in the JSON line. */
  name: string;
  part: 'api' | 'site' | 'portal' | 'lighthouse' | 'lighthouse-site';
  run(context: { row: RowFn; base?: string }): Promise<unknown>;
}

export const PRODUCERS: RowProducer[] = [
  { name: 'afterClick', part: 'portal', run: ({ row, base }) => afterClickRows(String(base), row) },
  { name: 'lighthousePortal', part: 'lighthouse', run: ({ row, base }) => lighthouseRows(String(base), row) },
];
