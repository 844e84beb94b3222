import { BOOKING_MESSAGES as B } from '@bh/shared';
import { api } from '@bh/shared/contract';
import { contractRouter, routeOf } from '../../lib/contract.ts';
import type { Handler } from '../../lib/handler.ts';
import type { AppDeps } from '../../lib/deps.ts';
import {
  associateFor,
  availabilityOf,
  cancelBooking,
  decideRequest,
  listOpenRequests,
  listRefunds,
  markRefunded,
  recordAttendance,
  requestChange,
  rescheduleBooking,
  saveAvailability,
  slotsFor,
} from '../../domain/meetings/booking.service.ts';
import { idOf } from '../../lib/ids.ts';

/**
 * Changing a booking (issue 18), mounted from the shared definitions (`shared/src/contract/
 * booking.ts`): the access row lets the right people through, the service applies the booking
 * policy and ownership.
 */
export function bookingRoutes(deps: AppDeps) {
  const freeSlots: Handler<typeof api.booking.slots> = async (c) => {
    const { doctorId, date } = c.req.valid('query');
    return c.json({ success: true as const, ...(await slotsFor(deps, c.var.account, doctorId, date)) }, 200);
  };

  const openRequests: Handler<typeof api.booking.requests> = async (c) => c.json({ success: true as const, requests: await listOpenRequests(deps) }, 200);

  const decideChange: Handler<typeof api.booking.decide> = async (c) => {
    const { approve } = c.req.valid('json');
    const request = await decideRequest(deps, c.var.account, idOf(c.req.valid('param').requestId), approve);
    return c.json({ success: true as const, message: approve ? B.requestApproved : B.requestDeclined, request }, 200);
  };

  const refundsDue: Handler<typeof api.booking.refunds> = async (c) => c.json({ success: true as const, refunds: await listRefunds(deps, c.req.valid('query').status) }, 200);

  const markRefund: Handler<typeof api.booking.markRefund> = async (c) => {
    const refund = await markRefunded(deps, c.var.account, idOf(c.req.valid('param').refundId), c.req.valid('json').reference);
    return c.json({ success: true as const, message: B.refundMarked, refund }, 200);
  };

  const cancel: Handler<typeof api.booking.cancel> = async (c) => {
    const meeting = await cancelBooking(deps, c.var.account, idOf(c.req.valid('param').meetingId), c.req.valid('json'));
    return c.json({ success: true as const, message: B.cancelled, meeting }, 200);
  };

  const reschedule: Handler<typeof api.booking.reschedule> = async (c) => {
    const meeting = await rescheduleBooking(deps, c.var.account, idOf(c.req.valid('param').meetingId), c.req.valid('json'));
    return c.json({ success: true as const, message: B.rescheduled, meeting }, 200);
  };

  const askForChange: Handler<typeof api.booking.request> = async (c) => {
    const request = await requestChange(deps, c.var.account, idOf(c.req.valid('param').meetingId), c.req.valid('json'));
    return c.json({ success: true as const, message: B.requestSent, request }, 201);
  };

  const attendance: Handler<typeof api.booking.attendance> = async (c) => {
    const meeting = await recordAttendance(deps, c.var.account, idOf(c.req.valid('param').meetingId), c.req.valid('json').outcome);
    return c.json({ success: true as const, message: B.attendanceSaved, meeting }, 200);
  };

  const weeklyHours: Handler<typeof api.booking.availability> = async (c) => {
    const doctor = await associateFor(deps, c.var.account, c.req.valid('query').doctorId);
    return c.json({ success: true as const, doctorId: doctor.email, doctorName: doctor.name, availability: await availabilityOf(deps, doctor._id) }, 200);
  };

  const saveWeeklyHours: Handler<typeof api.booking.setAvailability> = async (c) => {
    const user = c.var.account;
    const doctor = await associateFor(deps, user, c.req.valid('query').doctorId);
    const availability = await saveAvailability(deps, user, doctor._id, c.req.valid('json'));
    return c.json({ success: true as const, message: B.availabilitySaved, doctorId: doctor.email, doctorName: doctor.name, availability }, 200);
  };

  return contractRouter()
    .openapi(routeOf(api.booking.slots), freeSlots)
    .openapi(routeOf(api.booking.requests), openRequests)
    .openapi(routeOf(api.booking.decide), decideChange)
    .openapi(routeOf(api.booking.refunds), refundsDue)
    .openapi(routeOf(api.booking.markRefund), markRefund)
    .openapi(routeOf(api.booking.cancel), cancel)
    .openapi(routeOf(api.booking.reschedule), reschedule)
    .openapi(routeOf(api.booking.request), askForChange)
    .openapi(routeOf(api.booking.attendance), attendance)
    .openapi(routeOf(api.booking.availability), weeklyHours)
    .openapi(routeOf(api.booking.setAvailability), saveWeeklyHours);
}
