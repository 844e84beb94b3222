import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError, ObjectId, type Db } from 'mongodb';
import {
  isJoinWindowOpen,
  MEETING_LENGTH_MINUTES,
  MEETING_MESSAGES as M,
  meetingInstant,
  MINUTE_MS,
  type CreateMeetingData,
  type Meeting,
  type MeetingUserType,
} from '@bh/shared';
import { recordAudit } from '../../lib/audit.ts';
import { queueMeetingCancelled, queueMeetingScheduled } from '../../mail/meeting-mail.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { UserDoc } from '../../lib/mongo.ts';
import type { AuthUser } from '../../lib/types.ts';
import { addMeetings, addMeetingsInBulk, addRefs, dropCard, latestMeetingsOf, meetingsOf, refOf, refsByParticipant, refsOf, removeRef, setCard } from './participant-meetings.ts';

/**
 * A meeting as stored. Participants are referenced by id and, because there is no $lookup,
 * their email and name at creation are copied in for lists and lookups.
 */
export interface MeetingDoc {
  _id: ObjectId;
  /** 'YYYY-MM-DD' and '02:30 PM' as entered (India's calendar and clock). */
  meetingDate: string;
  meetingTime: string;
  /** The UTC instant of the start: sorting, join windows and conflicts use this. */
  startsAt: Date;
  meetingLink: string;
  formLink: string;
  clientId: ObjectId;
  clientEmail: string;
  clientName: string;
  doctorId: ObjectId;
  doctorEmail: string;
  doctorName: string;
  userJoinedAt: Date | null;
  docJoinedAt: Date | null;
  reportLink: string;
  createdAt: Date;
  createdBy: ObjectId;
}

/** A short lease on one participant while a booking for them is checked and written. */
interface BookingClaimDoc {
  /** The participant's user id: the unique _id makes the claim exclusive. */
  _id: string;
  token: string;
  expiresAt: Date;
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** Scheduling and deleting also write the participants' emails to the outbox. */
type MailingDeps = Deps & Pick<AppDeps, 'outbox'>;

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

export function meetingsCollection(db: Db) {
  return db.collection<MeetingDoc>('meetings');
}

function claimsCollection(db: Db) {
  return db.collection<BookingClaimDoc>('meeting_booking_claims');
}

function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}

/** The contract's Meeting: participants are named by email (spec §3), instants as ISO text. */
export function toMeeting(doc: MeetingDoc): Meeting {
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
    userJoinedAt: doc.userJoinedAt ? doc.userJoinedAt.toISOString() : null,
    docJoinedAt: doc.docJoinedAt ? doc.docJoinedAt.toISOString() : null,
    reportLink: doc.reportLink,
    createdAt: doc.createdAt.toISOString(),
  };
}

/**
 * get-meetings, scoped by who asks (DESIGN §5): a client sees their latest meetings, an associate
 * the latest they hold, an admin a bounded window around now. Always by start, ascending.
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

type Participant = Pick<UserDoc, '_id' | 'email' | 'name'>;

/** A new, not yet joined meeting between two accounts, with their email and name copied in. */
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
  };
}

/**
 * Stores meetings that were put together outside the booking flow (demo data, tests, the
 * benchmark): their participants' refs first, then the meetings. Not for concurrent use: it
 * takes no booking claims.
 */
export async function insertMeetings(db: Db, docs: MeetingDoc[]): Promise<void> {
  if (docs.length === 0) return;
  await addMeetingsInBulk(db, docs);
  for (let i = 0; i < docs.length; i += 1000) await meetingsCollection(db).insertMany(docs.slice(i, i + 1000));
}

/** A participant for a meeting, checked the way verify-email and create-meeting both need. */
export async function findParticipant(deps: Pick<AppDeps, 'db'>, email: string, userType: MeetingUserType): Promise<UserDoc> {
  const user = await deps.db.collection<UserDoc>('users').findOne({ email });
  if (userType === 'client') {
    if (!user || user.role !== 'user') throw notFound(M.clientNotFound);
    return user;
  }
  if (!user || user.role !== 'doctor') throw notFound(M.doctorNotFound);
  if (user.isVerified !== 'verified') throw badRequest(M.doctorNotVerified);
  return user;
}

/** Same check as findParticipant, but reported against the create form's field. */
async function participantForField(deps: Deps, email: string, userType: MeetingUserType): Promise<UserDoc> {
  const path = userType === 'client' ? 'clientId' : 'doctorId';
  try {
    return await findParticipant(deps, email, userType);
  } catch (err) {
    if (err instanceof AppError) throw badRequest(err.message, [{ path, message: err.message }]);
    throw err;
  }
}

/**
 * Takes the booking claim on one participant, waiting briefly while another booking holds it.
 * Returns the claim's token, or null when it stayed taken.
 */
async function claimParticipant(deps: Deps, participantId: ObjectId): Promise<string | null> {
  const claims = claimsCollection(deps.db);
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
  await claimsCollection(deps.db).deleteOne({ _id: participantId.toHexString(), token });
}

