import { http, type HttpHandler, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import {
  attendanceRequest,
  availabilityResponse,
  availabilitySchema,
  BOOKING_MESSAGES as B,
  bookingOptions,
  cancelMeetingRequest,
  changeRequestBody,
  changeRequestResponse,
  changeRequestsResponse,
  decideRequestBody,
  EMPTY_AVAILABILITY,
  freeSlots,
  markRefundBody,
  MEETING_MESSAGES as M,
  meetingResponse,
  meetingsOverlap,
  refundBand,
  refundResponse,
  refundsResponse,
  rescheduleMeetingRequest,
  slotsQuery,
  slotsResponse,
  withinHours,
  type Availability,
  type CancelReason,
  type ChangeRequest,
  type Meeting,
  type PolicyActor,
  type Refund,
} from '@bh/shared';
import { api, routerPath } from '@bh/shared/contract';
import { objectId, type MockDb, type MockUser } from './db.ts';

type Handle = (user: MockUser, request: Request, params: Record<string, string>) => Promise<Response> | Response;
export interface BookingMockTools {
  withUser: (key: string, handle: Handle) => Parameters<typeof http.get>[1];
  ok: <S extends z.ZodType<JsonBodyType>>(schema: S, body: z.input<S>, status?: number) => Response;
  fail: (status: number, message: string, errors?: { path: string; message: string }[]) => Response;
  validationFailure: (error: z.ZodError) => Response;
}

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

const path = (op: { path: string }) => `/api/v1${routerPath(op.path)}`;
const actorOf = (u: MockUser): PolicyActor => (u.role === 'admin' ? 'admin' : u.role === 'doctor' ? 'associate' : 'client');
const verified = (u: MockUser) => u.role === 'user' || u.isVerified === 'verified';

async function json(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * MSW handlers for the booking calls (issue 18), from the shared definitions' paths and schemas,
 * applying the same shared policy as the API, so screens can be tested and run without a server.
 */
export function createBookingHandlers(db: MockDb, t: BookingMockTools): HttpHandler[] {
  const state = bookingState(db);
  const now = () => db.now();
  const seen = (user: MockUser, id: string): Meeting | undefined => {
    const m = db.meetings.find((x) => x._id === id);
    if (!m) return undefined;
    if (user.role === 'admin') return m;
    return (user.role === 'user' ? m.clientId : m.doctorId) === user.email ? m : undefined;
  };
  const options = (user: MockUser, m: Meeting) => bookingOptions({ start: new Date(m.startsAt), now: now(), actor: actorOf(user), status: m.status });
  const entry = (user: MockUser, kind: Meeting['history'][number]['kind'], reason: string, from: string | null = null, to: string | null = null) => ({
    kind,
    at: now().toISOString(),
    by: user.email,
    byRole: user.role,
    reason,
    from,
    to,
  });
  const cancel = (user: MockUser, m: Meeting, cause: CancelReason, reason: string, noticeFrom: Date) => {
    const band = refundBand(cause, new Date(m.startsAt).getTime() - noticeFrom.getTime());
    m.status = 'cancelled';
    m.cancellation = { at: now().toISOString(), by: user.email, byRole: user.role, cause, reason, band };
    m.history = [...m.history, entry(user, 'cancelled', reason)];
    m.hasOpenRequest = false;
    if (band !== 'none') {
      state.refunds.unshift({ _id: m._id, meetingId: m._id, clientEmail: m.clientId, clientName: m.clientName, doctorName: m.doctorName, startsAt: m.startsAt, band, cause, cancelledAt: now().toISOString(), status: 'due', refundedAt: null, refundedBy: null, reference: null });
    }
  };
  const clash = (m: Meeting, start: Date) =>
    db.meetings.some((o) => o._id !== m._id && o.status === 'scheduled' && (o.doctorId === m.doctorId || o.clientId === m.clientId) && meetingsOverlap(new Date(o.startsAt), start));
  const move = (user: MockUser, m: Meeting, to: { meetingDate: string; meetingTime: string; startsAt: Date }, reason: string) => {
    m.history = [...m.history, entry(user, 'rescheduled', reason, m.startsAt, to.startsAt.toISOString())];
    Object.assign(m, { meetingDate: to.meetingDate, meetingTime: to.meetingTime, startsAt: to.startsAt.toISOString(), hasOpenRequest: false });
  };
  const staffOnly = (user: MockUser, roles: MockUser['role'][]) => roles.includes(user.role) && verified(user);

  return [
    http.get(path(api.booking.slots), t.withUser('slots', (user, request) => {
      if (!verified(user)) return t.fail(403, 'You do not have permission to perform this action');
      const parsed = slotsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return t.validationFailure(parsed.error);
      const doctor = db.users.find((u) => u.email === parsed.data.doctorId && u.role === 'doctor');
      if (!doctor) return t.fail(404, B.associateNotFound);
      const hours = state.availability.get(doctor.email) ?? EMPTY_AVAILABILITY;
      const busy = db.meetings.filter((m) => m.doctorId === doctor.email && m.status === 'scheduled').map((m) => new Date(m.startsAt));
      return t.ok(slotsResponse, { success: true, slots: freeSlots(hours, parsed.data.date, busy, now()), hasHours: Object.values(hours.weekly).some((r) => r.length > 0) });
    })),

    http.post(path(api.booking.cancel), t.withUser('cancel', async (user, request, params) => {
      if (!verified(user)) return t.fail(403, 'You do not have permission to perform this action');
      const parsed = cancelMeetingRequest.safeParse(await json(request));
      if (!parsed.success) return t.validationFailure(parsed.error);
      const m = seen(user, params.meetingId ?? '');
      if (!m) return t.fail(404, M.notFound);
      if (m.status !== 'scheduled') return t.fail(409, B.notScheduled);
      const o = options(user, m);
      if (o.cancel === 'request') return t.fail(403, B.cancelAskAdmin);
      if (o.cancel === 'no') return t.fail(409, B.cancelNotAllowed);
      cancel(user, m, user.role === 'admin' ? (parsed.data.cause ?? 'client_request') : 'client_request', parsed.data.reason, now());
      return t.ok(meetingResponse, { success: true, message: B.cancelled, meeting: m });
    })),

    http.post(path(api.booking.reschedule), t.withUser('reschedule', async (user, request, params) => {
      if (!verified(user)) return t.fail(403, 'You do not have permission to perform this action');
      const parsed = rescheduleMeetingRequest.safeParse(await json(request));
      if (!parsed.success) return t.validationFailure(parsed.error);
      if (parsed.data.startsAt <= now()) return t.fail(400, M.timeInPast, [{ path: 'meetingTime', message: M.timeInPast }]);
      const m = seen(user, params.meetingId ?? '');
      if (!m) return t.fail(404, M.notFound);
      if (m.status !== 'scheduled') return t.fail(409, B.notScheduled);
      if (user.role === 'doctor') return t.fail(403, B.rescheduleAskAdminAssociate);
      const o = options(user, m);
      if (o.reschedule === 'request') return t.fail(409, B.rescheduleAskAdmin);
      if (o.reschedule === 'no') return t.fail(409, B.rescheduleNotAllowed);
      if (user.role === 'user' && !withinHours(state.availability.get(m.doctorId) ?? EMPTY_AVAILABILITY, parsed.data.startsAt)) {
        return t.fail(400, B.outsideHours, [{ path: 'meetingTime', message: B.outsideHours }]);
      }
      if (clash(m, parsed.data.startsAt)) return t.fail(409, B.slotTaken, [{ path: 'meetingTime', message: B.slotTaken }]);
      move(user, m, parsed.data, parsed.data.reason);
      return t.ok(meetingResponse, { success: true, message: B.rescheduled, meeting: m });
    })),

    http.post(path(api.booking.request), t.withUser('request', async (user, request, params) => {
      if (!staffOnly(user, ['user', 'doctor'])) return t.fail(403, 'You do not have permission to perform this action');
      const parsed = changeRequestBody.safeParse(await json(request));
      if (!parsed.success) return t.validationFailure(parsed.error);
      const m = seen(user, params.meetingId ?? '');
      if (!m) return t.fail(404, M.notFound);
      if (m.status !== 'scheduled') return t.fail(409, B.notScheduled);
      if (parsed.data.kind === 'cancel' && user.role === 'user') return t.fail(409, B.clientRequestCancel);
      const o = options(user, m);
      if ((parsed.data.kind === 'cancel' ? o.cancel : o.reschedule) === 'no') return t.fail(409, B.requestNotAllowed);
      if (m.hasOpenRequest) return t.fail(409, B.requestOpen);
      m.hasOpenRequest = true;
      m.history = [...m.history, entry(user, 'requested', `${parsed.data.kind}: ${parsed.data.reason}`, null, parsed.data.proposed?.startsAt.toISOString() ?? null)];
      const created: ChangeRequest = {
        _id: objectId(db),
        meetingId: m._id,
        kind: parsed.data.kind,
        status: 'open',
        by: user.email,
        byRole: user.role,
        reason: parsed.data.reason,
        proposed: parsed.data.proposed ? { ...parsed.data.proposed, startsAt: parsed.data.proposed.startsAt.toISOString() } : null,
        createdAt: now().toISOString(),
        decidedAt: null,
        decidedBy: null,
        meeting: m,
      };
      state.requests.push(created);
      return t.ok(changeRequestResponse, { success: true, message: B.requestSent, request: created }, 201);
    })),

    http.post(path(api.booking.attendance), t.withUser('attendance', async (user, request, params) => {
      if (!staffOnly(user, ['doctor', 'admin'])) return t.fail(403, 'You do not have permission to perform this action');
      const parsed = attendanceRequest.safeParse(await json(request));
      if (!parsed.success) return t.validationFailure(parsed.error);
      const m = seen(user, params.meetingId ?? '');
      if (!m) return t.fail(404, M.notFound);
      if (m.status !== 'scheduled') return t.fail(409, B.notScheduled);
      if (!options(user, m).attendance) return t.fail(409, B.attendanceTooEarly);
      const outcome = parsed.data.outcome;
      m.status = outcome === 'completed' ? 'completed' : 'no_show';
      m.noShowBy = outcome === 'no_show_client' ? 'client' : outcome === 'no_show_associate' ? 'associate' : null;
      m.history = [...m.history, entry(user, outcome === 'completed' ? 'completed' : 'no_show', m.noShowBy ? `${m.noShowBy} did not attend` : '')];
      return t.ok(meetingResponse, { success: true, message: B.attendanceSaved, meeting: m });
    })),

    ...([api.booking.availability, api.booking.setAvailability] as const).map((op) =>
      http[op.method](path(op), t.withUser(op.operationId, async (user, request) => {
        if (!staffOnly(user, ['doctor', 'admin'])) return t.fail(403, 'You do not have permission to perform this action');
        const asked = new URL(request.url).searchParams.get('doctorId') ?? undefined;
        if (user.role === 'doctor' && asked && asked !== user.email) return t.fail(403, 'You do not have permission to perform this action');
        if (user.role === 'admin' && !asked) return t.fail(400, B.slotsDoctorRequired, [{ path: 'doctorId', message: B.slotsDoctorRequired }]);
        const doctor = user.role === 'doctor' ? user : db.users.find((u) => u.email === asked && u.role === 'doctor' && u.isVerified === 'verified');
        if (!doctor) return t.fail(404, B.associateNotFound);
        if (op.method === 'put') {
          const parsed = availabilitySchema.safeParse(await json(request));
          if (!parsed.success) return t.validationFailure(parsed.error);
          state.availability.set(doctor.email, { weekly: parsed.data.weekly, daysOff: [...new Set(parsed.data.daysOff)].sort() });
        }
        return t.ok(availabilityResponse, {
          success: true,
          ...(op.method === 'put' ? { message: B.availabilitySaved } : {}),
          doctorId: doctor.email,
          doctorName: doctor.name,
          availability: state.availability.get(doctor.email) ?? EMPTY_AVAILABILITY,
        });
      })),
    ),

    http.get(path(api.booking.requests), t.withUser('requests', (user) => {
      if (!staffOnly(user, ['admin'])) return t.fail(403, 'Access denied. Admin only.');
      return t.ok(changeRequestsResponse, { success: true, requests: state.requests.filter((r) => r.status === 'open') });
    })),

    http.post(path(api.booking.decide), t.withUser('decide', async (user, request, params) => {
      if (!staffOnly(user, ['admin'])) return t.fail(403, 'Access denied. Admin only.');
      const parsed = decideRequestBody.safeParse(await json(request));
      if (!parsed.success) return t.validationFailure(parsed.error);
      const found = state.requests.find((r) => r._id === params.requestId);
      if (!found) return t.fail(404, B.requestNotFound);
      if (found.status !== 'open') return t.fail(409, B.requestDecided);
      const m = db.meetings.find((x) => x._id === found.meetingId)!;
      if (!parsed.data.approve) {
        m.hasOpenRequest = false;
        m.history = [...m.history, entry(user, 'declined', found.kind)];
      } else if (found.kind === 'cancel') {
        cancel(user, m, found.byRole === 'doctor' ? 'associate_unavailable' : 'client_request', found.reason, new Date(found.createdAt));
      } else {
        const start = new Date(found.proposed!.startsAt);
        if (clash(m, start)) return t.fail(409, B.slotTaken);
        move(user, m, { ...found.proposed!, startsAt: start }, found.reason);
      }
      Object.assign(found, { status: parsed.data.approve ? 'approved' : 'declined', decidedAt: now().toISOString(), decidedBy: user.email, meeting: m });
      return t.ok(changeRequestResponse, { success: true, message: parsed.data.approve ? B.requestApproved : B.requestDeclined, request: found });
    })),

    http.get(path(api.booking.refunds), t.withUser('refunds', (user, request) => {
      if (!staffOnly(user, ['admin'])) return t.fail(403, 'Access denied. Admin only.');
      const status = new URL(request.url).searchParams.get('status') ?? 'due';
      return t.ok(refundsResponse, { success: true, refunds: state.refunds.filter((r) => r.status === status) });
    })),

    http.post(path(api.booking.markRefund), t.withUser('markRefund', async (user, request, params) => {
      if (!staffOnly(user, ['admin'])) return t.fail(403, 'Access denied. Admin only.');
      const parsed = markRefundBody.safeParse(await json(request));
      if (!parsed.success) return t.validationFailure(parsed.error);
      const refund = state.refunds.find((r) => r._id === params.refundId);
      if (!refund) return t.fail(404, B.refundNotFound);
      if (refund.status !== 'due') return t.fail(409, B.refundAlreadyMarked);
      Object.assign(refund, { status: 'refunded', refundedAt: now().toISOString(), refundedBy: user.email, reference: parsed.data.reference });
      return t.ok(refundResponse, { success: true, message: B.refundMarked, refund });
    })),
  ];
}
