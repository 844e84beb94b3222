import { ObjectId } from 'mongodb';
import { objectIdString } from '@bh/shared';
import { badRequest, notFound } from './errors.ts';

/**
 * Id parameters into ObjectIds, written once for the route files. Most id parameters are checked
 * by their contract schema (`objectIdString`) before a handler runs, so `idOf` only converts; a
 * value that slipped past is the schema's own 400, never a 500.
 */
export function idOf(value: string): ObjectId {
  const parsed = objectIdString.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid id');
  return ObjectId.createFromHexString(parsed.data);
}

/** A filter's `id` list (each checked by the schema) as ObjectIds. */
export function idsOf(values: readonly string[]): ObjectId[] {
  return values.map(idOf);
}

/** An id as stored ids are written (24 lowercase hex digits). */
const STORED_ID = /^[0-9a-f]{24}$/;

/**
 * For parameters the contract leaves as free text (an upload's file id): anything but a stored
 * id's form is the same 404 as a missing record, so ids reveal nothing.
 */
export function idOrNotFound(value: string, message: string): ObjectId {
  if (!STORED_ID.test(value)) throw notFound(message);
  return ObjectId.createFromHexString(value);
}