/** A meeting of this participant (in either seat) that overlaps a 90-minute slot from `start`. */
async function findOverlap(deps: Deps, participantId: ObjectId, start: Date): Promise<MeetingDoc | null> {
  const near = (await refsOf(deps.db, participantId)).filter((ref) => Math.abs(ref.startsAt.getTime() - start.getTime()) < MEETING_MS);
  return (await meetingsOf(deps.db, near))[0] ?? null;
}

/**
 * Schedules a meeting after the shared schema has checked the body against `deps.clock`.
 *
 * Double booking without transactions: both participants are claimed first (one document per
 * participant in meeting_booking_claims, exclusive through its unique _id, with a lease so a
 * crashed request cannot block anyone for long). While a request holds both claims no other
 * booking for either person can run its overlap check, so check-then-insert behaves as one step.
 * Claims are taken in id order, so two bookings sharing both people cannot hold one each.
 */
export async function createMeeting(deps: MailingDeps, admin: AuthUser, input: CreateMeetingData): Promise<Meeting> {
  const startsAt = meetingInstant(input.meetingDate, input.meetingTime);
  if (!startsAt) throw badRequest(M.timeInvalid, [{ path: 'meetingTime', message: M.timeInvalid }]);
  const client = await participantForField(deps, input.clientId, 'client');
  const doctor = await participantForField(deps, input.doctorId, 'doctor');

  const ordered = [client._id, doctor._id].sort((a, b) => a.toHexString().localeCompare(b.toHexString()));
  const held: { id: ObjectId; token: string }[] = [];
  try {
    for (const id of ordered) {
      const token = await claimParticipant(deps, id);
      if (!token) throw conflict(BOOKING_IN_PROGRESS);
      held.push({ id, token });
    }
    const errors = [];
    if (await findOverlap(deps, client._id, startsAt)) errors.push({ path: 'clientId', message: M.clientBusy });
    if (await findOverlap(deps, doctor._id, startsAt)) errors.push({ path: 'doctorId', message: M.doctorBusy });
    if (errors.length > 0) throw new AppError(409, errors[0]!.message, errors);

    const doc = newMeetingDoc(client, doctor, {
      meetingDate: input.meetingDate,
      meetingTime: input.meetingTime,
      startsAt,
      meetingLink: input.meetingLink,
      formLink: input.formLink,
      createdAt: deps.clock.now(),
      createdBy: admin._id,
    });
    // Refs before the meeting: should the insert fail, a ref to nothing is skipped when read.
    await addMeetings(deps.db, [doc]);
    await meetingsCollection(deps.db).insertOne(doc);
    await queueMeetingScheduled(deps.outbox, doc, deps.clock.now());
    await recordAudit(deps, {
      actor: admin,
      action: 'meeting.create',
      target: { type: 'meeting', id: doc._id.toHexString(), label: `${doc.meetingDate} ${doc.meetingTime}` },
      details: { client: doc.clientEmail, associate: doc.doctorEmail, startsAt: startsAt.toISOString() },
    });
    return toMeeting(doc);
  } finally {
    for (const claim of held) await releaseClaim(deps, claim.id, claim.token);
  }
}

/**
 * Records the caller's own join time (client → userJoinedAt, associate → docJoinedAt) inside the
 * join window. The first join is kept. Someone else's meeting is "not found", so ids of other
 * people's meetings reveal nothing.
 *
 * Meetings are read and written by `_id` alone (see participant-meetings.ts for why), with the
 * ownership checked here; participants never change. Two joins by one person in the same instant
 * may both pass the check, and the later of the two nearly equal times is kept.
 */
export async function recordJoin(deps: Deps, user: AuthUser, meetingId: ObjectId): Promise<Meeting> {
  const col = meetingsCollection(deps.db);
  const meeting = await col.findOne({ _id: meetingId });
  const owner = user.role === 'user' ? meeting?.clientId : meeting?.doctorId;
  if (!meeting || !owner?.equals(user._id)) throw notFound(M.notFound);
  const now = deps.clock.now();
  if (!isJoinWindowOpen(meeting.startsAt, now)) throw conflict(M.joinClosed);
  const field = user.role === 'user' ? 'userJoinedAt' : 'docJoinedAt';
  if (meeting[field]) return toMeeting(meeting);
  const updated = await col.findOneAndUpdate({ _id: meetingId }, { $set: { [field]: now } }, { returnDocument: 'after' });
  if (!updated) throw notFound(M.notFound);
  await refreshCards(deps, updated);
  return toMeeting(updated);
}

/** The participants' copies of a meeting that changed (participant-meetings.ts), each under its claim. */
async function refreshCards(deps: Deps, doc: MeetingDoc): Promise<void> {
  for (const participantId of [doc.clientId, doc.doctorId]) {
    await underClaim(deps, participantId, () => setCard(deps.db, participantId, doc));
  }
}

