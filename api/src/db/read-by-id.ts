import { MongoNetworkError, type Collection, type Document } from 'mongodb';

/**
 * One document by its `_id`, or null: the server's `find` command with `limit: 1` and
 * `singleBatch`, sent with the collection's database's `command()`, for the reads every signed-in
 * request makes (its session and its account) and a participant's list of meetings.
 *
 * `findOne` sends the same command, but through the driver's cursor (a cursor object and its
 * options, a reply read lazily and then copied, the cursor's clean-up): at 50 connections of
 * get-meetings the API spent about a third more CPU per call that way (docs/speed.md, "get-meetings and
 * the database"). The reply here is the same documents, in one round trip, and no cursor is left
 * open on the server.
 *
 * The driver retries a `findOne` once after a network error (retryable reads) but never a
 * command, so this does: the read is sent once more when the first attempt lost its connection (a
 * pooled socket the server had closed). Any other error is the caller's.
 */
export async function readById<T extends Document>(col: Collection<T>, id: T['_id'], projection?: Document): Promise<T | null> {
  const command = { find: col.collectionName, filter: { _id: id }, ...(projection ? { projection } : {}), limit: 1, singleBatch: true };
  let reply: Document;
  try {
    reply = await col.db.command(command);
  } catch (error) {
    if (!(error instanceof MongoNetworkError)) throw error;
    reply = await col.db.command(command);
  }
  const batch = (reply as { cursor?: { firstBatch?: T[] } }).cursor?.firstBatch;
  return batch?.[0] ?? null;
}
