import { MongoBulkWriteError, ObjectId, type Db } from 'mongodb';
import type { MeetingDoc } from './meeting.service.ts';

/**
 * Each participant's meetings, reached by the participant's `_id`.
 *
 * A participant's list, the lookup and the overlap check used to query meetings by `clientId` or
 * `doctorId`. MongoDB serves that from an index, but FerretDB 1.24 on SQLite hands SQLite only a
 * filter that is exactly `{ _id: value }` and reads the whole collection for anything else, so a
 * client's dashboard took seconds once there were tens of thousands of meetings. Here every
 * participant has one document, `_id` = their user id, listing `{ id, startsAt }` of their
 * meetings (`refs`) and a copy of each meeting (`cards`, by the meeting's id), so a list is one
 * `_id` read: get-meetings costs three database commands in all (session, user, this document;
 * `api/src/routes/meeting/round-trips.test.ts`). A ref without a card (a meeting stored before
 * cards existed) is read from the meetings collection by `_id`.
 *
 * The meetings collection stays the source of truth. Refs are written before a meeting is
 * inserted and removed after it is deleted, so the refs are always a superset of the meetings: a
 * ref whose meeting is gone (a crash between the two steps) is skipped when read. Cards go the
 * other way round: a meeting's cards are dropped before it is deleted and replaced after it
 * changes (join times, report link), so a card never outlives its meeting through a crash.
 * Writes to one participant's document happen while the caller holds that participant's booking
 * claim, because FerretDB applies an update by reading and rewriting the document.
 */
export interface MeetingRef {
  id: ObjectId;
  startsAt: Date;
}

interface ParticipantMeetingsDoc {
  _id: ObjectId;
  refs: MeetingRef[];
  /** A copy of each meeting, by its id in hex (no dots, no `$`: a portable field name). */
  cards?: Record<string, MeetingDoc>;
}

const cardPath = (meetingId: ObjectId) => `cards.${meetingId.toHexString()}`;

export function participantMeetingsCollection(db: Db) {
  return db.collection<ParticipantMeetingsDoc>('participant_meetings');
}

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
    await participantMeetingsCollection(db).updateOne({ _id: new ObjectId(participantId) }, { $push: { refs: { $each: refs } } }, { upsert: true });
  }
}

/** Each participant's refs and cards for these meetings. */
function byParticipant(docs: MeetingDoc[]): Map<string, { refs: MeetingRef[]; cards: Record<string, MeetingDoc> }> {
  const map = new Map<string, { refs: MeetingRef[]; cards: Record<string, MeetingDoc> }>();
  for (const doc of docs) {
    for (const participant of [doc.clientId, doc.doctorId]) {
      const key = participant.toHexString();
      const entry = map.get(key) ?? { refs: [], cards: {} };
      entry.refs.push(refOf(doc));
      entry.cards[doc._id.toHexString()] = doc;
      map.set(key, entry);
    }
  }
  return map;
}

const cardFields = (cards: Record<string, MeetingDoc>) => Object.fromEntries(Object.entries(cards).map(([id, doc]) => [`cards.${id}`, doc]));

/** Refs and cards of new meetings, one update per participant (see addRefs), under their claims. */
export async function addMeetings(db: Db, docs: MeetingDoc[]): Promise<void> {
  for (const [participantId, { refs, cards }] of byParticipant(docs)) {
    await participantMeetingsCollection(db).updateOne({ _id: new ObjectId(participantId) }, { $push: { refs: { $each: refs } }, $set: cardFields(cards) }, { upsert: true });
  }
}

/**
 * Adds many meetings' refs and cards at once, for data stored outside the booking flow (demo data,
 * tests, the benchmark): a document per participant is inserted, 1,000 per insertMany, and a
 * participant who has one already (a duplicate `_id`) gets an update instead. Asking first which
 * participants exist would be an `$in` query, which FerretDB answers by reading the whole
 * collection. Not for concurrent use: it takes no booking claims.
 */
