import { z } from 'zod';
import { BOOKING_MESSAGES as B } from '../messages/booking.ts';
import { MEETING_MESSAGES as M } from '../messages/meeting.ts';
import { ATTENDANCE_OUTCOMES, CANCEL_REASONS, REFUND_BANDS } from '../rules/booking-policy.ts';
import { minutesOfDay, WEEKDAYS, type Availability } from '../rules/availability.ts';
import { meetingInstant } from '../rules/time.ts';
import { emailField, lineString, objectIdString } from './common.ts';
import { type Clock, isoDateField, whenFieldsValid } from './fields.ts';
import { meetingCalendarDateField, meetingSchema, meetingTimeWithPeriod, startsInFuture } from './meeting.ts';
import { ROLES } from './user.ts';
import { cleanText, hasVisibleText } from '../rules/text.ts';

const isoInstant = z.iso.datetime();

/** Why someone changes a booking: required, visible text, at most 500 characters. */
const reasonField = z
  .string({ error: B.reasonRequired })
  .overwrite(cleanText)
  .trim()
  .min(1, B.reasonRequired)
  .refine((v) => v === '' || hasVisibleText(v), B.reasonRequired)
  .max(500, B.reasonTooLong);

/**
 * POST /api/v1/meeting/{id}/cancel. `cause` is the admin's choice (a technical failure or the
 * associate's absence is refunded in full); a client's cancellation is always their own request.
 */
export const cancelMeetingRequest = z.strictObject({
  reason: reasonField,
  cause: z.enum(CANCEL_REASONS, { error: 'Cause must be client_request, associate_unavailable or technical_failure' }).optional(),
});
export type CancelMeetingRequest = z.input<typeof cancelMeetingRequest>;

/**
 * A new India date and 12-hour time, parsed once into the instant the service receives. Whether
 * it lies ahead is the service's check against its clock (the contract's schema has no clock).
 */
const newTimeFields = {
  meetingDate: meetingCalendarDateField(),
  meetingTime: meetingTimeWithPeriod,
};

/** POST /api/v1/meeting/{id}/reschedule: the new time and why. */
export const rescheduleMeetingRequest = z
  .strictObject({ ...newTimeFields, reason: reasonField })
  .transform((v) => ({ ...v, startsAt: meetingInstant(v.meetingDate, v.meetingTime)! }));
export type RescheduleMeetingRequest = z.input<typeof rescheduleMeetingRequest>;
export type RescheduleMeetingData = z.output<typeof rescheduleMeetingRequest>;

export const CHANGE_REQUEST_KINDS = ['cancel', 'reschedule'] as const;
export type ChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number];

/** POST /api/v1/meeting/{id}/request: ask an admin to cancel, or to move the session to a time. */
export const changeRequestBody = z
  .strictObject({
    kind: z.enum(CHANGE_REQUEST_KINDS, { error: 'Kind must be cancel or reschedule' }),
    reason: reasonField,
    meetingDate: newTimeFields.meetingDate.optional(),
    meetingTime: newTimeFields.meetingTime.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'reschedule') return;
    if (!v.meetingDate) ctx.addIssue({ code: 'custom', message: M.dateRequired, path: ['meetingDate'] });
    if (!v.meetingTime) ctx.addIssue({ code: 'custom', message: M.timeRequired, path: ['meetingTime'] });
  })
  .transform((v) => ({
    kind: v.kind,
    reason: v.reason,
    proposed:
      v.kind === 'reschedule' && v.meetingDate && v.meetingTime
        ? { meetingDate: v.meetingDate, meetingTime: v.meetingTime, startsAt: meetingInstant(v.meetingDate, v.meetingTime)! }
        : null,
  }));
export type ChangeRequestBody = z.input<typeof changeRequestBody>;
export type ChangeRequestData = z.output<typeof changeRequestBody>;

/** The portal's reschedule and request forms check the new time against the clock before sending. */
export function startsAheadOf(now: Clock) {
  return (v: { meetingDate: string; meetingTime: string }) => startsInFuture(now)(v);
}

/** POST /api/v1/meeting/{id}/attendance. */
export const attendanceRequest = z.strictObject({
  outcome: z.enum(ATTENDANCE_OUTCOMES, { error: 'Outcome must be completed, no_show_client or no_show_associate' }),
});
export type AttendanceRequest = z.input<typeof attendanceRequest>;

