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

/** Always built the same way, field order included, so `$pull` finds exactly what `$push` wrote. */
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
    await collections(db).participantMeetings.updateOne({ _id: new ObjectId(participantId) }, { $push: { refs: { $each: refs } } }, { upsert: true });
  }
}

export async function removeRef(db: Db, participantId: ObjectId, ref: MeetingRef): Promise<void> {
  await collections(db).participantMeetings.updateOne({ _id: participantId }, { $pull: { refs: ref } });
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
  const found = await collections(db).participantMeetings.findOne({ _id: participantId });
  const unique = new Map<string, MeetingRef>();
  for (const ref of found?.refs ?? []) unique.set(ref.id.toHexString(), ref);
  return [...unique.values()].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id.toHexString().localeCompare(a.id.toHexString()));
}

/** The meetings behind refs, in the refs' order; refs whose meeting no longer exists are left out. */
export async function meetingsOf(db: Db, refs: MeetingRef[]): Promise<MeetingDoc[]> {
  const { meetings } = collections(db);
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
