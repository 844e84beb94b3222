import { Binary, BSON, type ObjectId } from 'mongodb';
import type { MeetingDoc } from './collections.ts';

/**
 * A participant's meetings as the server keeps them beside the meetings themselves (the
 * `participant_meetings` collection, named in collections.ts): the cards, and how a list of them is
 * packed into one stored value.
 */

/** Before `participant-meetings-v2`: one meeting in a participant's list, by id and start only. */
export interface MeetingRef {
  id: ObjectId;
  startsAt: Date;
}

/**
 * One meeting in a participant's list: the meeting as stored, less what no list shows (who created
 * it, the calendar sequence). Kept in step with the meeting by the meetings store.
 */
export type MeetingCard = Omit<MeetingDoc, 'createdBy' | 'sequence'>;

/** A meeting's card (the store writes it; the participant-meetings-v2 migration builds the first ones). */
export function meetingCard(doc: MeetingDoc | MeetingCard): MeetingCard {
  const { createdBy: _createdBy, sequence: _sequence, ...card } = doc as MeetingDoc;
  return card;
}

/**
 * Each participant's meetings, reached by the participant's `_id` (their user id): their cards as
 * one binary value (`packCards`). FerretDB 1.24 stores a document as JSON with a type for every
 * value and decodes all of them on every read, so a list of ten cards held as an array of
 * documents (about 200 values) cost it about 1 ms of CPU per read, five times a small document;
 * held as one binary value it costs what a small document does. The server never looks inside a
 * list: it reads it whole by `_id` and writes it whole under the participant's booking claim.
 */
export interface ParticipantMeetingsDoc {
  _id: ObjectId;
  /** The cards as the BSON of `{ cards }` (`packCards`, read by `unpackCards`). */
  packedCards: Binary;
  /** The list as an array of cards, before `participant-meetings-v3` packed it (removed by it). */
  cards?: MeetingCard[];
  /** The list before `participant-meetings-v2` turned it into cards (removed by it). */
  refs?: MeetingRef[];
}

/** A participant's cards as stored (`ParticipantMeetingsDoc.packedCards`). */
export function packCards(cards: readonly MeetingCard[]): Binary {
  return new Binary(BSON.serialize({ cards }));
}

/**
 * The cards a participant's list holds, in the order they were written: packed, or as an array in a
 * list written before `participant-meetings-v3` (which only the earlier migrations meet).
 */
export function unpackCards(list: Pick<ParticipantMeetingsDoc, 'packedCards' | 'cards'> | null | undefined): MeetingCard[] {
  if (list?.packedCards) return (BSON.deserialize(list.packedCards.buffer) as { cards: MeetingCard[] }).cards;
  return list?.cards ?? [];
}
