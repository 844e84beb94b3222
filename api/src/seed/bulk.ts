import { ObjectId, type Db } from 'mongodb';
import type { Role, VerificationStatus } from '@bh/shared';
import { collections, type MeetingDoc } from '../db/collections.ts';
import { hashPassword } from '../lib/password.ts';
import { insertMeetings, newMeetingDoc } from '../routes/meeting/meeting.service.ts';

/**
 * Bulk data for the benchmark and load tests (`scripts/bench`): written straight into a database
 * the way stored data looks, without the booking flow's claims, emails or audit entries. The
 * product's own doors (the API, the CLIs) stay the way to make data everywhere else; this module
 * is the one public way around them, for volumes no HTTP seeding would reach in time.
 */

export type { MeetingDoc };

/**
 * A new scheduled meeting between two accounts, built by the meetings store's own builder (the one
 * every booking uses), so bulk data is stored exactly the way the product stores a booking.
 */
export { newMeetingDoc };

/** An account that can sign in with `password`; returns its id. */
export async function insertAccount(
  db: Db,
  input: { name: string; email: string; password: string; role: Role; isVerified?: VerificationStatus },
): Promise<ObjectId> {
  const now = new Date();
  const _id = new ObjectId();
  await collections(db).users.insertOne({
    _id,
    name: input.name,
    email: input.email.trim().toLowerCase(),
    passwordHash: await hashPassword(input.password),
    role: input.role,
    isVerified: input.isVerified ?? 'not_submitted',
    createdAt: now,
    updatedAt: now,
  });
  return _id;
}

/**
 * Meetings with their participants' cards: each participant's list is written once for all of
 * `docs` (FerretDB rewrites a whole document on every update, so a list grown in many steps costs
 * many rewrites), then the meetings 1,000 per insert (see insertMeetings).
 */
export async function insertMeetingsInBulk(db: Db, docs: MeetingDoc[]): Promise<void> {
  await insertMeetings(db, docs);
}
