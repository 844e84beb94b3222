import { ObjectId, type Db } from 'mongodb';
import { collections, type MeetingDoc, type MeetingRef } from '../../db/collections.ts';

/**
 * Each participant's meetings, reached by the participant's `_id`.
 *
 * A participant's list, the lookup and the overlap check used to query meetings by `clientId` or
 * `doctorId`. MongoDB serves that from an index, but FerretDB 1.24 on SQLite hands SQLite only a
 * filter that is exactly `{ _id: value }` and reads the whole collection for anything else, so a
 * client's dashboard took seconds once there were tens of thousands of meetings. Here every
 * participant has one document, `_id` = their user id, listing `{ id, startsAt }` of their
 * meetings; the meetings themselves are then read one by one by `_id`. Both steps are `_id`
 * lookups on every server.
 *
 * The meetings collection stays the source of truth. Refs are written before a meeting is
 * inserted and removed after it is deleted, so the refs are always a superset of the meetings: a
 * ref whose meeting is gone (a crash between the two steps) is skipped when read. Writes to one
 * participant's document happen while the caller holds that participant's booking claim, because
 * FerretDB applies an update by reading and rewriting the document.
 */
export function participantMeetingsCollection(db: Db) {
  return collections(db).participantMeetings;
}

/** A meeting's entry in a participant's list. */
export function refOf(doc: Pick<MeetingDoc, '_id' | 'startsAt'>): MeetingRef {
  return { id: doc._id, startsAt: doc.startsAt };
}

/**
 * Adds refs to each participant's document (created on first use), one update command per
 * participant and one at a time: FerretDB 1.24 on SQLite keeps every statement of a
 * multi-statement update open until the command ends (a large bulk write stalls it once its
 * connection pool runs dry), and concurrent writers get "database is locked".
 */
export async function addRefs(db: Db, byParticipant: Map<string, MeetingRef[]>): Promise<void> {
  for (const [participantId, refs] of byParticipant) {
    await participantMeetingsCollection(db).updateOne({ _id: new ObjectId(participantId) }, { $push: { refs: { $each: refs } } }, { upsert: true });
  }
}

/**
 * Removes a meeting's refs by its id, whatever start they were written with (a whole-sub-document
 * `$pull` missed a ref whose start had changed). FerretDB 1.24 ignores a `$pull` by condition
 * (`{ refs: { id } }`), so the list is filtered and written back; the caller holds the
 * participant's booking claim, which makes that one step for every other writer.
 */
export async function removeRef(db: Db, participantId: ObjectId, meetingId: ObjectId): Promise<void> {
  const found = await participantMeetingsCollection(db).findOne({ _id: participantId });
  if (!found) return;
  const refs = found.refs.filter((r) => !r.id.equals(meetingId));
  if (refs.length !== found.refs.length) await participantMeetingsCollection(db).updateOne({ _id: participantId }, { $set: { refs } });
}

/**
 * Points a meeting's ref at its new start (a reschedule). The caller holds the participant's
 * booking claim, so reading the list and writing it back is one step for every other writer;
 * one `$set` keeps the ref present throughout (a `$pull` then `$push` would drop it between).
 */
export async function replaceRef(db: Db, participantId: ObjectId, ref: MeetingRef): Promise<void> {
  const found = await participantMeetingsCollection(db).findOne({ _id: participantId });
  const refs = (found?.refs ?? []).filter((r) => !r.id.equals(ref.id));
  refs.push(ref);
  await participantMeetingsCollection(db).updateOne({ _id: participantId }, { $set: { refs } }, { upsert: true });
}

/** Every meeting's refs grouped by participant (client and associate). */
export function refsByParticipant(docs: Pick<MeetingDoc, '_id' | 'startsAt' | 'clientId' | 'doctorId'>[]): Map<string, MeetingRef[]> {
  const map = new Map<string, MeetingRef[]>();
  for (const doc of docs) {
    for (const participant of [doc.clientId, doc.doctorId]) {
      const key = participant.toHexString();
      const refs = map.get(key) ?? [];
      refs.push(refOf(doc));
      map.set(key, refs);
    }
  }
  return map;
}

/** A participant's refs, one per meeting, latest start first (ties: newest id first). */
export async function refsOf(db: Db, participantId: ObjectId): Promise<MeetingRef[]> {
  const found = await participantMeetingsCollection(db).findOne({ _id: participantId });
  const unique = new Map<string, MeetingRef>();
  for (const ref of found?.refs ?? []) unique.set(ref.id.toHexString(), ref);
  return [...unique.values()].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id.toHexString().localeCompare(a.id.toHexString()));
}

/** The meetings behind refs, in the refs' order; refs whose meeting no longer exists are left out. */
export async function meetingsOf(db: Db, refs: MeetingRef[]): Promise<MeetingDoc[]> {
  const meetings = collections(db).meetings;
  const docs = await Promise.all(refs.map((ref) => meetings.findOne({ _id: ref.id })));
  return docs.filter((doc): doc is MeetingDoc => doc !== null);
}

/**
 * A participant's latest `limit` meetings that `keep` accepts, by start ascending. Refs are read
 * in batches of `limit`, latest first, until enough meetings are kept or the refs run out.
 */
export async function latestMeetingsOf(db: Db, participantId: ObjectId, limit: number, keep: (doc: MeetingDoc) => boolean = () => true): Promise<MeetingDoc[]> {
  const refs = await refsOf(db, participantId);
  const kept: MeetingDoc[] = [];
  for (let i = 0; i < refs.length && kept.length < limit; i += limit) {
    for (const doc of await meetingsOf(db, refs.slice(i, i + limit))) {
      if (kept.length < limit && keep(doc)) kept.push(doc);
    }
  }
  return kept.reverse();
}
