import { ObjectId } from 'mongodb';
import type { AccessAction, AccessLogEntry } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { AuthUser } from '../../lib/types.ts';

export type { AccessLogDoc } from '../../db/collections.ts';

/** The minimum time an entry is kept; the API never deletes them (see SECURITY.md). */
export const ACCESS_LOG_MIN_RETENTION_DAYS = 365;
/** The most entries the privacy page lists, newest first. */
export const ACCESS_LOG_LIST_LIMIT = 200;

/**
 * Records that `reader` read `subjectId`'s data. An owner reading their own is not logged. Written
 * before the data is sent: if the log cannot be written, the read fails rather than go unrecorded.
 */
export async function logAccess(
  deps: Pick<AppDeps, 'cols' | 'clock'>,
  reader: AuthUser,
  subjectId: ObjectId,
  action: AccessAction,
  what: string,
): Promise<void> {
  if (reader._id.equals(subjectId)) return;
  await deps.cols.documentAccessLog.insertOne({
    _id: new ObjectId(),
    subjectId,
    actorId: reader._id,
    actorName: reader.name,
    actorRole: reader.role,
    action,
    what: what.slice(0, 200),
    at: deps.clock.now(),
  });
}

/** The person's own access log, newest first. */
export async function listAccessLog(deps: Pick<AppDeps, 'cols'>, subjectId: ObjectId): Promise<AccessLogEntry[]> {
  const docs = await deps.cols.documentAccessLog.find({ subjectId }).sort({ at: -1, _id: -1 }).limit(ACCESS_LOG_LIST_LIMIT).toArray();
  return docs.map((d) => ({
    id: d._id.toHexString(),
    at: d.at.toISOString(),
    action: d.action,
    actor: { name: d.actorName, role: d.actorRole },
    what: d.what,
  }));
}
