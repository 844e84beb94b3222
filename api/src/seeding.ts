/**
 * Bulk seeding for the benchmark (`pnpm bench`) and other tools that need much data quickly: records
 * written the way the product stores them (participant refs included), in batches instead of one
 * request per record. Outside tools use this module rather than the routes' internals.
 * Not for a running product's concurrent use: it takes no booking claims and checks no overlaps.
 */
import type { Db } from 'mongodb';
import { collections } from './lib/mongo.ts';
import { systemClock } from './lib/clock.ts';
import { createAccount } from './routes/user/user.service.ts';
import { insertMeetings, type MeetingDoc } from './routes/meeting/meeting.service.ts';
import type { NewAccount } from './routes/user/user.service.ts';

export type { MeetingDoc };

/** One account, its password hashed like every other (Argon2id); null when the email is taken. */
export function seedAccount(db: Db, input: NewAccount) {
  return createAccount({ cols: collections(db), clock: systemClock }, input);
}

/** Meetings and both participants' refs, 1,000 documents per insert. */
export function seedMeetings(db: Db, meetings: MeetingDoc[]): Promise<void> {
  return insertMeetings(db, meetings);
}
