import type { Context, Env } from 'hono';
import { contentRange, type AdminResource } from '@bh/shared';
import type { GridPage } from '../../domain/admin/grid-page.ts';

/** ra-data-simple-rest's list answer: the records as a bare array, the total in Content-Range. */
export function listResponse<R, E extends Env>(c: Context<E>, resource: AdminResource, start: number, { records, total }: GridPage<R>) {
  c.header('Content-Range', contentRange(resource, start, records.length, total));
  return c.json(records, 200);
}
