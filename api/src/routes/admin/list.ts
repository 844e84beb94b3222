import type { Context, Env } from 'hono';
import type { Collection, Document, Filter, Sort, WithId } from 'mongodb';
import { contentRange, meetingInstant, type AdminResource, type ListQuery } from '@bh/shared';

/** Free text from a grid's search box, matched literally (never as a pattern) and in any case. */
export function containsText(text: string): { $regex: string; $options: 'i' } {
  return { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
}

/** Date filters are India's calendar days: 'from' starts at its midnight, 'to' includes its whole day. */
export function istDayRange(from: string | undefined, to: string | undefined): { $gte?: Date; $lt?: Date } | null {
  const range: { $gte?: Date; $lt?: Date } = {};
  const start = from === undefined ? null : meetingInstant(from, '12:00 AM');
  const end = to === undefined ? null : meetingInstant(to, '12:00 AM');
  if (start) range.$gte = start;
  if (end) range.$lt = new Date(end.getTime() + 24 * 60 * 60 * 1000);
  return start || end ? range : null;
}

/**
 * One page of a grid: the whitelisted sort field mapped to its stored name, with _id breaking
 * ties so pages never overlap or skip a record.
 */
export async function findPage<T extends Document, Field extends string>(
  col: Collection<T>,
  filter: Filter<T>,
  query: ListQuery<Field, unknown>,
  storedField: Record<Field, string>,
): Promise<{ docs: WithId<T>[]; total: number }> {
  const direction = query.sort.order === 'ASC' ? 1 : -1;
  const field = storedField[query.sort.field];
  const sort: Sort = field === '_id' ? { _id: direction } : { [field]: direction, _id: direction };
  const [docs, total] = await Promise.all([
    col.find(filter).sort(sort).skip(query.range.start).limit(query.limit).toArray(),
    col.countDocuments(filter),
  ]);
  return { docs, total };
}

/** ra-data-simple-rest's list answer: the records as a bare array, the total in Content-Range. */
export function listResponse<R, E extends Env>(c: Context<E>, resource: AdminResource, start: number, records: R[], total: number) {
  c.header('Content-Range', contentRange(resource, start, records.length, total));
  return c.json(records, 200);
}
