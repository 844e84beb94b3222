import type { HttpHandler } from 'msw';
import {
  AUTH_MESSAGES,
  BOOKING_MESSAGES as B,
  bookingOptions,
  EMPTY_AVAILABILITY,
  freeSlots,
  isFutureStart,
  MEETING_MESSAGES as M,
  meetingsOverlap,
  refundBand,
  withinHours,
  type Availability,
  type CancelReason,
  type ChangeRequest,
  type Meeting,
  policyActorOf,
  seesMeeting,
  type Refund,
  type RefundBand,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { mockFailure, mockOperation, type MockWorldAccess } from './contract.ts';
import { objectId, type MockDb, type MockUser } from './db.ts';

/** The booking state the mock keeps beside its meetings. */
interface BookingState {
  availability: Map<string, Availability>;
  requests: ChangeRequest[];
  refunds: Refund[];
}
const states = new WeakMap<MockDb, BookingState>();
export function bookingState(db: MockDb): BookingState {
  let state = states.get(db);
  if (!state) {
    state = { availability: new Map(), requests: [], refunds: [] };
    states.set(db, state);
  }
  return state;
}

/**
 * MSW handlers for the booking calls (issue 18), registered from the shared definitions with
 * `mockOperation` (the guard from the access table, input parsed with the definitions' schemas,
 * answers checked against them), applying the same shared policy as the API's service, so screens
 * can be tested and run without a server.
 */
export function createBookingHandlers(db: MockDb, world: MockWorldAccess<MockUser>): HttpHandler[] {
  const state = bookingState(db);
  const now = () => db.now();
  const seen = (user: MockUser, id: string): Meeting | undefined =>
    db.meetings.find((m) => m._id === id && seesMeeting({ role: user.role, id: user.email }, m));
  const options = (user: MockUser, m: Meeting) => bookingOptions({ start: new Date(m.startsAt), now: now(), actor: policyActorOf(user.role), status: m.status });
  const entry = (user: MockUser, kind: Meeting['history'][number]['kind'], reason: string, from: string | null = null, to: string | null = null) => ({
    kind,
    at: now().toISOString(),
    by: user.email,
    byRole: user.role,
    reason,
    from,
    to,
  });
  const refundDue = (m: Meeting, band: RefundBand, cause: CancelReason) => {
    // One refund per meeting (its id is the meeting's), as the API keeps it.
    if (band === 'none' || state.refunds.some((r) => r._id === m._id)) return;
    state.refunds.unshift({ _id: m._id, meetingId: m._id, clientEmail: m.clientId, clientName: m.clientName, doctorName: m.doctorName, startsAt: m.startsAt, band, cause, cancelledAt: now().toISOString(), status: 'due', refundedAt: null, refundedBy: null, reference: null });
  };
  const cancel = (user: MockUser, m: Meeting, cause: CancelReason, reason: string, noticeFrom: Date) => {
    const band = refundBand(cause, new Date(m.startsAt).getTime() - noticeFrom.getTime());
    m.status = 'cancelled';
    m.cancellation = { at: now().toISOString(), by: user.email, byRole: user.role, cause, reason, band };
    m.history = [...m.history, entry(user, 'cancelled', reason)];
    m.hasOpenRequest = false;
    refundDue(m, band, cause);
  };
  const clash = (m: Meeting, start: Date) =>
    db.meetings.some((o) => o._id !== m._id && o.status === 'scheduled' && (o.doctorId === m.doctorId || o.clientId === m.clientId) && meetingsOverlap(new Date(o.startsAt), start));
  const move = (user: MockUser, m: Meeting, to: { meetingDate: string; meetingTime: string; startsAt: Date }, reason: string) => {
    m.history = [...m.history, entry(user, 'rescheduled', reason, m.startsAt, to.startsAt.toISOString())];
    Object.assign(m, { meetingDate: to.meetingDate, meetingTime: to.meetingTime, startsAt: to.startsAt.toISOString(), hasOpenRequest: false });
  };
  const timeInPast = () => mockFailure(400, M.timeInPast, [{ path: 'meetingTime', message: M.timeInPast }]);
  /** As the API's `associateFor`: an associate their own hours, an admin any verified associate's (named). */
  const associateFor = (user: MockUser, asked: string | undefined): MockUser | Response => {
    if (user.role === 'doctor') {
      if (asked && asked !== user.email) return mockFailure(403, AUTH_MESSAGES.forbidden);
      return user;
    }
    if (!asked) return mockFailure(400, B.slotsDoctorRequired, [{ path: 'doctorId', message: B.slotsDoctorRequired }]);
    const doctor = db.users.find((u) => u.email === asked && u.role === 'doctor' && u.isVerified === 'verified');
    return doctor ?? mockFailure(404, B.associateNotFound);
  };
  const hoursOf = (doctor: MockUser) => ({
    success: true as const,
    doctorId: doctor.email,
    doctorName: doctor.name,
    availability: state.availability.get(doctor.email) ?? EMPTY_AVAILABILITY,
  });

  return [
    mockOperation(api.booking.slots, world, ({ caller, query }) => {
      // As the API: admins ask about any verified associate, an associate about themselves, a client about one they have had a session with.
      const doctor = db.users.find((u) => u.email === query.doctorId && u.role === 'doctor' && u.isVerified === 'verified');
      const allowed =
        doctor &&
        (caller.role === 'admin' ||
          (caller.role === 'doctor' ? doctor._id === caller._id : db.meetings.some((m) => m.clientId === caller.email && m.doctorId === doctor.email)));
      if (!doctor || !allowed) return mockFailure(404, B.associateNotFound);
      const hours = state.availability.get(doctor.email) ?? EMPTY_AVAILABILITY;
      const busy = db.meetings.filter((m) => m.doctorId === doctor.email && m.status === 'scheduled').map((m) => new Date(m.startsAt));
      return { status: 200, body: { success: true, slots: freeSlots(hours, query.date, busy, now()), hasHours: Object.values(hours.weekly).some((r) => r.length > 0) } };
    }),

    mockOperation(api.booking.cancel, world, ({ caller, params, body }) => {
      const m = seen(caller, params.meetingId);
      if (!m) return mockFailure(404, M.notFound);
      if (m.status !== 'scheduled') return mockFailure(409, B.notScheduled);
      if (options(caller, m).cancel !== 'direct') return mockFailure(409, B.cancelNotAllowed);
      cancel(caller, m, caller.role === 'admin' ? (body.cause ?? 'client_request') : 'client_request', body.reason, now());
      return { status: 200, body: { success: true, message: B.cancelled, meeting: m } };
    }),

    mockOperation(api.booking.reschedule, world, ({ caller, params, body }) => {
      if (!isFutureStart(body.startsAt, now())) return timeInPast();
      const m = seen(caller, params.meetingId);
      if (!m) return mockFailure(404, M.notFound);
      if (m.status !== 'scheduled') return mockFailure(409, B.notScheduled);
      const o = options(caller, m);
      if (o.reschedule === 'request') return mockFailure(409, B.rescheduleAskAdmin);
      if (o.reschedule === 'no') return mockFailure(409, B.rescheduleNotAllowed);
      if (caller.role === 'user' && !withinHours(state.availability.get(m.doctorId) ?? EMPTY_AVAILABILITY, body.startsAt)) {
        return mockFailure(400, B.outsideHours, [{ path: 'meetingTime', message: B.outsideHours }]);
      }
      if (body.startsAt.getTime() === Date.parse(m.startsAt)) return mockFailure(400, B.sameTime, [{ path: 'meetingTime', message: B.sameTime }]);
      if (clash(m, body.startsAt)) return mockFailure(409, B.slotTaken, [{ path: 'meetingTime', message: B.slotTaken }]);
      move(caller, m, body, body.reason);
      return { status: 200, body: { success: true, message: B.rescheduled, meeting: m } };
    }),

    mockOperation(api.booking.request, world, ({ caller, params, body }) => {
      if (body.proposed && !isFutureStart(body.proposed.startsAt, now())) return timeInPast();
      const m = seen(caller, params.meetingId);
      if (!m) return mockFailure(404, M.notFound);
      if (m.status !== 'scheduled') return mockFailure(409, B.notScheduled);
      const o = options(caller, m);
      if (body.kind === 'cancel' && caller.role === 'user') return mockFailure(409, B.clientRequestCancel);
      if ((body.kind === 'cancel' ? o.cancel : o.reschedule) === 'no') return mockFailure(409, B.requestNotAllowed);
      if (m.hasOpenRequest) return mockFailure(409, B.requestOpen);
      m.hasOpenRequest = true;
      m.history = [...m.history, entry(caller, 'requested', `${body.kind}: ${body.reason}`, null, body.proposed?.startsAt.toISOString() ?? null)];
      const created: ChangeRequest = {
        _id: objectId(db),
        meetingId: m._id,
        kind: body.kind,
        status: 'open',
        by: caller.email,
        byRole: caller.role,
        reason: body.reason,
        proposed: body.proposed ? { ...body.proposed, startsAt: body.proposed.startsAt.toISOString() } : null,
        createdAt: now().toISOString(),
        decidedAt: null,
        decidedBy: null,
        meeting: m,
      };
      state.requests.push(created);
      return { status: 201, body: { success: true, message: B.requestSent, request: created } };
    }),

    mockOperation(api.booking.attendance, world, ({ caller, params, body }) => {
      const m = seen(caller, params.meetingId);
      if (!m) return mockFailure(404, M.notFound);
      if (m.status !== 'scheduled') return mockFailure(409, B.notScheduled);
      if (!options(caller, m).attendance) return mockFailure(409, B.attendanceTooEarly);
      const outcome = body.outcome;
      m.status = outcome === 'completed' ? 'completed' : 'no_show';
      m.noShowBy = outcome === 'no_show_client' ? 'client' : outcome === 'no_show_associate' ? 'associate' : null;
      m.history = [...m.history, entry(caller, outcome === 'completed' ? 'completed' : 'no_show', m.noShowBy ? `${m.noShowBy} did not attend` : '')];
      if (m.noShowBy === 'associate') refundDue(m, 'full', 'associate_unavailable');
      return { status: 200, body: { success: true, message: B.attendanceSaved, meeting: m } };
    }),

    mockOperation(api.booking.availability, world, ({ caller, query }) => {
      const doctor = associateFor(caller, query.doctorId);
      if (doctor instanceof Response) return doctor;
      return { status: 200, body: hoursOf(doctor) };
    }),

    mockOperation(api.booking.setAvailability, world, ({ caller, query, body }) => {
      const doctor = associateFor(caller, query.doctorId);
      if (doctor instanceof Response) return doctor;
      state.availability.set(doctor.email, { weekly: body.weekly, daysOff: [...new Set(body.daysOff)].sort() });
      return { status: 200, body: { ...hoursOf(doctor), message: B.availabilitySaved } };
    }),

    mockOperation(api.booking.requests, world, () => ({ status: 200, body: { success: true, requests: state.requests.filter((r) => r.status === 'open') } })),

    mockOperation(api.booking.decide, world, ({ caller, params, body }) => {
      const found = state.requests.find((r) => r._id === params.requestId);
      if (!found) return mockFailure(404, B.requestNotFound);
      if (found.status !== 'open') return mockFailure(409, B.requestDecided);
      const m = db.meetings.find((x) => x._id === found.meetingId);
      if (!m) return mockFailure(404, M.notFound);
      if (!body.approve) {
        m.hasOpenRequest = false;
        m.history = [...m.history, entry(caller, 'declined', found.kind)];
      } else if (found.kind === 'cancel') {
        cancel(caller, m, found.byRole === 'doctor' ? 'associate_unavailable' : 'client_request', found.reason, new Date(found.createdAt));
      } else {
        const start = new Date(found.proposed!.startsAt);
        if (clash(m, start)) return mockFailure(409, B.slotTaken);
        move(caller, m, { ...found.proposed!, startsAt: start }, found.reason);
      }
      Object.assign(found, { status: body.approve ? 'approved' : 'declined', decidedAt: now().toISOString(), decidedBy: caller.email, meeting: m });
      return { status: 200, body: { success: true, message: body.approve ? B.requestApproved : B.requestDeclined, request: found } };
    }),

    mockOperation(api.booking.refunds, world, ({ query }) => ({ status: 200, body: { success: true, refunds: state.refunds.filter((r) => r.status === query.status) } })),

    mockOperation(api.booking.markRefund, world, ({ caller, params, body }) => {
      const refund = state.refunds.find((r) => r._id === params.refundId);
      if (!refund) return mockFailure(404, B.refundNotFound);
      if (refund.status !== 'due') return mockFailure(409, B.refundAlreadyMarked);
      Object.assign(refund, { status: 'refunded', refundedAt: now().toISOString(), refundedBy: caller.email, reference: body.reference });
      return { status: 200, body: { success: true, message: B.refundMarked, refund } };
    }),
  ];
}
