import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { SessionRecord } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { SessionDoc } from '../../db/collections.ts';

/**
 * The public handle of a session: derived from the stored hash, so the list can name a session
 * to sign out without the token or its hash ever leaving the server.
 */
export function sessionHandle(session: Pick<SessionDoc, '_id'>): string {
  return createHash('sha256').update(`session-handle:${session._id}`).digest('hex').slice(0, 32);
}

/** 'Chrome 131 on Windows' from a User-Agent, or null when it names nothing known. */
export function describeBrowser(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return null;
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  return os.name ? `${name} on ${os.name}` : name;
}

/** The most devices one list shows (the most recently used). */
export const SESSION_LIST_LIMIT = 200;

/** Live sessions of a user, this one first, then by latest use; expired rows are left to housekeeping and not shown. */
export async function listSessions(deps: Pick<AppDeps, 'cols' | 'clock'>, userId: SessionDoc['userId'], currentId: string | null): Promise<SessionRecord[]> {
  const now = deps.clock.now();
  const docs = await deps.cols.sessions.find({ userId }).sort({ lastSeenAt: -1 }).limit(SESSION_LIST_LIMIT).toArray();
  return docs
    .filter((s) => now < s.idleExpiresAt && now < s.absoluteExpiresAt)
    .sort((a, b) => Number(b._id === currentId) - Number(a._id === currentId) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
    .map((s) => ({
      id: sessionHandle(s),
      browser: describeBrowser(s.userAgent),
      place: s.place ?? 'unknown',
      network: s.network ?? null,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastSeenAt.toISOString(),
      current: s._id === currentId,
    }));
}

/** Ends one of the user's own sessions by its handle; false when there is none (or not theirs). */
export async function endSession(deps: Pick<AppDeps, 'cols'>, userId: SessionDoc['userId'], handle: string): Promise<boolean> {
  const docs = await deps.cols.sessions.find({ userId }, { projection: { _id: 1 } }).limit(500).toArray();
  const match = docs.find((s) => sessionHandle(s) === handle);
  if (!match) return false;
  const res = await deps.cols.sessions.deleteOne({ _id: match._id, userId });
  return res.deletedCount === 1;
}
