import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError, ObjectId, type Db, type Filter, type UpdateFilter } from 'mongodb';
import { MEETING_LENGTH_MINUTES, MINUTE_MS, newMeetingState, type Meeting, type NoShowParty } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { collections, type CancellationDoc, type ChangeActor, type HistoryEntryDoc, type MeetingCard, type MeetingDoc, type UserDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';
import { addCards, addCardsInBulk, cardsByParticipant, cardsOf, editCards, latestCardsOf, meetingsOf, putCard, removeCard } from './participant-meetings.ts';

/**
 * Meetings behind one store (issue 16 item 5, issue 18): creating, deleting, cancelling,
 * rescheduling, the clash check, lists and lookups all go through here. How a participant's
 * meetings are found (the `participant_meetings` read model, see participant-meetings.ts) is this
 * module's private detail: every write to a meeting here also rewrites its card in both
 * participants' lists, under both participants' booking claims.
 */

export type { CancellationDoc, ChangeActor, HistoryEntryDoc, MeetingCard, MeetingDoc } from '../../db/collections.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const MEETING_MS = MEETING_LENGTH_MINUTES * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** What a verified admin's get-meetings returns; the admin grid pages through everything. */
export const ADMIN_MEETINGS_WINDOW = { pastDays: 30, futureDays: 90, limit: 200 } as const;

/**
 * A participant's list and the lookup hold at most this many meetings: the latest by start, so
 * the upcoming ones and the recent history are kept and a long past is left to the admin grid.
 */
export const PARTICIPANT_MEETINGS_LIMIT = 200;

/** Longer than any booking takes; a claim left by a crashed request frees itself after this. */
const CLAIM_LEASE_MS = 15_000;
const CLAIM_RETRY_MS = 25;
const CLAIM_ATTEMPTS = 120;
export const BOOKING_IN_PROGRESS = 'Another booking for this participant is being saved. Please try again.';

/** The meetings collection (tests and the admin grid read it directly). */
export function meetingsCollection(db: Db) {
  return collections(db).meetings;
}

function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}

export function actorOf(user: Pick<AuthUser, '_id' | 'email' | 'role'>): ChangeActor {
  return { id: user._id, email: user.email, role: user.role };
}

/** The contract's Meeting: participants are named by email (spec §3), instants as ISO text. */
export function toMeeting(doc: MeetingDoc | MeetingCard): Meeting {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    _id: doc._id.toHexString(),
    meetingDate: doc.meetingDate,
    meetingTime: doc.meetingTime,
    startsAt: doc.startsAt.toISOString(),
    meetingLink: doc.meetingLink,
    formLink: doc.formLink,
    clientId: doc.clientEmail,
    doctorId: doc.doctorEmail,
    clientName: doc.clientName,
    doctorName: doc.doctorName,
    userJoinedAt: iso(doc.userJoinedAt),
    docJoinedAt: iso(doc.docJoinedAt),
    reportLink: doc.reportLink,
    createdAt: doc.createdAt.toISOString(),
    status: doc.status ?? 'scheduled',
    cancellation: doc.cancellation
      ? { at: doc.cancellation.at.toISOString(), by: doc.cancellation.by.email, byRole: doc.cancellation.by.role, cause: doc.cancellation.cause, reason: doc.cancellation.reason, band: doc.cancellation.band }
      : null,
    noShowBy: doc.noShowBy ?? null,
    history: (doc.history ?? []).map((h) => ({ kind: h.kind, at: h.at.toISOString(), by: h.by.email, byRole: h.by.role, reason: h.reason, from: iso(h.from), to: iso(h.to) })),
    hasOpenRequest: Boolean(doc.openRequestId),
  };
}

type Participant = Pick<UserDoc, '_id' | 'email' | 'name'>;

/**
 * A new, not yet joined, scheduled meeting between two accounts, with their email and name copied
 * in: the one builder for bookings, the demo data, the bulk seed (seed/bulk.ts) and tests.
 */
