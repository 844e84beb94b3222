import type { Db } from 'mongodb';

/**
 * Meetings stored before the life cycle (issue 18) become `scheduled`, with an empty history and
 * calendar sequence 0, once per database, recorded in `migrations`. Self-contained: it reads and
 * writes the collections directly and imports no route.
 *
 * One conditional `updateMany` on meetings without a status: running it twice, or on two
 * instances at once, changes each meeting once (the second finds nothing left to set), so no
 * claim is needed; a meeting booked meanwhile is born with its status and is not matched.
 */
export const MEETING_STATUS_MIGRATION = 'meeting-status-v1';

export async function migrateMeetingStatus(db: Db, now: Date = new Date()): Promise<number | null> {
  const migrations = db.collection<{ _id: string; finishedAt?: Date; meetings?: number }>('migrations');
  if (await migrations.findOne({ _id: MEETING_STATUS_MIGRATION })) return null;
  const result = await db.collection('meetings').updateMany(
    { status: { $exists: false } },
    { $set: { status: 'scheduled', cancellation: null, noShowBy: null, history: [], sequence: 0, openRequestId: null } },
  );
  await migrations.updateOne({ _id: MEETING_STATUS_MIGRATION }, { $set: { finishedAt: now, meetings: result.modifiedCount } }, { upsert: true });
  return result.modifiedCount;
}