/** Deletes a meeting and returns it as it was (the admin grid shows what went). */
export async function deleteMeeting(deps: MailingDeps, admin: AuthUser, meetingId: ObjectId): Promise<Meeting> {
  const meeting = await meetingsCollection(deps.db).findOne({ _id: meetingId });
  if (!meeting) throw notFound(M.notFound);
  // The participants' copies go first, so no list shows the meeting once it is gone.
  for (const participantId of [meeting.clientId, meeting.doctorId]) {
    if (!(await underClaim(deps, participantId, () => dropCard(deps.db, participantId, meetingId)))) throw conflict(BOOKING_IN_PROGRESS);
  }
  const deleted = await meetingsCollection(deps.db).findOneAndDelete({ _id: meetingId });
  if (!deleted) throw notFound(M.notFound);
  // The meeting is gone; its refs go after it. A ref left behind (claim busy, crash) is skipped on read.
  for (const participantId of [deleted.clientId, deleted.doctorId]) {
    await underClaim(deps, participantId, () => removeRef(deps.db, participantId, refOf(deleted)));
  }
  await queueMeetingCancelled(deps.outbox, deleted);
  await recordAudit(deps, {
    actor: admin,
    action: 'meeting.delete',
    target: { type: 'meeting', id: meetingId.toHexString(), label: `${deleted.meetingDate} ${deleted.meetingTime}` },
    details: { client: deleted.clientEmail, associate: deleted.doctorEmail },
  });
  return toMeeting(deleted);
}

/** Runs `work` holding the participant's booking claim; skips it when the claim stays taken. */
async function underClaim(deps: Deps, participantId: ObjectId, work: () => Promise<void>): Promise<boolean> {
  const token = await claimParticipant(deps, participantId);
  if (!token) return false;
  try {
    await work();
    return true;
  } finally {
    await releaseClaim(deps, participantId, token);
  }
}

const BACKFILL_MARK = 'participant-meetings-v1';

/**
 * Gives meetings stored before participant refs existed their refs, once per database. Each
 * participant's missing refs are added under their booking claim, so a booking made meanwhile by
 * another instance is never lost; running it again adds nothing.
 */
export async function backfillParticipantMeetings(deps: Deps): Promise<number> {
  const marks = deps.db.collection<{ _id: string; at: Date }>('migrations');
  if (await marks.findOne({ _id: BACKFILL_MARK })) return 0;
  const all = await meetingsCollection(deps.db).find({}, { projection: { _id: 1, startsAt: 1, clientId: 1, doctorId: 1 } }).toArray();
  let added = 0;
  for (const [participant, refs] of refsByParticipant(all)) {
    const participantId = new ObjectId(participant);
    const done = await underClaim(deps, participantId, async () => {
      const have = new Set((await refsOf(deps.db, participantId)).map((ref) => ref.id.toHexString()));
      const missing = refs.filter((ref) => !have.has(ref.id.toHexString()));
      if (missing.length > 0) await addRefs(deps.db, new Map([[participant, missing]]));
      added += missing.length;
    });
    if (!done) throw new Error(`could not claim participant ${participant} to add their meeting refs; start again`);
  }
  await marks.updateOne({ _id: BACKFILL_MARK }, { $set: { at: deps.clock.now() } }, { upsert: true });
  return added;
}

/**
 * The meetings lookup: meetings where the email is the client or the associate. A verified
 * associate only ever sees meetings they hold themselves, whoever they search for. Meetings keep
 * their participants' ids and an account's email never changes, so the email names one account.
 */
export async function lookupMeetings(deps: Deps, user: AuthUser, email: string): Promise<Meeting[]> {
  const target = await deps.db.collection<UserDoc>('users').findOne({ email }, { projection: { _id: 1 } });
  if (!target) return [];
  const keep = user.role === 'admin' ? undefined : (doc: MeetingDoc) => doc.doctorId.equals(user._id);
  return (await latestMeetingsOf(deps.db, target._id, PARTICIPANT_MEETINGS_LIMIT, keep)).map(toMeeting);
}

/** Sets the report link: the meeting's own associate, or a verified admin for any meeting. */
export async function setReportLink(deps: Deps, user: AuthUser, meetingId: ObjectId, reportLink: string): Promise<Meeting> {
  const col = meetingsCollection(deps.db);
  if (user.role !== 'admin') {
    const meeting = await col.findOne({ _id: meetingId }, { projection: { doctorId: 1 } });
    if (!meeting?.doctorId.equals(user._id)) throw notFound(M.notFound);
  }
  const updated = await col.findOneAndUpdate({ _id: meetingId }, { $set: { reportLink } }, { returnDocument: 'after' });
  if (!updated) throw notFound(M.notFound);
  await refreshCards(deps, updated);
  await recordAudit(deps, {
    actor: user,
    action: 'meeting.report',
    target: { type: 'meeting', id: meetingId.toHexString(), label: `${updated.meetingDate} ${updated.meetingTime}` },
  });
  return toMeeting(updated);
}
