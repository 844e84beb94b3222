import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError, ObjectId, type Db } from 'mongodb';
import { MEETING_LENGTH_MINUTES, MINUTE_MS, type Meeting, type NoShowParty } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { collections, type CancellationDoc, type ChangeActor, type HistoryEntryDoc, type MeetingDoc, type UserDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';
import { addRefs, latestMeetingsOf, meetingsOf, refOf, refsByParticipant, refsOf, removeRef, replaceRef } from './participant-meetings.ts';

/**
 * Meetings behind one store (issue 16 item 5, issue 18): creating, deleting, cancelling,
 * rescheduling, the clash check, lists and lookups all go through here. How a participant's
 * meetings are found (the `participant_meetings` read model, see participant-meetings.ts) is this
 * module's private detail.
 */

export type { CancellationDoc, ChangeActor, HistoryEntryDoc, MeetingDoc } from '../../db/collections.ts';

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
export function toMeeting(doc: MeetingDoc): Meeting {
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

/** A new, not yet joined, scheduled meeting between two accounts, with their email and name copied in. */
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
    userJoinedAt: null,
    docJoinedAt: null,
    reportLink: '',
    status: 'scheduled',
    cancellation: null,
    noShowBy: null,
    history: [],
    sequence: 0,
    openRequestId: null,
  };
}

/**
 * Stores meetings that were put together outside the booking flow (demo data, tests, the
 * benchmark): their participants' refs first, then the meetings. Not for concurrent use: it
 * takes no booking claims.
 */
export async function insertMeetings(db: Db, docs: MeetingDoc[]): Promise<void> {
  if (docs.length === 0) return;
  await addRefs(db, refsByParticipant(docs));
  await meetingsCollection(db).insertMany(docs);
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

/**
 * A scheduled meeting of this participant (in either seat) that overlaps a 90-minute slot from
 * `start`, other than `except`. Cancelled meetings free their slot; completed and no-show ones
 * are past anyway.
 */
async function findClash(deps: Deps, participantId: ObjectId, start: Date, except?: ObjectId): Promise<MeetingDoc | null> {
  const near = (await refsOf(deps.db, participantId)).filter((ref) => Math.abs(ref.startsAt.getTime() - start.getTime()) < MEETING_MS && !(except && ref.id.equals(except)));
  return (await meetingsOf(deps.db, near)).find((doc) => (doc.status ?? 'scheduled') === 'scheduled' && Math.abs(doc.startsAt.getTime() - start.getTime()) < MEETING_MS) ?? null;
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
    // Refs before the meeting: should the insert fail, a ref to nothing is skipped when read.
    await addRefs(deps.db, refsByParticipant([doc]));
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
    for (const participant of [meeting.clientId, meeting.doctorId]) await replaceRef(deps.db, participant, refOf(moved));
    return moved;
  });
}

/**
 * Ends a scheduled meeting as cancelled (who, when, why, band), freeing its slot. Conditional on
 * it still being scheduled: of two cancellations only one applies. Null when it was not.
 */
export async function cancelMeeting(deps: Deps, meetingId: ObjectId, cancellation: CancellationDoc): Promise<MeetingDoc | null> {
  const history: HistoryEntryDoc = { kind: 'cancelled', at: cancellation.at, by: cancellation.by, reason: cancellation.reason, from: null, to: null };
  return meetingsCollection(deps.db).findOneAndUpdate(
    { _id: meetingId, status: 'scheduled' },
    { $set: { status: 'cancelled', cancellation, openRequestId: null }, $inc: { sequence: 1 }, $push: { history } },
    { returnDocument: 'after' },
  );
}

/** Records a scheduled meeting's outcome: completed, or a no-show of one party. */
export async function markAttendance(deps: Deps, meetingId: ObjectId, outcome: { status: 'completed' | 'no_show'; noShowBy: NoShowParty | null }, by: ChangeActor): Promise<MeetingDoc | null> {
  const history: HistoryEntryDoc = { kind: outcome.status, at: deps.clock.now(), by, reason: outcome.noShowBy ? `${outcome.noShowBy} did not attend` : '', from: null, to: null };
  return meetingsCollection(deps.db).findOneAndUpdate(
    { _id: meetingId, status: 'scheduled' },
    { $set: { status: outcome.status, noShowBy: outcome.noShowBy, openRequestId: null }, $push: { history } },
    { returnDocument: 'after' },
  );
}