export async function addMeetingsInBulk(db: Db, meetings: MeetingDoc[]): Promise<void> {
  const col = participantMeetingsCollection(db);
  const docs: ParticipantMeetingsDoc[] = [...byParticipant(meetings)].map(([participantId, entry]) => ({ _id: new ObjectId(participantId), ...entry }));
  for (let i = 0; i < docs.length; i += 1000) {
    const batch = docs.slice(i, i + 1000);
    let existing: ParticipantMeetingsDoc[] = [];
    try {
      await col.insertMany(batch, { ordered: false });
    } catch (err) {
      const errors = err instanceof MongoBulkWriteError ? [err.writeErrors].flat() : [];
      if (errors.length === 0 || errors.some((e) => e.code !== 11000)) throw err;
      existing = errors.map((e) => batch[e.index]!);
    }
    for (const doc of existing) await col.updateOne({ _id: doc._id }, { $push: { refs: { $each: doc.refs } }, $set: cardFields(doc.cards ?? {}) });
  }
}

/** Replaces a participant's copy of a meeting that changed (call it holding their booking claim). */
export async function setCard(db: Db, participantId: ObjectId, doc: MeetingDoc): Promise<void> {
  await participantMeetingsCollection(db).updateOne({ _id: participantId }, { $set: { [cardPath(doc._id)]: doc } });
}

/** Drops a participant's copy of a meeting about to be deleted (call it holding their booking claim). */
export async function dropCard(db: Db, participantId: ObjectId, meetingId: ObjectId): Promise<void> {
  await participantMeetingsCollection(db).updateOne({ _id: participantId }, { $unset: { [cardPath(meetingId)]: '' } });
}

export async function removeRef(db: Db, participantId: ObjectId, ref: MeetingRef): Promise<void> {
  await participantMeetingsCollection(db).updateOne({ _id: participantId }, { $pull: { refs: ref }, $unset: { [cardPath(ref.id)]: '' } });
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
  const found = await participantMeetingsCollection(db).findOne({ _id: participantId }, { projection: { cards: 0 } });
  return latestFirst(found?.refs ?? []);
}

function latestFirst(refs: MeetingRef[]): MeetingRef[] {
  const unique = new Map<string, MeetingRef>();
  for (const ref of refs) unique.set(ref.id.toHexString(), ref);
  return [...unique.values()].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id.toHexString().localeCompare(a.id.toHexString()));
}

/** The meetings behind refs, in the refs' order; refs whose meeting no longer exists are left out. */
export async function meetingsOf(db: Db, refs: MeetingRef[]): Promise<MeetingDoc[]> {
  const meetings = db.collection<MeetingDoc>('meetings');
  const docs = await Promise.all(refs.map((ref) => meetings.findOne({ _id: ref.id })));
  return docs.filter((doc): doc is MeetingDoc => doc !== null);
}

/**
 * A participant's latest `limit` meetings that `keep` accepts, by start ascending: one read of the
 * participant's document, whose cards hold the meetings; a ref without a card is read from the
 * meetings collection (in batches of `limit`, latest first) until enough meetings are kept.
 */
export async function latestMeetingsOf(db: Db, participantId: ObjectId, limit: number, keep: (doc: MeetingDoc) => boolean = () => true): Promise<MeetingDoc[]> {
  const found = await participantMeetingsCollection(db).findOne({ _id: participantId });
  const refs = latestFirst(found?.refs ?? []);
  const cards = found?.cards ?? {};
  const kept: MeetingDoc[] = [];
  for (let i = 0; i < refs.length && kept.length < limit; i += limit) {
    const batch = refs.slice(i, i + limit);
    const read = new Map((await meetingsOf(db, batch.filter((ref) => !cards[ref.id.toHexString()]))).map((doc) => [doc._id.toHexString(), doc]));
    for (const ref of batch) {
      const doc = cards[ref.id.toHexString()] ?? read.get(ref.id.toHexString());
      if (doc && kept.length < limit && keep(doc)) kept.push(doc);
    }
  }
  return kept.reverse();
}
