import { ObjectId, type Db } from 'mongodb';
import type { AccessAction, AccessLogEntry, Role } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import type { AuthUser } from '../../lib/types.ts';

/**
 * One read of someone's documents or application by another person (an admin), kept for the
 * person to see (DPDP Rules 2025, Rule 6: logs of access kept at least one year). Nothing removes
 * these rows: not housekeeping and not an erasure, whose audit trail the law makes us keep.
 */
export interface AccessLogDoc {
  _id: ObjectId;
  /** Whose data was read. */
  subjectId: ObjectId;
  actorId: ObjectId;
  /** The reader's name and role as they were then, so the entry stays readable if they change. */
  actorName: string;
  actorRole: Role;
  action: AccessAction;
  /** What was read: a document's file name, or 'Application'. */
  what: string;
  at: Date;
}

/** The minimum time an entry is kept; the API never deletes them (see SECURITY.md). */
export const ACCESS_LOG_MIN_RETENTION_DAYS = 365;
/** The most entries the privacy page lists, newest first. */
export const ACCESS_LOG_LIST_LIMIT = 200;

export function accessLogCollection(db: Db) {
  return db.collection<AccessLogDoc>('document_access_log');
}

/**
 * Records that `reader` read `subjectId`'s data. An owner reading their own is not logged. Written
 * before the data is sent: if the log cannot be written, the read fails rather than go unrecorded.
 */
export async function logAccess(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  reader: AuthUser,
  subjectId: ObjectId,
  action: AccessAction,
  what: string,
): Promise<void> {
  if (reader._id.equals(subjectId)) return;
  await accessLogCollection(deps.db).insertOne({
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
export async function listAccessLog(deps: Pick<AppDeps, 'db'>, subjectId: ObjectId): Promise<AccessLogEntry[]> {
  const docs = await accessLogCollection(deps.db).find({ subjectId }).sort({ at: -1, _id: -1 }).limit(ACCESS_LOG_LIST_LIMIT).toArray();
  return docs.map((d) => ({
    id: d._id.toHexString(),
    at: d.at.toISOString(),
    action: d.action,
    actor: { name: d.actorName, role: d.actorRole },
    what: d.what,
  }));
}
