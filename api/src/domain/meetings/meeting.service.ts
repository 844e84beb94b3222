import { ObjectId } from 'mongodb';
import {
  isJoinWindowOpen,
  MEETING_MESSAGES as M,
  seesMeeting,
  takesPart,
  type CreateMeetingData,
  type Meeting,
  type MeetingUserType,
} from '@bh/shared';
import { recordAudit } from '../../lib/audit.ts';
import { queueMeetingCancelled, queueMeetingScheduled } from '../../mail/meeting-mail.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findUserByEmail } from '../../lib/user-emails.ts';
import { collections, type UserDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';
import {
  bookMeeting,
  ClaimBusyError,
  deleteMeeting as removeMeeting,
  findMeeting,
  meetingsOfParticipant,
  newMeetingDoc,
  toMeeting,
  updateMeeting,
  type MeetingCard,
  type MeetingDoc,
} from './meetings.store.ts';

export {
  ADMIN_MEETINGS_WINDOW,
  BOOKING_IN_PROGRESS,
  insertMeetings,
  listMeetingsFor,
  meetingsCollection,
  newMeetingDoc,
  PARTICIPANT_MEETINGS_LIMIT,
  toMeeting,
  type MeetingDoc,
} from './meetings.store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** Scheduling and deleting also write the participants' emails to the outbox. */
type MailingDeps = Deps & Pick<AppDeps, 'outbox'>;

/** A participant for a meeting, checked the way verify-email and create-meeting both need. */
export async function findParticipant(deps: Pick<AppDeps, 'db'>, email: string, userType: MeetingUserType): Promise<UserDoc> {
  const user = await findUserByEmail(collections(deps.db), email);
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

/** A clash as the create form shows it: each busy person against their field, client first. */
export function clashError(clash: { client: boolean; doctor: boolean }): AppError {
  const errors = [];
  if (clash.client) errors.push({ path: 'clientId', message: M.clientBusy });
  if (clash.doctor) errors.push({ path: 'doctorId', message: M.doctorBusy });
  return new AppError(409, errors[0]!.message, errors);
}

/**
 * Schedules a meeting after the shared schema has checked the body against `deps.clock` and
 * turned its date and time into the instant. The store refuses a clash for either person.
 */
export async function createMeeting(deps: MailingDeps, admin: AuthUser, input: CreateMeetingData): Promise<Meeting> {
  const client = await participantForField(deps, input.clientId, 'client');
  const doctor = await participantForField(deps, input.doctorId, 'doctor');
  const doc = newMeetingDoc(client, doctor, {
    meetingDate: input.meetingDate,
    meetingTime: input.meetingTime,
    startsAt: input.startsAt,
    meetingLink: input.meetingLink,
    formLink: input.formLink,
    createdAt: deps.clock.now(),
    createdBy: admin._id,
  });
  const clash = await bookMeeting(deps, doc).catch(busyAsConflict);
  if (clash) throw clashError(clash);
  await queueMeetingScheduled(deps.outbox, doc, deps.clock.now());
  await recordAudit(deps, {
    actor: admin,
    action: 'meeting.create',
    target: { type: 'meeting', id: doc._id.toHexString(), label: `${doc.meetingDate} ${doc.meetingTime}` },
    details: { client: doc.clientEmail, associate: doc.doctorEmail, startsAt: doc.startsAt.toISOString() },
  });
  return toMeeting(doc);
}

/** A booking claim that stayed taken is a 409 the caller may retry. */
export function busyAsConflict(err: unknown): never {
  if (err instanceof ClaimBusyError) throw conflict(err.message);
  throw err;
}

/** Stored ids compare by value. */
const sameId = (a: ObjectId, b: ObjectId) => a.equals(b);

/**
 * The meeting if `user` takes part in it (or is an admin); someone else's meeting is "not found"
 * (`message`: the meeting's own words by default, the calendar file's for its download).
 */
export async function meetingSeenBy(deps: Pick<Deps, 'db'>, user: AuthUser, meetingId: ObjectId, message: string = M.notFound): Promise<MeetingDoc> {
  const meeting = await findMeeting(deps.db, meetingId);
  if (!meeting || !seesMeeting({ role: user.role, id: user._id }, meeting, sameId)) throw notFound(message);
  return meeting;
}

/**
 * Records the caller's own join time (client → userJoinedAt, associate → docJoinedAt) inside the
 * join window. The first join is kept. Someone else's meeting is "not found", so ids of other
 * people's meetings reveal nothing. A cancelled meeting cannot be joined.
 *
 * Two joins by one person in the same instant may both pass the check, and the later of the two
 * nearly equal times is kept.
 */
export async function recordJoin(deps: Deps, user: AuthUser, meetingId: ObjectId): Promise<Meeting> {
  const meeting = await findMeeting(deps.db, meetingId);
  if (!meeting || !takesPart({ role: user.role, id: user._id }, meeting, sameId)) throw notFound(M.notFound);
  const now = deps.clock.now();
  if ((meeting.status ?? 'scheduled') === 'cancelled' || !isJoinWindowOpen(meeting.startsAt, now)) throw conflict(M.joinClosed);
  const field = user.role === 'user' ? 'userJoinedAt' : 'docJoinedAt';
  if (meeting[field]) return toMeeting(meeting);
  const updated = await updateMeeting(deps, meeting, { [field]: now }).catch(busyAsConflict);
  if (!updated) throw notFound(M.notFound);
  return toMeeting(updated);
}

/** Deletes a meeting and returns it as it was (the admin grid shows what went). */
export async function deleteMeeting(deps: MailingDeps, admin: AuthUser, meetingId: ObjectId): Promise<Meeting> {
  const deleted = await removeMeeting(deps, meetingId).catch(busyAsConflict);
  if (!deleted) throw notFound(M.notFound);
  // A meeting already cancelled has had its calendar cancellation.
  if ((deleted.status ?? 'scheduled') === 'scheduled') await queueMeetingCancelled(deps.outbox, deleted);
  await recordAudit(deps, {
    actor: admin,
    action: 'meeting.delete',
    target: { type: 'meeting', id: meetingId.toHexString(), label: `${deleted.meetingDate} ${deleted.meetingTime}` },
    details: { client: deleted.clientEmail, associate: deleted.doctorEmail },
  });
  return toMeeting(deleted);
}

/**
 * The meetings lookup: meetings where the email is the client or the associate. A verified
 * associate only ever sees meetings they hold themselves, whoever they search for. Meetings keep
 * their participants' ids and an account's email never changes, so the email names one account.
 */
export async function lookupMeetings(deps: Deps, user: AuthUser, email: string): Promise<Meeting[]> {
  const target = await findUserByEmail(collections(deps.db), email);
  if (!target) return [];
  const keep = user.role === 'admin' ? undefined : (card: MeetingCard) => card.doctorId.equals(user._id);
  return (await meetingsOfParticipant(deps, target._id, keep)).map(toMeeting);
}

/** Sets the report link: the meeting's own associate, or a verified admin for any meeting. */
export async function setReportLink(deps: Deps, user: AuthUser, meetingId: ObjectId, reportLink: string): Promise<Meeting> {
  const meeting = await meetingSeenBy(deps, user, meetingId);
  const updated = await updateMeeting(deps, meeting, { reportLink }).catch(busyAsConflict);
  if (!updated) throw notFound(M.notFound);
  await recordAudit(deps, {
    actor: user,
    action: 'meeting.report',
    target: { type: 'meeting', id: meetingId.toHexString(), label: `${updated.meetingDate} ${updated.meetingTime}` },
  });
  return toMeeting(updated);
}