/** GET /api/v1/meeting/slots?doctorId=&date=: the associate (by email) and an India date. */
export const slotsQuery = z.strictObject({
  doctorId: emailField(B.slotsDoctorRequired, M.invalidEmail),
  date: isoDateField(M.dateRequired, M.dateInvalid),
});
export type SlotsQuery = z.input<typeof slotsQuery>;

export const slotSchema = z.object({ meetingDate: z.string(), meetingTime: z.string(), startsAt: isoInstant });

export const slotsResponse = z.object({
  success: z.literal(true),
  slots: z.array(slotSchema),
  /** The associate has set working hours at all (no hours: no slots, and typed times do not warn). */
  hasHours: z.boolean(),
});
export type SlotsResponse = z.infer<typeof slotsResponse>;

const hoursRange = z
  .strictObject({
    start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, B.hoursInvalid),
    end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, B.hoursInvalid),
  })
  .refine((r) => (minutesOfDay(r.start) ?? 0) < (minutesOfDay(r.end) ?? 0), { message: B.hoursOrder, path: ['end'], when: whenFieldsValid('start', 'end') });

const dayRanges = z
  .array(hoursRange)
  .max(6, B.tooManyRanges)
  .refine((ranges) => {
    const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
    return sorted.every((r, i) => i === 0 || sorted[i - 1]!.end <= r.start);
  }, B.hoursOverlap);

/** An associate's weekly hours and days off, as the portal edits them and the API stores them. */
export const availabilitySchema = z.strictObject({
  weekly: z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges])) as Record<(typeof WEEKDAYS)[number], typeof dayRanges>),
  daysOff: z.array(isoDateField(B.dayOffInvalid, B.dayOffInvalid)).max(366, B.tooManyDaysOff),
}) satisfies z.ZodType<Availability>;
export type AvailabilityInput = z.input<typeof availabilitySchema>;

/** GET/PUT /api/v1/availability?doctorId=: an associate omits it (their own), an admin names one. */
export const availabilityQuery = z.strictObject({ doctorId: emailField(B.slotsDoctorRequired, M.invalidEmail).optional() });

export const availabilityResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  doctorId: z.string(),
  doctorName: z.string(),
  availability: availabilitySchema,
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

export const CHANGE_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;

/** A request an admin decides: the meeting, who asks, what and why. */
export const changeRequestSchema = z.object({
  _id: z.string(),
  meetingId: z.string(),
  kind: z.enum(CHANGE_REQUEST_KINDS),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  by: z.string(),
  byRole: z.enum(ROLES),
  reason: z.string(),
  /** The proposed new start of a reschedule. */
  proposed: z.object({ meetingDate: z.string(), meetingTime: z.string(), startsAt: isoInstant }).nullable(),
  createdAt: isoInstant,
  decidedAt: isoInstant.nullable(),
  decidedBy: z.string().nullable(),
  meeting: meetingSchema,
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const changeRequestResponse = z.object({ success: z.literal(true), message: z.string(), request: changeRequestSchema });
export const changeRequestsResponse = z.object({ success: z.literal(true), requests: z.array(changeRequestSchema) });

/** POST /api/v1/meeting/requests/{requestId}/decide. */
export const decideRequestBody = z.strictObject({ approve: z.boolean({ error: 'Approve must be true or false' }) });
export const requestIdParam = z.strictObject({ requestId: objectIdString });

/** A refund to make in the payment provider, one per cancelled meeting with a refund. */
export const refundSchema = z.object({
  _id: z.string(),
  meetingId: z.string(),
  clientEmail: z.string(),
  clientName: z.string(),
  doctorName: z.string(),
  startsAt: isoInstant,
  band: z.enum(REFUND_BANDS),
  cause: z.enum(CANCEL_REASONS),
  cancelledAt: isoInstant,
  status: z.enum(['due', 'refunded']),
  refundedAt: isoInstant.nullable(),
  refundedBy: z.string().nullable(),
  reference: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundsQuery = z.strictObject({ status: z.enum(['due', 'refunded']).default('due') });
export const refundsResponse = z.object({ success: z.literal(true), refunds: z.array(refundSchema) });
export const refundResponse = z.object({ success: z.literal(true), message: z.string(), refund: refundSchema });
export const markRefundBody = z.strictObject({
  reference: lineString(B.referenceRequired).overwrite(cleanText).trim().min(1, B.referenceRequired).max(200, B.referenceRequired),
});
export const refundIdParam = z.strictObject({ refundId: objectIdString });
