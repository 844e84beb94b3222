import { MongoServerError, type ObjectId } from 'mongodb';
import type { Collections, UserDoc } from '../db/collections.ts';

/**
 * Accounts by email, in two `_id` reads: the email's entry in `user_emails`, then the account.
 *
 * FerretDB 1.24 hands SQLite only a filter that is exactly `{ _id: value }` and reads the whole
 * collection for any other, so `users.findOne({ email })` decoded every account stored before the
 * one it found, and all of them for an email nobody has: a login as an account stored after 2,000
 * others cost FerretDB 58 ms of CPU instead of 4 (docs/speed.md, "Logins"), and every failed login,
 * password reset or lookup by email read every account. On MongoDB the unique index on `email` made
 * the query cheap; the entry costs it one more `_id` read.
 *
 * `users` stays the source of truth and its unique index on `email` still decides who has an email.
 * An entry is written before its account and checked against it on every read, so one left behind
 * by a creation that failed half-way, or by an erasure that stopped between its two writes, names
 * no account and is taken over by the next account with that email. The migration `user-emails-v1`
 * wrote the entries of the accounts stored before it.
 */
type Cols = Pick<Collections, 'users' | 'userEmails'>;

const isDuplicate = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

/** The account with this email (trimmed and lower-cased, as stored), or null. */
export async function findUserByEmail(cols: Cols, email: string): Promise<UserDoc | null> {
  const entry = await cols.userEmails.findOne({ _id: email });
  if (!entry) return null;
  const user = await cols.users.findOne({ _id: entry.userId });
  return user?.email === email ? user : null;
}

/**
 * Names the account about to be stored with this email. False when an account already has it; an
 * entry that names no account with it (left behind, or its account's email since changed) is taken.
 */
export async function claimEmail(cols: Cols, email: string, userId: ObjectId): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await cols.userEmails.insertOne({ _id: email, userId });
      return true;
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
    const entry = await cols.userEmails.findOne({ _id: email });
    if (!entry) continue;
    const holder = await cols.users.findOne({ _id: entry.userId }, { projection: { email: 1 } });
    if (holder?.email === email) return false;
    // Only if no one else took it meanwhile; otherwise look again.
    const taken = await cols.userEmails.updateOne({ _id: email, userId: entry.userId }, { $set: { userId } });
    if (taken.modifiedCount === 1) return true;
  }
  return false;
}

/**
 * After `users` refused the account (another one with this email was stored first): the entry, if
 * this account still holds it, names the account that has the email, or goes. Rare (two creations
 * of one email at once), so it may look the account up by `email`.
 */
export async function releaseEmail(cols: Cols, email: string, userId: ObjectId): Promise<void> {
  const holder = await cols.users.findOne({ email }, { projection: { _id: 1 } });
  if (holder) await cols.userEmails.updateOne({ _id: email, userId }, { $set: { userId: holder._id } });
  else await cols.userEmails.deleteOne({ _id: email, userId });
}

/** An account's email has changed (an erasure): the new email names it, the old one nothing. */
export async function moveEmail(cols: Cols, userId: ObjectId, from: string, to: string): Promise<void> {
  await cols.userEmails.updateOne({ _id: to }, { $set: { userId } }, { upsert: true });
  await cols.userEmails.deleteOne({ _id: from, userId });
}