/** Marks a change request as waiting on a scheduled meeting, if none is waiting yet. */
export async function openRequestOn(deps: Deps, meetingId: ObjectId, requestId: ObjectId, entry: HistoryEntryDoc): Promise<MeetingDoc | null> {
  return meetingsCollection(deps.db).findOneAndUpdate(
    { _id: meetingId, status: 'scheduled', openRequestId: null },
    { $set: { openRequestId: requestId }, $push: { history: entry } },
    { returnDocument: 'after' },
  );
}

/** Clears a declined request from its meeting, recording the decision. */
export async function closeRequestOn(deps: Deps, meetingId: ObjectId, requestId: ObjectId, entry: HistoryEntryDoc): Promise<void> {
  await meetingsCollection(deps.db).updateOne({ _id: meetingId, openRequestId: requestId }, { $set: { openRequestId: null }, $push: { history: entry } });
}

/** Sets fields that change no booking (join times, the report link) and returns the meeting. */
export async function updateMeeting(deps: Deps, meetingId: ObjectId, set: Partial<Pick<MeetingDoc, 'userJoinedAt' | 'docJoinedAt' | 'reportLink'>>): Promise<MeetingDoc | null> {
  return meetingsCollection(deps.db).findOneAndUpdate({ _id: meetingId }, { $set: set }, { returnDocument: 'after' });
}

/** Deletes a meeting and returns it as it was; its refs go after it (pulled by id). */
export async function deleteMeeting(deps: Deps, meetingId: ObjectId): Promise<MeetingDoc | null> {
  const deleted = await meetingsCollection(deps.db).findOneAndDelete({ _id: meetingId });
  if (!deleted) return null;
  // A ref left behind (claim busy, crash) is skipped on read.
  for (const participantId of [deleted.clientId, deleted.doctorId]) {
    await underClaims(deps, [participantId], () => removeRef(deps.db, participantId, deleted._id)).catch((err: unknown) => {
      if (!(err instanceof ClaimBusyError)) throw err;
    });
  }
  return deleted;
}

/**
 * get-meetings, scoped by who asks (DESIGN §5): a client sees their latest meetings, an associate
 * the latest they hold, an admin a bounded window around now. Always by start, ascending.
 * Cancelled meetings stay in the list, marked, for history; the portal leaves them out of
 * "upcoming".
 */
export async function listMeetingsFor(deps: Deps, user: AuthUser): Promise<Meeting[]> {
  if (user.role !== 'admin') return (await latestMeetingsOf(deps.db, user._id, PARTICIPANT_MEETINGS_LIMIT)).map(toMeeting);
  const now = deps.clock.now().getTime();
  const from = new Date(now - ADMIN_MEETINGS_WINDOW.pastDays * DAY_MS);
  const to = new Date(now + ADMIN_MEETINGS_WINDOW.futureDays * DAY_MS);
  const docs = await meetingsCollection(deps.db)
    .find({ startsAt: { $gte: from, $lte: to } })
    .sort({ startsAt: 1, _id: 1 })
    .limit(ADMIN_MEETINGS_WINDOW.limit)
    .toArray();
  return docs.map(toMeeting);
}

/** A participant's latest meetings that `keep` accepts (the lookup), by start ascending. */
export async function meetingsOfParticipant(deps: Deps, participantId: ObjectId, keep?: (doc: MeetingDoc) => boolean): Promise<MeetingDoc[]> {
  return latestMeetingsOf(deps.db, participantId, PARTICIPANT_MEETINGS_LIMIT, keep);
}

/** Starts of a participant's scheduled meetings between two instants (free slots). */
export async function scheduledStartsBetween(deps: Deps, participantId: ObjectId, from: Date, to: Date): Promise<Date[]> {
  const near = (await refsOf(deps.db, participantId)).filter((ref) => ref.startsAt.getTime() > from.getTime() - MEETING_MS && ref.startsAt.getTime() < to.getTime());
  return (await meetingsOf(deps.db, near)).filter((doc) => (doc.status ?? 'scheduled') === 'scheduled').map((doc) => doc.startsAt);
}

/** True when the client has ever had a meeting with this associate (who may see their free slots). */
export async function hasMeetingWith(deps: Deps, clientId: ObjectId, doctorId: ObjectId): Promise<boolean> {
  return (await latestMeetingsOf(deps.db, clientId, PARTICIPANT_MEETINGS_LIMIT, (doc) => doc.doctorId.equals(doctorId))).length > 0;
}