export function newMeetingDoc(
  client: Participant,
  doctor: Participant,
  fields: Pick<MeetingDoc, 'meetingDate' | 'meetingTime' | 'startsAt' | 'meetingLink' | 'formLink' | 'createdAt' | 'createdBy'>,
): MeetingDoc {
  return {
    _id: new ObjectId(),
    ...fields,
    clientId: client._id,
    clientEmail: client.email,
    clientName: client.name,
    doctorId: doctor._id,
    doctorEmail: doctor.email,
    doctorName: doctor.name,
    ...newMeetingState(),
    sequence: 0,
    openRequestId: null,
  };
}

/**
 * Stores meetings that were put together outside the booking flow (demo data, tests, the
 * benchmark): their participants' cards first (one list per participant for all of `docs`), then
 * the meetings, 1,000 per insert. Not for concurrent use: it takes no booking claims.
 */
export async function insertMeetings(db: Db, docs: MeetingDoc[]): Promise<void> {
  if (docs.length === 0) return;
  await addCardsInBulk(db, cardsByParticipant(docs));
  for (let i = 0; i < docs.length; i += 1000) await meetingsCollection(db).insertMany(docs.slice(i, i + 1000));
}

export async function findMeeting(db: Db, id: ObjectId): Promise<MeetingDoc | null> {
  return meetingsCollection(db).findOne({ _id: id });
}

/**
 * Takes the booking claim on one participant, waiting briefly while another booking holds it.
 * Returns the claim's token, or null when it stayed taken.
 */
async function claimParticipant(deps: Deps, participantId: ObjectId): Promise<string | null> {
  const claims = collections(deps.db).meetingBookingClaims;
  const _id = participantId.toHexString();
  const token = randomUUID();
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    const now = deps.clock.now();
    try {
      await claims.insertOne({ _id, token, expiresAt: new Date(now.getTime() + CLAIM_LEASE_MS) });
      return token;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // Only a lapsed lease is removed, so a live booking's claim is never taken over.
    await claims.deleteOne({ _id, expiresAt: { $lte: now } });
    await sleep(CLAIM_RETRY_MS);
  }
  return null;
}

async function releaseClaim(deps: Deps, participantId: ObjectId, token: string): Promise<void> {
  await collections(deps.db).meetingBookingClaims.deleteOne({ _id: participantId.toHexString(), token });
}

export class ClaimBusyError extends Error {
  constructor() {
    super(BOOKING_IN_PROGRESS);
    this.name = 'ClaimBusyError';
  }
}

/**
 * Runs `work` holding the booking claims of both participants of a booking.
 *
 * Double booking without transactions: each participant has one claim document in
 * meeting_booking_claims, exclusive through its unique _id, with a lease so a crashed request
 * cannot block anyone for long. While a request holds the claims no other booking, reschedule or
 * clash check for either person can run, on this instance or another, so check-then-write
 * behaves as one step. Claims are taken in id order, so two bookings sharing both people cannot
 * hold one each. Throws ClaimBusyError when a claim stays taken.
 */
async function underClaims<T>(deps: Deps, participants: ObjectId[], work: () => Promise<T>): Promise<T> {
  const ordered = [...new Map(participants.map((p) => [p.toHexString(), p])).values()].sort((a, b) => a.toHexString().localeCompare(b.toHexString()));
  const held: { id: ObjectId; token: string }[] = [];
  try {
    for (const id of ordered) {
      const token = await claimParticipant(deps, id);
      if (!token) throw new ClaimBusyError();
      held.push({ id, token });
    }
    return await work();
  } finally {
    for (const claim of held) await releaseClaim(deps, claim.id, claim.token);
  }
}

const overlaps = (doc: Pick<MeetingDoc, 'startsAt' | 'status'>, start: Date) => (doc.status ?? 'scheduled') === 'scheduled' && Math.abs(doc.startsAt.getTime() - start.getTime()) < MEETING_MS;

/**
 * A scheduled meeting of this participant (in either seat) that overlaps a 90-minute slot from
 * `start`, other than `except`. Cancelled meetings free their slot; completed and no-show ones
 * are past anyway. The few cards that overlap are checked against their meetings, so a card left
 * by a crash between writing it and storing its meeting never blocks a slot.
 */
async function findClash(deps: Deps, participantId: ObjectId, start: Date, except?: ObjectId): Promise<MeetingDoc | null> {
  const near = (await cardsOf(deps.db, participantId)).filter((card) => overlaps(card, start) && !(except && card._id.equals(except)));
  if (near.length === 0) return null;
  return (await meetingsOf(deps.db, near)).find((doc) => overlaps(doc, start)) ?? null;
}

