import { ObjectId, MongoServerError } from 'mongodb';
import type { Role, VerificationStatus } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { UserDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';
import { hashPassword } from '../../lib/password.ts';
import { claimEmail, releaseEmail } from '../../lib/user-emails.ts';

export interface NewAccount {
  name: string;
  /** Already trimmed and lower-cased by the shared schema. */
  email: string;
  password: string;
  role: Role;
  /** Only the CLI and the demo seed create accounts that are verified from the start. */
  isVerified?: VerificationStatus;
}

/**
 * Creates an account; returns null when the email is taken. Requests hash through the app's
 * password queue; the CLI, which has none, hashes directly. The unique index decides,
 * so two concurrent creations of one email cannot both succeed.
 */
export async function createAccount(
  deps: Pick<AppDeps, 'cols' | 'clock'> & Partial<Pick<AppDeps, 'passwords'>>,
  input: NewAccount,
): Promise<AuthUser | null> {
  const now = deps.clock.now();
  const doc: UserDoc = {
    _id: new ObjectId(),
    name: input.name,
    email: input.email,
    passwordHash: await (deps.passwords ? deps.passwords.hash(input.password) : hashPassword(input.password)),
    role: input.role,
    isVerified: input.isVerified ?? 'not_submitted',
    createdAt: now,
    updatedAt: now,
  };
  // The email's entry first (lib/user-emails.ts), so a stored account is always found by its email.
  if (!(await claimEmail(deps.cols, doc.email, doc._id))) return null;
  try {
    await deps.cols.users.insertOne(doc);
  } catch (err) {
    if (err instanceof MongoServerError && err.code === 11000) {
      await releaseEmail(deps.cols, doc.email, doc._id);
      return null;
    }
    throw err;
  }
  const { passwordHash: _omit, ...safe } = doc;
  return safe;
}

/**
 * The account with this email (trimmed and lower-cased, as stored), in one read through the unique
 * `email` index: a login's lookup. MongoDB reads the index, and so does our FerretDB build, which
 * hands SQLite a filter's equal strings (docs/speed.md, "Logins"); the other lookups by email still
 * go through `user_emails` (lib/user-emails.ts) for a FerretDB used unchanged.
 */
export function accountByEmail(deps: Pick<AppDeps, 'cols'>, email: string): Promise<UserDoc | null> {
  return deps.cols.users.findOne({ email });
}
