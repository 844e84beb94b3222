import { MongoServerError, ObjectId, type Db } from 'mongodb';
import {
  BOOKING_MESSAGES as B,
  bookingOptions,
  EMPTY_AVAILABILITY,
  freeSlots,
  isFutureStart,
  IST_OFFSET_MINUTES,
  MEETING_MESSAGES as M,
  MINUTE_MS,
  parseIsoDate,
  refundBand,
  withinHours,
  type AttendanceOutcome,
  type Availability,
  type CancelReason,
  type ChangeRequest,
  type ChangeRequestData,
  type Meeting,
  policyActorOf,
  type Refund,
  type RefundBand,
  type RescheduleMeetingData,
  type Slot,
} from '@bh/shared';
import { recordAudit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { findUserByEmail } from '../../lib/user-emails.ts';
import { collections, type ChangeRequestDoc, type RefundDoc, type UserDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';
import { queueMeetingCancelled, queueMeetingRescheduled } from '../../mail/meeting-mail.ts';
import { busyAsConflict, meetingSeenBy } from './meeting.service.ts';
import {
  actorOf,
  cancelMeeting,
  closeRequestOn,
  findMeeting,
  hasMeetingWith,
  markAttendance,
  openRequestOn,
  rescheduleMeeting,
  scheduledStartsBetween,
  toMeeting,
  type MeetingDoc,
} from './meetings.store.ts';

/**
 * Changing a booking (issue 18): cancel, reschedule, ask an admin, decide, attendance, free slots,
 * associates' hours and the refunds due. What is allowed comes from the shared booking policy
 * (shared/src/rules/booking-policy.ts); the store makes each change safe under parallel requests.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'outbox'>;

function optionsFor(deps: Deps, user: AuthUser, meeting: MeetingDoc) {
  return bookingOptions({ start: meeting.startsAt, now: deps.clock.now(), actor: policyActorOf(user.role), status: meeting.status ?? 'scheduled' });
}

function requireScheduled(meeting: MeetingDoc): void {
  if ((meeting.status ?? 'scheduled') !== 'scheduled') throw conflict(B.notScheduled);
}

const label = (doc: MeetingDoc) => `${doc.meetingDate} ${doc.meetingTime}`;

// ---- refunds ---------------------------------------------------------------------------------


export function refundsCollection(db: Db) {
  return collections(db).refunds;
}

function toRefund(doc: RefundDoc): Refund {
  return {
    _id: doc._id.toHexString(),
    meetingId: doc._id.toHexString(),
    clientEmail: doc.clientEmail,
    clientName: doc.clientName,
    doctorName: doc.doctorName,
    startsAt: doc.startsAt.toISOString(),
    band: doc.band,
    cause: doc.cause,
    cancelledAt: doc.cancelledAt.toISOString(),
    status: doc.status,
    refundedAt: doc.refundedAt ? doc.refundedAt.toISOString() : null,
    refundedBy: doc.refundedBy ? doc.refundedBy.email : null,
    reference: doc.reference,
  };
}

/** Records the refund a cancellation gives (none for the 'none' band); once per meeting. */
async function recordRefundDue(deps: Deps, meeting: MeetingDoc, band: RefundBand, cause: CancelReason, at: Date): Promise<void> {
  if (band === 'none') return;
  try {
    await refundsCollection(deps.db).insertOne({
      _id: meeting._id,
      clientId: meeting.clientId,
      clientEmail: meeting.clientEmail,
      clientName: meeting.clientName,
      doctorName: meeting.doctorName,
      startsAt: meeting.startsAt,
      band,
      cause,
      cancelledAt: at,
      status: 'due',
      refundedAt: null,
      refundedBy: null,
      reference: null,
    });
  } catch (err) {
    // The meeting's refund is already recorded (its _id is the meeting's).
    if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
  }
}

/** The refunds an admin still has to make in the payment provider (or those made), newest first. */
export async function listRefunds(deps: Pick<AppDeps, 'db'>, status: 'due' | 'refunded'): Promise<Refund[]> {
  const docs = await refundsCollection(deps.db).find({ status }).sort({ cancelledAt: -1 }).limit(REFUNDS_LIMIT).toArray();
  return docs.map(toRefund);
}
export const REFUNDS_LIMIT = 200;

/** Marks a due refund as made: who, when, and the payment provider's reference. */
export async function markRefunded(deps: Pick<AppDeps, 'db' | 'clock'>, admin: AuthUser, refundId: ObjectId, reference: string): Promise<Refund> {
  const updated = await refundsCollection(deps.db).findOneAndUpdate(
    { _id: refundId, status: 'due' },
    { $set: { status: 'refunded', refundedAt: deps.clock.now(), refundedBy: actorOf(admin), reference } },
    { returnDocument: 'after' },
  );
  if (!updated) {
    if (await refundsCollection(deps.db).findOne({ _id: refundId }, { projection: { _id: 1 } })) throw conflict(B.refundAlreadyMarked);
    throw notFound(B.refundNotFound);
  }
  await recordAudit(deps, { actor: admin, action: 'refund.mark', target: { type: 'meeting', id: refundId.toHexString(), label: updated.clientEmail }, details: { band: updated.band, reference } });
  return toRefund(updated);
}

// ---- cancel ---------------------------------------------------------------------------------

/**
 * Cancels a scheduled meeting. A request still open on it is closed as `openRequest` says: approved
 * when it is the request being granted, declined when a direct cancellation makes it moot.
 */
async function applyCancel(
  deps: Deps,
  actor: AuthUser,
  meeting: MeetingDoc,
  cause: CancelReason,
  reason: string,
  noticeFrom: Date,
  openRequest: 'approved' | 'declined' = 'declined',
): Promise<MeetingDoc> {
  const at = deps.clock.now();
  const band = refundBand(cause, meeting.startsAt.getTime() - noticeFrom.getTime());
  const cancelled = await cancelMeeting(deps, meeting, { at, by: actorOf(actor), cause, reason, band }).catch(busyAsConflict);
  if (!cancelled) throw conflict(B.notScheduled);
  await recordRefundDue(deps, cancelled, band, cause, at);
  if (meeting.openRequestId) await closeRequest(deps, meeting.openRequestId, actor, openRequest);
  await queueMeetingCancelled(deps.outbox, cancelled);
  await recordAudit(deps, { actor, action: 'meeting.cancel', target: { type: 'meeting', id: meeting._id.toHexString(), label: label(meeting) }, details: { cause, band } });
  return cancelled;
}

/**
 * POST /meeting/{id}/cancel. A client cancels their own session before it starts (refund by
 * notice); an admin any scheduled one, naming the cause (a technical failure or the associate's
 * absence is refunded in full). An associate asks an admin instead: the access table
 * (ACCESS.meetingChange) refuses them before this runs.
 */
export async function cancelBooking(deps: Deps, user: AuthUser, meetingId: ObjectId, input: { reason: string; cause?: CancelReason | undefined }): Promise<Meeting> {
  const meeting = await meetingSeenBy(deps, user, meetingId);
  requireScheduled(meeting);
  if (optionsFor(deps, user, meeting).cancel !== 'direct') throw conflict(B.cancelNotAllowed);
  const cause = user.role === 'admin' ? (input.cause ?? 'client_request') : 'client_request';
  return toMeeting(await applyCancel(deps, user, meeting, cause, input.reason, deps.clock.now()));
}

// ---- reschedule -----------------------------------------------------------------------------

async function applyReschedule(deps: Deps, actor: AuthUser, meeting: MeetingDoc, to: { meetingDate: string; meetingTime: string; startsAt: Date }, reason: string): Promise<MeetingDoc> {
  if (to.startsAt.getTime() === meeting.startsAt.getTime()) throw new AppError(400, B.sameTime, [{ path: 'meetingTime', message: B.sameTime }]);
  const result = await rescheduleMeeting(deps, meeting, to, { by: actorOf(actor), reason }).catch(busyAsConflict);
  if (result === 'changed') throw conflict(B.notScheduled);
  if (!('_id' in result)) {
    const errors = [{ path: 'meetingTime', message: B.slotTaken }];
    throw new AppError(409, B.slotTaken, errors);
  }
  await queueMeetingRescheduled(deps.outbox, result, meeting.startsAt, deps.clock.now());
  await recordAudit(deps, {
    actor,
    action: 'meeting.reschedule',
    target: { type: 'meeting', id: meeting._id.toHexString(), label: label(result) },
    details: { from: meeting.startsAt.toISOString(), to: result.startsAt.toISOString() },
  });
  return result;
}

/** A new time must lie ahead (the contract's schema has no clock; this is the API's). */
function requireAhead(deps: Pick<AppDeps, 'clock'>, startsAt: Date): void {
  if (!isFutureStart(startsAt, deps.clock.now())) throw new AppError(400, M.timeInPast, [{ path: 'meetingTime', message: M.timeInPast }]);
}

/**
 * POST /meeting/{id}/reschedule. A client moves their own session with 24 h or more of notice,
 * to a time inside the associate's hours; an admin moves any scheduled session to any free time.
 * Inside 24 h a client sends a request instead. An associate always does: the access table
 * (ACCESS.meetingChange) refuses them before this runs.
 */
export async function rescheduleBooking(deps: Deps, user: AuthUser, meetingId: ObjectId, input: RescheduleMeetingData): Promise<Meeting> {
  requireAhead(deps, input.startsAt);
  const meeting = await meetingSeenBy(deps, user, meetingId);
  requireScheduled(meeting);
  const options = optionsFor(deps, user, meeting);
  if (options.reschedule === 'request') throw conflict(B.rescheduleAskAdmin);
  if (options.reschedule === 'no') throw conflict(B.rescheduleNotAllowed);
  if (user.role === 'user' && !withinHours(await availabilityOf(deps, meeting.doctorId), input.startsAt)) {
    throw new AppError(400, B.outsideHours, [{ path: 'meetingTime', message: B.outsideHours }]);
  }
  return toMeeting(await applyReschedule(deps, user, meeting, input, input.reason));
}

// ---- attendance -----------------------------------------------------------------------------

/**
 * POST /meeting/{id}/attendance. The session's associate after its end, an admin from its start.
 * An associate's no-show refunds the client in full. Clients never get here: the access table
 * (ACCESS.meetingAttendance) refuses them at the route, this function's only caller.
 */
export async function recordAttendance(deps: Deps, user: AuthUser, meetingId: ObjectId, outcome: AttendanceOutcome): Promise<Meeting> {
  const meeting = await meetingSeenBy(deps, user, meetingId);
  requireScheduled(meeting);
  if (!optionsFor(deps, user, meeting).attendance) throw conflict(B.attendanceTooEarly);
  const status = outcome === 'completed' ? 'completed' : 'no_show';
  const noShowBy = outcome === 'no_show_client' ? 'client' : outcome === 'no_show_associate' ? 'associate' : null;
  const marked = await markAttendance(deps, meeting, { status, noShowBy }, actorOf(user)).catch(busyAsConflict);
  if (!marked) throw conflict(B.notScheduled);
  if (noShowBy === 'associate') await recordRefundDue(deps, marked, 'full', 'associate_unavailable', deps.clock.now());
  await recordAudit(deps, { actor: user, action: 'meeting.attendance', target: { type: 'meeting', id: meetingId.toHexString(), label: label(marked) }, details: { outcome } });
  return toMeeting(marked);
}

// ---- change requests ------------------------------------------------------------------------


export function changeRequestsCollection(db: Db) {
  return collections(db).meetingChangeRequests;
}

function toChangeRequest(doc: ChangeRequestDoc, meeting: MeetingDoc): ChangeRequest {
  return {
    _id: doc._id.toHexString(),
    meetingId: doc.meetingId.toHexString(),
    kind: doc.kind,
    status: doc.status,
    by: doc.by.email,
    byRole: doc.by.role,
    reason: doc.reason,
    proposed: doc.proposed ? { ...doc.proposed, startsAt: doc.proposed.startsAt.toISOString() } : null,
    createdAt: doc.createdAt.toISOString(),
    decidedAt: doc.decidedAt ? doc.decidedAt.toISOString() : null,
    decidedBy: doc.decidedBy ? doc.decidedBy.email : null,
    meeting: toMeeting(meeting),
  };
}

async function closeRequest(deps: Deps, requestId: ObjectId, admin: AuthUser, status: 'approved' | 'declined'): Promise<ChangeRequestDoc | null> {
  return changeRequestsCollection(deps.db).findOneAndUpdate(
    { _id: requestId, status: 'open' },
    { $set: { status, decidedAt: deps.clock.now(), decidedBy: actorOf(admin) } },
    { returnDocument: 'after' },
  );
}

/**
 * POST /meeting/{id}/request: a participant asks an admin to cancel or to move the session,
 * before it starts; one request waits per meeting at a time. A client cancels by themselves.
 */
export async function requestChange(deps: Deps, user: AuthUser, meetingId: ObjectId, input: ChangeRequestData): Promise<ChangeRequest> {
  if (input.proposed) requireAhead(deps, input.proposed.startsAt);
  const meeting = await meetingSeenBy(deps, user, meetingId);
  requireScheduled(meeting);
  const options = optionsFor(deps, user, meeting);
  if (input.kind === 'cancel' && user.role === 'user') throw conflict(B.clientRequestCancel);
  if ((input.kind === 'cancel' ? options.cancel : options.reschedule) === 'no') throw conflict(B.requestNotAllowed);
  const now = deps.clock.now();
  const doc: ChangeRequestDoc = {
    _id: new ObjectId(),
    meetingId,
    kind: input.kind,
    status: 'open',
    by: actorOf(user),
    reason: input.reason,
    proposed: input.proposed,
    createdAt: now,
    decidedAt: null,
    decidedBy: null,
  };
  await changeRequestsCollection(deps.db).insertOne(doc);
  // The meeting holds the one open request: of two parallel requests, one takes it.
  const taken = await openRequestOn(deps, meeting, doc._id, { kind: 'requested', at: now, by: actorOf(user), reason: `${input.kind}: ${input.reason}`, from: null, to: input.proposed?.startsAt ?? null }).catch(async (err: unknown) => {
    await changeRequestsCollection(deps.db).deleteOne({ _id: doc._id });
    return busyAsConflict(err);
  });
  if (!taken) {
    await changeRequestsCollection(deps.db).deleteOne({ _id: doc._id });
    throw conflict(B.requestOpen);
  }
  await recordAudit(deps, { actor: user, action: 'meeting.request', target: { type: 'meeting', id: meetingId.toHexString(), label: label(meeting) }, details: { kind: input.kind } });
  return toChangeRequest(doc, taken);
}

export const REQUESTS_LIMIT = 200;

/** The admin's queue: open requests, oldest first, each with its meeting. */
export async function listOpenRequests(deps: Pick<AppDeps, 'db'>): Promise<ChangeRequest[]> {
  const docs = await changeRequestsCollection(deps.db).find({ status: 'open' }).sort({ createdAt: 1 }).limit(REQUESTS_LIMIT).toArray();
  const out: ChangeRequest[] = [];
  for (const doc of docs) {
    const meeting = await findMeeting(deps.db, doc.meetingId);
    if (meeting) out.push(toChangeRequest(doc, meeting));
  }
  return out;
}

/**
 * An admin approves or declines a request. Approving applies it under the same rules as a
 * direct change: a cancellation asked by the associate is refunded in full, one asked by the
 * client by the notice they gave when asking; a reschedule must still find the time free.
 */
export async function decideRequest(deps: Deps, admin: AuthUser, requestId: ObjectId, approve: boolean): Promise<ChangeRequest> {
  const request = await changeRequestsCollection(deps.db).findOne({ _id: requestId });
  if (!request) throw notFound(B.requestNotFound);
  if (request.status !== 'open') throw conflict(B.requestDecided);
  const meeting = await findMeeting(deps.db, request.meetingId);
  if (!meeting) throw notFound(M.notFound);
  if (!meeting.openRequestId?.equals(requestId)) throw conflict(B.requestDecided);
  let result: MeetingDoc;
  if (!approve) {
    const closed = await closeRequest(deps, requestId, admin, 'declined');
    if (!closed) throw conflict(B.requestDecided);
    await closeRequestOn(deps, meeting, requestId, { kind: 'declined', at: deps.clock.now(), by: actorOf(admin), reason: request.kind, from: null, to: null }).catch(busyAsConflict);
    result = (await findMeeting(deps.db, meeting._id)) ?? meeting;
  } else if (request.kind === 'cancel') {
    const cause: CancelReason = request.by.role === 'doctor' ? 'associate_unavailable' : 'client_request';
    // The cancellation closes the open request, as approved: this is the request it grants.
    result = await applyCancel(deps, admin, meeting, cause, request.reason, request.createdAt, 'approved');
  } else {
    result = await applyReschedule(deps, admin, meeting, request.proposed!, request.reason);
    await closeRequest(deps, requestId, admin, 'approved');
  }
  // The answer is the request as stored, so it can never say other than what the database keeps.
  const decided = await changeRequestsCollection(deps.db).findOne({ _id: requestId });
  await recordAudit(deps, { actor: admin, action: 'meeting.decide', target: { type: 'meeting', id: meeting._id.toHexString(), label: label(meeting) }, details: { kind: request.kind, approve } });
  return toChangeRequest(decided ?? request, result);
}

// ---- availability and free slots ------------------------------------------------------------


export function availabilityCollection(db: Db) {
  return collections(db).associateAvailability;
}

export async function availabilityOf(deps: Pick<AppDeps, 'db'>, doctorId: ObjectId): Promise<Availability> {
  const doc = await availabilityCollection(deps.db).findOne({ _id: doctorId });
  return doc ? { weekly: doc.weekly, daysOff: doc.daysOff } : EMPTY_AVAILABILITY;
}

/**
 * The associate whose hours a caller reads or edits: an associate their own (naming another is
 * refused), an admin any verified associate by email.
 */
export async function associateFor(deps: Pick<AppDeps, 'db'>, user: AuthUser, email: string | undefined): Promise<Pick<UserDoc, '_id' | 'email' | 'name'>> {
  if (user.role === 'doctor') {
    if (email && email !== user.email) throw forbidden();
    return user;
  }
  if (!email) throw new AppError(400, B.slotsDoctorRequired, [{ path: 'doctorId', message: B.slotsDoctorRequired }]);
  const found = await findUserByEmail(collections(deps.db), email);
  if (!found || found.role !== 'doctor' || found.isVerified !== 'verified') throw notFound(B.associateNotFound);
  return found;
}

export async function saveAvailability(deps: Pick<AppDeps, 'db' | 'clock'>, user: AuthUser, doctorId: ObjectId, availability: Availability): Promise<Availability> {
  const daysOff = [...new Set(availability.daysOff)].sort();
  await availabilityCollection(deps.db).updateOne(
    { _id: doctorId },
    { $set: { weekly: availability.weekly, daysOff, updatedAt: deps.clock.now(), updatedBy: user._id } },
    { upsert: true },
  );
  await recordAudit(deps, { actor: user, action: 'availability.update', target: { type: 'user', id: doctorId.toHexString(), label: 'availability' } });
  return { weekly: availability.weekly, daysOff };
}

/**
 * GET /meeting/slots: the associate's free 90-minute slots on an India date. Admins ask about any
 * verified associate, an associate about themselves, a client about an associate they have had a
 * session with (anyone else is "not found", so clients cannot map strangers' calendars).
 */
export async function slotsFor(deps: Pick<AppDeps, 'db' | 'clock'>, user: AuthUser, doctorEmail: string, date: string): Promise<{ slots: Slot[]; hasHours: boolean }> {
  const doctor = await findUserByEmail(collections(deps.db), doctorEmail);
  const known = doctor && doctor.role === 'doctor' && doctor.isVerified === 'verified';
  const allowed = known && (user.role === 'admin' || (user.role === 'doctor' ? doctor._id.equals(user._id) : await hasMeetingWith(deps, user._id, doctor._id)));
  if (!doctor || !allowed) throw notFound(B.associateNotFound);
  const availability = await availabilityOf(deps, doctor._id);
  const hasHours = Object.values(availability.weekly).some((ranges) => ranges.length > 0);
  const day = parseIsoDate(date)!;
  const dayStart = new Date(Date.UTC(day.year, day.month - 1, day.day) - IST_OFFSET_MINUTES * MINUTE_MS);
  const dayEnd = new Date(dayStart.getTime() + 24 * 60 * MINUTE_MS);
  const busy = await scheduledStartsBetween(deps, doctor._id, dayStart, dayEnd);
  return { slots: freeSlots(availability, date, busy, deps.clock.now()), hasHours };
}