export interface Clash {
  client: boolean;
  doctor: boolean;
}

/**
 * Stores a new meeting unless either participant already has one at that time. Returns the
 * clash found (nothing stored), or null when it was stored.
 */
export async function bookMeeting(deps: Deps, doc: MeetingDoc): Promise<Clash | null> {
  return underClaims(deps, [doc.clientId, doc.doctorId], async () => {
    const clash = { client: Boolean(await findClash(deps, doc.clientId, doc.startsAt)), doctor: Boolean(await findClash(deps, doc.doctorId, doc.startsAt)) };
    if (clash.client || clash.doctor) return clash;
    // Cards before the meeting: should the insert fail, the clash check skips a card to nothing.
    await addCards(deps.db, cardsByParticipant([doc]));
    await meetingsCollection(deps.db).insertOne(doc);
    return null;
  });
}

/**
 * Moves a scheduled meeting to a new start, unless a participant has another meeting then.
 * The update is conditional on the meeting still being scheduled at the start the caller read,
 * so of two reschedules of one meeting only the first applies. Returns the moved meeting, a
 * clash, or 'changed' when the meeting moved or changed state meanwhile.
 */
export async function rescheduleMeeting(
  deps: Deps,
  meeting: MeetingDoc,
  to: { meetingDate: string; meetingTime: string; startsAt: Date },
  entry: { by: ChangeActor; reason: string },
): Promise<MeetingDoc | Clash | 'changed'> {
  return underClaims(deps, [meeting.clientId, meeting.doctorId], async () => {
    const clash = { client: Boolean(await findClash(deps, meeting.clientId, to.startsAt, meeting._id)), doctor: Boolean(await findClash(deps, meeting.doctorId, to.startsAt, meeting._id)) };
    if (clash.client || clash.doctor) return clash;
    const history: HistoryEntryDoc = { kind: 'rescheduled', at: deps.clock.now(), by: entry.by, reason: entry.reason, from: meeting.startsAt, to: to.startsAt };
    const moved = await meetingsCollection(deps.db).findOneAndUpdate(
      { _id: meeting._id, status: 'scheduled', startsAt: meeting.startsAt },
      {
        $set: { meetingDate: to.meetingDate, meetingTime: to.meetingTime, startsAt: to.startsAt, openRequestId: null },
        $inc: { sequence: 1 },
        $push: { history },
      },
      { returnDocument: 'after' },
    );
    if (!moved) return 'changed';
    await putCards(deps, moved);
    return moved;
  });
}

/** Writes a meeting's card into both participants' lists (the caller holds both claims). */
async function putCards(deps: Deps, doc: MeetingDoc): Promise<void> {
  for (const participant of new Set([doc.clientId.toHexString(), doc.doctorId.toHexString()])) await putCard(deps.db, new ObjectId(participant), doc);
}

type Participants = Pick<MeetingDoc, '_id' | 'clientId' | 'doctorId'>;

/**
 * Applies one conditional update to a meeting and writes its new card to both participants, all
 * under both participants' booking claims, so each list changes with the meeting and in the same
 * order as the meeting does. Null when the condition no longer held (nothing changed). Throws
 * ClaimBusyError when a claim stays taken.
 */
function changeMeeting(deps: Deps, meeting: Participants, condition: Filter<MeetingDoc>, update: UpdateFilter<MeetingDoc>): Promise<MeetingDoc | null> {
  return underClaims(deps, [meeting.clientId, meeting.doctorId], async () => {
    const changed = await meetingsCollection(deps.db).findOneAndUpdate({ ...condition, _id: meeting._id }, update, { returnDocument: 'after' });
    if (changed) await putCards(deps, changed);
    return changed;
  });
}

/**
 * Ends a scheduled meeting as cancelled (who, when, why, band), freeing its slot. Conditional on
 * it still being scheduled: of two cancellations only one applies. Null when it was not.
 */
