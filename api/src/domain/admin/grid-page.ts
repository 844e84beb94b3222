import type { Collection, Db, Document, Filter, Sort, WithId } from 'mongodb';
import { meetingInstant, STORED_INSTANTS, type ListQuery } from '@bh/shared';

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
 * The filter a page is read with when it is sorted by an instant every record holds (`dated`: set
 * by the server's clock, or a meeting's start, whose date the schema bounds): the grid's filter
 * with that field held to STORED_INSTANTS on the sides the grid leaves open. It matches the same
 * records, and it is the shape the embedded database reads a page of through the field's index
 * (a both-sided date range; docs/speed.md, "The admin grids"), where an open side had it decode and sort
 * every record to return 25. The grid's other conditions may stay beside it when they are fields
 * equal to strings.
 */
export function withinStoredInstants<T extends Document>(filter: Filter<T>, field: string): Filter<T> {
  const current = (filter as Record<string, unknown>)[field];
  if (current === undefined) return { ...filter, [field]: { $gte: STORED_INSTANTS.from, $lte: STORED_INSTANTS.to } };
  if (typeof current !== 'object' || current === null || current instanceof Date) return filter;
  const range = current as Record<string, unknown>;
  const keys = Object.keys(range);
  if (!keys.every((k) => ['$gt', '$gte', '$lt', '$lte'].includes(k))) return filter;
  const bounded = { ...range };
  if (!('$gt' in range || '$gte' in range)) bounded.$gte = STORED_INSTANTS.from;
  if (!('$lt' in range || '$lte' in range)) bounded.$lte = STORED_INSTANTS.to;
  return { ...filter, [field]: bounded };
}

/**
 * One page of a grid: the whitelisted sort field mapped to its stored name, with _id breaking
 * ties so pages never overlap or skip a record. `dated` names the stored fields every record holds
 * as an instant within STORED_INSTANTS (withinStoredInstants). An unfiltered grid's total is the
 * collection's count (`estimatedDocumentCount`: MongoDB's from its metadata, the embedded
 * database's counted by SQLite); a filtered one is the `count` command's, which our FerretDB build
 * answers in SQLite for a date range alone or beside fields equal to strings (the grids' days and
 * their filters by status, template, address or role), where `countDocuments`' aggregation decoded
 * every document the filter kept.
 */
export async function findPage<T extends Document, Field extends string>(
  db: Db,
  col: Collection<T>,
  filter: Filter<T>,
  query: ListQuery<Field, unknown>,
  storedField: Record<Field, string>,
  dated: readonly string[] = [],
): Promise<{ docs: WithId<T>[]; total: number }> {
  const direction = query.sort.order === 'ASC' ? 1 : -1;
  const field = storedField[query.sort.field];
  const sort: Sort = field === '_id' ? { _id: direction } : { [field]: direction, _id: direction };
  const pageFilter = dated.includes(field) ? withinStoredInstants(filter, field) : filter;
  const [docs, total] = await Promise.all([
    col.find(pageFilter).sort(sort).skip(query.range.start).limit(query.limit).toArray(),
    Object.keys(filter).length === 0 ? col.estimatedDocumentCount() : countMatching(db, col, pageFilter),
  ]);
  return { docs, total };
}

/** The `count` command's number of the documents filter matches (MongoDB's is exact outside sharded clusters). */
async function countMatching<T extends Document>(db: Db, col: Collection<T>, filter: Filter<T>): Promise<number> {
  const answer = await db.command({ count: col.collectionName, query: filter });
  return Number(answer.n);
}

/** One page of a grid's rows and the number of records its filter matches. */
export interface GridPage<R> {
  records: R[];
  total: number;
}
