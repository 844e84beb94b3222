import type { Role } from '../schemas/user.ts';
import { MEETING_LENGTH_MINUTES, MINUTE_MS } from './time.ts';

/**
 * The cancellation and reschedule policy (DESIGN §6, spec §9, issue 18): the FAQ's "rescheduling
 * free up to 24 hours before a session" and the terms' refunds by notice. One implementation: the
 * API enforces it and the portal shows what it allows before anyone confirms.
 */

/** A meeting's life: scheduled, then exactly one of the other three. */
export const MEETING_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/**
 * A meeting as it is booked: nobody has joined, no report, scheduled, nothing changed yet. The
 * API's meetings store and the portal's mock both start a new meeting from this.
 */
export function newMeetingState(): { userJoinedAt: null; docJoinedAt: null; reportLink: ''; status: 'scheduled'; cancellation: null; noShowBy: null; history: never[] } {
  return { userJoinedAt: null, docJoinedAt: null, reportLink: '', status: 'scheduled', cancellation: null, noShowBy: null, history: [] };
}

/** Who did not come to a no-show. */
export const NO_SHOW_PARTIES = ['client', 'associate'] as const;
export type NoShowParty = (typeof NO_SHOW_PARTIES)[number];

/** What the associate or an admin records after a session. */
export const ATTENDANCE_OUTCOMES = ['completed', 'no_show_client', 'no_show_associate'] as const;
export type AttendanceOutcome = (typeof ATTENDANCE_OUTCOMES)[number];

/** The terms' refund bands: 24 h or more full, 12 to 24 h half, under 12 h none. */
export const REFUND_BANDS = ['full', 'half', 'none'] as const;
export type RefundBand = (typeof REFUND_BANDS)[number];

/** Share of the price refunded in each band. */
export const REFUND_SHARE: Record<RefundBand, number> = { full: 1, half: 0.5, none: 0 };

/**
 * Why a meeting was cancelled. A client's own request is refunded by notice; the associate's
 * cancellation and a technical failure are always refunded in full (the terms).
 */
export const CANCEL_REASONS = ['client_request', 'associate_unavailable', 'technical_failure'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Who asks for a change, in the policy's words. */
export type PolicyActor = 'client' | 'associate' | 'admin';

/** Each account role as the policy names it: a user is the client, a doctor the associate. */
export const ROLE_ACTOR: Readonly<Record<Role, PolicyActor>> = { user: 'client', doctor: 'associate', admin: 'admin' };

/** The policy's actor for a role; `null` when there is no (known) role, e.g. before sign-in. */
export function policyActorOf(role: Role): PolicyActor;
export function policyActorOf(role: string | null | undefined): PolicyActor | null;
export function policyActorOf(role: string | null | undefined): PolicyActor | null {
  return role !== null && role !== undefined && Object.hasOwn(ROLE_ACTOR, role) ? ROLE_ACTOR[role as Role] : null;
}

export const HOUR_MS = 60 * MINUTE_MS;
/** Free rescheduling and a full refund from this much notice. */
export const FULL_NOTICE_MS = 24 * HOUR_MS;
/** Half refund from this much notice (and under FULL_NOTICE_MS). */
export const HALF_NOTICE_MS = 12 * HOUR_MS;
const MEETING_MS = MEETING_LENGTH_MINUTES * MINUTE_MS;

/** The band the terms give a cancellation for this reason, made `noticeMs` before the start. */
export function refundBand(reason: CancelReason, noticeMs: number): RefundBand {
  if (reason !== 'client_request') return 'full';
  if (noticeMs >= FULL_NOTICE_MS) return 'full';
  if (noticeMs >= HALF_NOTICE_MS) return 'half';
  return 'none';
}

/** How a change is made: at once, as a request an admin decides, or not at all. */
export type ChangeMode = 'direct' | 'request' | 'no';

export interface BookingOptions {
  /** Cancelling: directly (with `cancelBand`), by request, or not. */
  cancel: ChangeMode;
  /** The band a cancellation made now by this person gets (null when they cannot cancel). */
  cancelBand: RefundBand | null;
  reschedule: ChangeMode;
  /** Marking the session completed or a no-show. */
  attendance: boolean;
}

const NOTHING: BookingOptions = { cancel: 'no', cancelBand: null, reschedule: 'no', attendance: false };

/**
 * What `actor` may do with a meeting that starts at `start`, asked at `now`.
 *
 * - Client, before the start: cancel at once (band by notice); reschedule at once with 24 h or
 *   more of notice, otherwise ask for it and an admin decides. From the start on: nothing.
 * - Associate, before the start: ask to cancel (a full refund to the client) or to reschedule.
 *   After the end (start + 90 min): mark the session completed or a no-show.
 * - Admin: cancel or reschedule at any time while it is scheduled (a client's request is refunded
 *   by notice, see refundBand); mark attendance from the start on.
 * Only a scheduled meeting can change.
 */
export function bookingOptions(input: { start: Date; now: Date; actor: PolicyActor; status?: MeetingStatus }): BookingOptions {
  if ((input.status ?? 'scheduled') !== 'scheduled') return NOTHING;
  const notice = input.start.getTime() - input.now.getTime();
  const started = notice <= 0;
  const ended = -notice >= MEETING_MS;
  switch (input.actor) {
    case 'client':
      if (started) return NOTHING;
      return {
        cancel: 'direct',
        cancelBand: refundBand('client_request', notice),
        reschedule: notice >= FULL_NOTICE_MS ? 'direct' : 'request',
        attendance: false,
      };
    case 'associate':
      if (!started) return { cancel: 'request', cancelBand: null, reschedule: 'request', attendance: false };
      return { ...NOTHING, attendance: ended };
    case 'admin':
      return {
        cancel: 'direct',
        cancelBand: refundBand('client_request', notice),
        reschedule: 'direct',
        attendance: started,
      };
  }
}

/** A new time for a meeting must still be ahead of `now`. */
export function isFutureStart(start: Date, now: Date): boolean {
  return start.getTime() > now.getTime();
}