export function cancelMeeting(deps: Deps, meeting: Participants, cancellation: CancellationDoc): Promise<MeetingDoc | null> {
  const history: HistoryEntryDoc = { kind: 'cancelled', at: cancellation.at, by: cancellation.by, reason: cancellation.reason, from: null, to: null };
  return changeMeeting(deps, meeting, { status: 'scheduled' }, { $set: { status: 'cancelled', cancellation, openRequestId: null }, $inc: { sequence: 1 }, $push: { history } });
}

/** Records a scheduled meeting's outcome: completed, or a no-show of one party. */
export function markAttendance(deps: Deps, meeting: Participants, outcome: { status: 'completed' | 'no_show'; noShowBy: NoShowParty | null }, by: ChangeActor): Promise<MeetingDoc | null> {
  const history: HistoryEntryDoc = { kind: outcome.status, at: deps.clock.now(), by, reason: outcome.noShowBy ? `${outcome.noShowBy} did not attend` : '', from: null, to: null };
  return changeMeeting(deps, meeting, { status: 'scheduled' }, { $set: { status: outcome.status, noShowBy: outcome.noShowBy, openRequestId: null }, $push: { history } });
}

/** Marks a change request as waiting on a scheduled meeting, if none is waiting yet. */
export function openRequestOn(deps: Deps, meeting: Participants, requestId: ObjectId, entry: HistoryEntryDoc): Promise<MeetingDoc | null> {
  return changeMeeting(deps, meeting, { status: 'scheduled', openRequestId: null }, { $set: { openRequestId: requestId }, $push: { history: entry } });
}

/** Clears a declined request from its meeting, recording the decision; the meeting as it is then. */
export function closeRequestOn(deps: Deps, meeting: Participants, requestId: ObjectId, entry: HistoryEntryDoc): Promise<MeetingDoc | null> {
  return changeMeeting(deps, meeting, { openRequestId: requestId }, { $set: { openRequestId: null }, $push: { history: entry } });
}

/** Sets fields that change no booking (join times, the report link) and returns the meeting. */
export function updateMeeting(deps: Deps, meeting: Participants, set: Partial<Pick<MeetingDoc, 'userJoinedAt' | 'docJoinedAt' | 'reportLink'>>): Promise<MeetingDoc | null> {
  return changeMeeting(deps, meeting, {}, { $set: set });
}

/**
 * Deletes a meeting and returns it as it was, under both participants' claims: its cards go
 * first, then the meeting, so a crash between the two leaves a meeting the admin still sees in
 * the grid and deletes again, never a card in anyone's list for a meeting that is gone.
 */
export async function deleteMeeting(deps: Deps, meetingId: ObjectId): Promise<MeetingDoc | null> {
  const meeting = await findMeeting(deps.db, meetingId);
  if (!meeting) return null;
  return underClaims(deps, [meeting.clientId, meeting.doctorId], async () => {
    for (const participant of new Set([meeting.clientId.toHexString(), meeting.doctorId.toHexString()])) await removeCard(deps.db, new ObjectId(participant), meeting._id);
    return meetingsCollection(deps.db).findOneAndDelete({ _id: meetingId });
  });
}

/** What an erasure rewrites in one meeting, given the meeting as it stands (its card has the same fields). */
export type MeetingErasure = (meeting: MeetingCard) => Partial<Pick<MeetingDoc, 'clientName' | 'clientEmail' | 'doctorName' | 'doctorEmail' | 'history' | 'cancellation' | 'openRequestId'>>;

/**
 * An erased account in every meeting it took part in: `erase` gives the fields to write (its name
 * and email, who-and-why in the history and cancellation, a request of theirs left open), applied
 * to the meeting and to its card in both participants' lists. Each meeting is read and rewritten
 * under both participants' booking claims, so no change to it lands in between. Returns the
 * meetings' ids. Throws ClaimBusyError when a claim stays taken (every step is safe to repeat).
 */
