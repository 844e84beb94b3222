import { MongoBulkWriteError, ObjectId, type Db } from 'mongodb';
import { collections, meetingCard, packCards, unpackCards, type MeetingCard, type MeetingDoc } from '../../db/collections.ts';
import { readById } from '../../db/read-by-id.ts';

/**
 * Each participant's meetings, reached by the participant's `_id`, in one document.
 *
 * A participant's list, the lookup and the overlap check used to query meetings by `clientId` or
 * `doctorId`. MongoDB serves that from an index, but FerretDB 1.24 on SQLite hands SQLite only a
 * filter that is exactly `{ _id: value }` and reads the whole collection for anything else (`$in`
 * on `_id` included). So every participant has one document, `_id` = their user id, holding a card
 * per meeting they are in: the meeting as the list shows it (see `MeetingCard`). A client's or an
 * associate's get-meetings is then one `_id` read, however many meetings there are. The cards are
 * stored as one binary value (`packCards` in collections.ts), which FerretDB reads as cheaply as a
 * small document, and so every write reads the list, changes it and writes it back whole.
 *
 * The meetings collection stays the source of truth; the meetings store (meetings.store.ts) writes
 * the cards of both participants on every change to a meeting, holding both participants' booking
 * claims, so the card and the meeting change together for every other writer. Cards are written
 * before a meeting is inserted and removed after it is deleted. Writes to one participant's
 * document happen under that participant's claim, because FerretDB applies an update by reading
 * and rewriting the document.
 */
export function participantMeetingsCollection(db: Db) {
  return collections(db).participantMeetings;
}

/** A meeting's card: the meeting less what no list shows. */
export const cardOf = meetingCard;

/** Every meeting's card grouped by participant (client and associate). */
export function cardsByParticipant(docs: (MeetingDoc | MeetingCard)[]): Map<string, MeetingCard[]> {
  const map = new Map<string, MeetingCard[]>();
  for (const doc of docs) {
    for (const participant of new Set([doc.clientId.toHexString(), doc.doctorId.toHexString()])) {
      const cards = map.get(participant) ?? [];
      cards.push(cardOf(doc));
      map.set(participant, cards);
    }
  }
  return map;
}

/**
 * Adds cards to each participant's document (created on first use), one participant at a time:
 * FerretDB 1.24 on SQLite keeps every statement of a multi-statement update open until the command
 * ends (a large bulk write stalls it once its connection pool runs dry), and concurrent writers get
 * "database is locked". The caller holds each participant's booking claim (or is the only writer,
 * as bulk data is).
 */
export async function addCards(db: Db, byParticipant: Map<string, MeetingCard[]>): Promise<void> {
  for (const [participantId, cards] of byParticipant) {
    await rewriteCards(db, new ObjectId(participantId), (before) => [...before, ...cards]);
  }
}

/**
 * The same for many meetings at once (bulk data): the lists of participants new to the collection
 * are inserted in one command; those that already exist get their cards by `addCards`.
 */
export async function addCardsInBulk(db: Db, byParticipant: Map<string, MeetingCard[]>): Promise<void> {
  const lists = [...byParticipant].map(([participantId, cards]) => ({ _id: new ObjectId(participantId), cards }));
  if (lists.length === 0) return;
  let existing: typeof lists = [];
  try {
    await participantMeetingsCollection(db).insertMany(
      lists.map((list) => ({ _id: list._id, packedCards: packCards(list.cards) })),
      { ordered: false },
    );
  } catch (err) {
    if (!(err instanceof MongoBulkWriteError)) throw err;
    const failed = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
    if (failed.length === 0 || failed.some((e) => e.code !== 11000)) throw err;
    existing = failed.map((e) => lists[e.index]!);
  }
  await addCards(db, new Map(existing.map((list) => [list._id.toHexString(), list.cards])));
}

/**
 * Rewrites a participant's cards with `change` (the caller holds the participant's booking claim,
 * which makes reading and writing back one step for every other writer). The list is one value,
 * so it is read and written whole.
 */
async function rewriteCards(db: Db, participantId: ObjectId, change: (cards: MeetingCard[]) => MeetingCard[]): Promise<void> {
  const found = await readById(participantMeetingsCollection(db), participantId);
  const before = unpackCards(found);
  const after = change(before);
  if (after === before) return;
  await participantMeetingsCollection(db).updateOne({ _id: participantId }, { $set: { packedCards: packCards(after) } }, { upsert: true });
}

/** Puts a meeting's card in place of the one it had (or adds it): one `$set`, so it is never missing. */
export function putCard(db: Db, participantId: ObjectId, doc: MeetingDoc): Promise<void> {
  const card = cardOf(doc);
  return rewriteCards(db, participantId, (cards) => [...cards.filter((c) => !c._id.equals(card._id)), card]);
}

/** Removes a meeting's card by its id. */
export function removeCard(db: Db, participantId: ObjectId, meetingId: ObjectId): Promise<void> {
  return rewriteCards(db, participantId, (cards) => (cards.some((c) => c._id.equals(meetingId)) ? cards.filter((c) => !c._id.equals(meetingId)) : cards));
}

/** Changes every card of this participant with `edit` (names and emails after an erasure). */
export function editCards(db: Db, participantId: ObjectId, edit: (card: MeetingCard) => MeetingCard): Promise<void> {
  return rewriteCards(db, participantId, (cards) => (cards.length === 0 ? cards : cards.map(edit)));
}

/** A participant's cards, one per meeting, latest start first (ties: newest id first). One `_id` read. */
export async function cardsOf(db: Db, participantId: ObjectId): Promise<MeetingCard[]> {
  const found = await readById(participantMeetingsCollection(db), participantId);
  const unique = new Map<string, MeetingCard>();
  for (const card of unpackCards(found)) unique.set(card._id.toHexString(), card);
  return [...unique.values()].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b._id.toHexString().localeCompare(a._id.toHexString()));
}

/** A participant's latest `limit` meetings that `keep` accepts, by start ascending. */
export async function latestCardsOf(db: Db, participantId: ObjectId, limit: number, keep: (card: MeetingCard) => boolean = () => true): Promise<MeetingCard[]> {
  return (await cardsOf(db, participantId)).filter(keep).slice(0, limit).reverse();
}

/** The meetings behind cards, in the cards' order; cards whose meeting no longer exists are left out. */
export async function meetingsOf(db: Db, cards: Pick<MeetingCard, '_id'>[]): Promise<MeetingDoc[]> {
  const meetings = collections(db).meetings;
  const docs = await Promise.all(cards.map((card) => meetings.findOne({ _id: card._id })));
  return docs.filter((doc): doc is MeetingDoc => doc !== null);
}
