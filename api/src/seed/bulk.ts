import { ObjectId, type Db } from 'mongodb';
import type { Role, VerificationStatus } from '@bh/shared';
import { collections, consentOrder, type ConsentDoc, type MeetingDoc, type UserDoc } from '../db/collections.ts';
import { listRows } from '../lib/owner-slots.ts';
import { hashPassword } from '../lib/password.ts';
import { claimEmail } from '../lib/user-emails.ts';
import { insertMeetings, newMeetingDoc } from '../domain/meetings/meeting.service.ts';

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

/** An account as bulk data stores it (its email trimmed and lower-cased, as the product stores it). */
interface NewAccount {
  _id: ObjectId;
  name: string;
  email: string;
  role: Role;
  isVerified?: VerificationStatus;
}

function accountDoc(account: NewAccount, passwordHash: string, now: Date): UserDoc {
  return {
    _id: account._id,
    name: account.name,
    email: account.email.trim().toLowerCase(),
    passwordHash,
    role: account.role,
    isVerified: account.isVerified ?? 'not_submitted',
    createdAt: now,
    updatedAt: now,
  };
}

/** An account that can sign in with `password`; returns its id. */
export async function insertAccount(db: Db, input: Omit<NewAccount, '_id'> & { password: string }): Promise<ObjectId> {
  const doc = accountDoc({ ...input, _id: new ObjectId() }, await hashPassword(input.password), new Date());
  const cols = collections(db);
  if (!(await claimEmail(cols, doc.email, doc._id))) throw new Error(`${doc.email} already has an account`);
  await cols.users.insertOne(doc);
  return doc._id;
}

/**
 * Many accounts that all sign in with `password` (hashed once), 1,000 per insert, each with its
 * email's entry (lib/user-emails.ts) written first, as the product writes an account.
 */
export async function insertAccountsInBulk(db: Db, accounts: NewAccount[], password: string): Promise<void> {
  const cols = collections(db);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  for (let i = 0; i < accounts.length; i += 1000) {
    const chunk = accounts.slice(i, i + 1000).map((account) => accountDoc(account, passwordHash, now));
    await cols.userEmails.insertMany(chunk.map((doc) => ({ _id: doc.email, userId: doc._id })));
    await cols.users.insertMany(chunk);
  }
}

/**
 * Meetings with their participants' cards: each participant's list is written once for all of
 * `docs` (FerretDB rewrites a whole document on every update, so a list grown in many steps costs
 * many rewrites), then the meetings 1,000 per insert (see insertMeetings).
 */
export async function insertMeetingsInBulk(db: Db, docs: MeetingDoc[]): Promise<void> {
  await insertMeetings(db, docs);
}

/**
 * Consent rows as the product stores them: each person's rows listed in `consent_slots` (oldest
 * first, after what the person already has; lib/owner-slots.ts) before the rows themselves.
 */
export async function insertConsentsInBulk(db: Db, rows: ConsentDoc[]): Promise<void> {
  const cols = collections(db);
  await listRows(cols.consentSlots, rows, (row) => row.userId.toHexString(), consentOrder);
  for (let i = 0; i < rows.length; i += 1000) await cols.consents.insertMany(rows.slice(i, i + 1000));
}