export async function eraseParticipant(deps: Deps, userId: ObjectId, erase: MeetingErasure): Promise<ObjectId[]> {
  const meetings = meetingsCollection(deps.db);
  const project = { projection: { _id: 1, clientId: 1, doctorId: 1 } } as const;
  const mine = [...(await meetings.find({ clientId: userId }, project).toArray()), ...(await meetings.find({ doctorId: userId }, project).toArray())];
  for (const meeting of mine) {
    await underClaims(deps, [meeting.clientId, meeting.doctorId], async () => {
      const current = await findMeeting(deps.db, meeting._id);
      if (!current) return;
      const rewritten = await meetingsCollection(deps.db).findOneAndUpdate({ _id: current._id }, { $set: erase(current) }, { returnDocument: 'after' });
      if (rewritten) await putCards(deps, rewritten);
    });
  }
  // Cards whose meeting is gone (a crash between the two writes of a delete) lose the name too.
  const own = await cardsOf(deps.db, userId);
  if (own.some((card) => !mine.some((m) => m._id.equals(card._id)))) await underClaims(deps, [userId], () => editCards(deps.db, userId, (card) => ({ ...card, ...erase(card) })));
  return mine.map((m) => m._id);
}

/**
 * get-meetings, scoped by who asks (DESIGN §5): a client sees their latest meetings, an associate
 * the latest they hold, an admin a bounded window around now. Always by start, ascending.
 * Cancelled meetings stay in the list, marked, for history; the portal leaves them out of
 * "upcoming".
 */
export async function listMeetingsFor(deps: Deps, user: AuthUser): Promise<Meeting[]> {
  // One `_id` read of the participant's cards (with the session and the account: 3 per call).
  if (user.role !== 'admin') return (await latestCardsOf(deps.db, user._id, PARTICIPANT_MEETINGS_LIMIT)).map(toMeeting);
  const now = deps.clock.now().getTime();
  const from = now - ADMIN_MEETINGS_WINDOW.pastDays * DAY_MS;
  const to = now + ADMIN_MEETINGS_WINDOW.futureDays * DAY_MS;
  return (await earliestBetween(deps.db, from, to, ADMIN_MEETINGS_WINDOW.limit)).map(toMeeting);
}

/**
 * The first `limit` meetings starting between `from` and `to` (both included, in milliseconds), by
 * start and then `_id`: read a day from `from` first, then spans twice as long each time, until
 * `limit` are found or `to` is reached (at most 7 reads for the admin's 120 days). The embedded
 * FerretDB reads a date range through the `by_start` index but sorts every meeting in it: in one
 * read of the whole window a practice with 70 meetings a day had 8,000 to decode and sort for 200
 * (docs/speed.md, "Reads that grew with the data"). Each span starts where the last ended, so the
 * meetings come in the same order as from one read.
 */
async function earliestBetween(db: Db, from: number, to: number, limit: number): Promise<MeetingDoc[]> {
  const found: MeetingDoc[] = [];
  for (let start = from, span = DAY_MS; found.length < limit && start <= to; span *= 2) {
    const end = Math.min(start + span, to + 1);
    const docs = await meetingsCollection(db)
      .find({ startsAt: { $gte: new Date(start), $lt: new Date(end) } })
      .sort({ startsAt: 1, _id: 1 })
      .limit(limit - found.length)
      .toArray();
    found.push(...docs);
    start = end;
  }
  return found;
}

/** A participant's latest meetings that `keep` accepts (the lookup), by start ascending. */
export async function meetingsOfParticipant(deps: Deps, participantId: ObjectId, keep?: (card: MeetingCard) => boolean): Promise<MeetingCard[]> {
  return latestCardsOf(deps.db, participantId, PARTICIPANT_MEETINGS_LIMIT, keep);
}

/** Starts of a participant's scheduled meetings between two instants (free slots). */
export async function scheduledStartsBetween(deps: Deps, participantId: ObjectId, from: Date, to: Date): Promise<Date[]> {
  return (await cardsOf(deps.db, participantId))
    .filter((card) => (card.status ?? 'scheduled') === 'scheduled' && card.startsAt.getTime() > from.getTime() - MEETING_MS && card.startsAt.getTime() < to.getTime())
    .map((card) => card.startsAt);
}

/** True when the client has ever had a meeting with this associate (who may see their free slots). */
export async function hasMeetingWith(deps: Deps, clientId: ObjectId, doctorId: ObjectId): Promise<boolean> {
  return (await latestCardsOf(deps.db, clientId, PARTICIPANT_MEETINGS_LIMIT, (card) => card.doctorId.equals(doctorId))).length > 0;
}

