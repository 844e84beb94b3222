import { randomBytes } from 'node:crypto';
import { MongoServerError, type ObjectId } from 'mongodb';
import { collections, type AccountLinkDoc, type AccountLinkPurpose, type UserDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { hashToken } from '../../lib/sessions.ts';
import { ACCEPT_INVITATION_PATH, RESET_PASSWORD_PATH } from '@bh/shared/rules/portal-pages';

/** How long each one-time link works (DESIGN §3). */
export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  invitation: 72 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
};

/** The portal pages the links open; the token rides in the fragment, which browsers never send to a server. */
const LINK_PATH: Record<AccountLinkPurpose, string> = { invitation: ACCEPT_INVITATION_PATH, reset: RESET_PASSWORD_PATH };

export function linkUrl(origin: string, purpose: AccountLinkPurpose, token: string): string {
  return `${origin}${LINK_PATH[purpose]}#token=${token}`;
}

/** A new 256-bit token for the user; returns the token itself, which is only ever emailed. */
export async function issueLink(deps: Pick<AppDeps, 'db' | 'clock'>, userId: ObjectId, purpose: AccountLinkPurpose): Promise<{ token: string; doc: AccountLinkDoc }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const doc: AccountLinkDoc = {
    _id: hashToken(token),
    purpose,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
    revokedAt: null,
    usedAt: null,
  };
  await collections(deps.db).accountLinks.insertOne(doc);
  return { token, doc };
}

/** The live link for a token (right purpose, not revoked, used or expired), or null. */
export async function findLiveLink(deps: Pick<AppDeps, 'db' | 'clock'>, token: string, purpose: AccountLinkPurpose): Promise<AccountLinkDoc | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const doc = await collections(deps.db).accountLinks.findOne({ _id: hashToken(token) });
  if (!doc || doc.purpose !== purpose || doc.revokedAt || doc.usedAt) return null;
  if (deps.clock.now() >= doc.expiresAt) return null;
  return doc;
}

/** Marks the link used; false when another request used it first. */
export async function useLink(deps: Pick<AppDeps, 'db' | 'clock'>, link: AccountLinkDoc): Promise<boolean> {
  const now = deps.clock.now();
  try {
    await collections(deps.db).accountLinkUses.insertOne({ _id: link._id, at: now });
  } catch (err) {
    if (err instanceof MongoServerError && err.code === 11000) return false;
    throw err;
  }
  await collections(deps.db).accountLinks.updateOne({ _id: link._id }, { $set: { usedAt: now } });
  return true;
}

/** Revokes every unused link of one purpose for the user (a resend, a revocation, a completed reset). */
export async function revokeLinks(deps: Pick<AppDeps, 'db' | 'clock'>, userId: ObjectId, purpose: AccountLinkPurpose): Promise<void> {
  await collections(deps.db).accountLinks.updateMany({ userId, purpose, revokedAt: null, usedAt: null }, { $set: { revokedAt: deps.clock.now() } });
}

/**
 * What every password change does before the new hash is stored (the profile, a reset link, an
 * accepted invitation): every link still outstanding for the account stops working, whatever its
 * purpose, and an unsent email carrying one is cancelled. A reset asked for before the change can
 * then never set a password after it (issue 47). Done first, so a change that fails to be stored
 * leaves the account only safer.
 */
export async function endOutstandingLinks(deps: Pick<AppDeps, 'db' | 'clock' | 'outbox'>, user: Pick<UserDoc, '_id' | 'email'>): Promise<void> {
  await collections(deps.db).accountLinks.updateMany({ userId: user._id, revokedAt: null, usedAt: null }, { $set: { revokedAt: deps.clock.now() } });
  await deps.outbox.cancelTo(user.email, 'password-reset');
  await deps.outbox.cancelTo(user.email, 'invitation');
}
