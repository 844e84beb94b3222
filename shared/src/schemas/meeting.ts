import { z } from 'zod';
import { AUTH_MESSAGES } from '../messages/index.ts';
import { MEETING_MESSAGES as M } from '../messages/meeting.ts';
import { istDateString, LAST_MEETING_DATE, meetingInstant, parseIsoDate, parseTime12h, TIME_12H_PATTERN, time12h } from '../rules/time.ts';
import { TIME_INPUT_MAX_LENGTH } from '../rules/time-input.ts';
import { emailField, objectIdString, successResponse } from './common.ts';
import { cancellationSchema, historyEntrySchema } from './booking-record.ts';
import { MEETING_STATUSES, NO_SHOW_PARTIES } from '../rules/booking-policy.ts';
import { type Clock, httpUrlField, isoDateField, systemClock, whenFieldsValid } from './fields.ts';

export const MEETING_PERIODS = ['AM', 'PM'] as const;
export type MeetingPeriod = (typeof MEETING_PERIODS)[number];

/**
 * True when two typed participant emails name the same account: compared as they are stored,
 * trimmed and in any case (spec §5). Blank never matches.
 */
export function sameParticipantEmail(a: string, b: string): boolean {
  const left = a.trim().toLowerCase();
  return left !== '' && left === b.trim().toLowerCase();
}

export const MEETING_USER_TYPES = ['client', 'doctor'] as const;
export type MeetingUserType = (typeof MEETING_USER_TYPES)[number];

const clientEmail = () => emailField(M.clientEmailRequired, M.invalidEmail);
const doctorEmail = () => emailField(M.doctorEmailRequired, M.invalidEmail);
const meetingLink = () => httpUrlField(M.meetingLinkRequired, M.invalidUrl);
const formLink = () => httpUrlField(M.formLinkRequired, M.invalidUrl);

/** A meeting's date: a date on India's calendar no later than LAST_MEETING_DATE (said as invalid). */
export function meetingCalendarDateField() {
  return isoDateField(M.dateRequired, M.dateInvalid).refine((v) => parseIsoDate(v) === null || v <= LAST_MEETING_DATE, M.dateInvalid);
}

export function meetingDateField(now: Clock) {
  return meetingCalendarDateField().refine(
    (v) => parseIsoDate(v) === null || v >= istDateString(now()),
    M.dateInPast,
  );
}

export const meetingTimeWithPeriod = z
  .string({ error: M.timeRequired })
  .trim()
  .min(1, M.timeRequired)
  .max(16, M.timeInvalid)
  .transform((v, ctx) => {
    const parsed = parseTime12h(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: M.timeInvalid });
      return z.NEVER;
    }
    return time12h(parsed.hours, parsed.minutes);
  });

/**
 * The client and the associate are two people (spec §5), emails compared as stored; said on the
 * associate's field. The request and the schedule form refine with the same check.
 */
function distinctParticipants(v: { clientId: string; doctorId: string }): boolean {
  return v.clientId !== v.doctorId;
}
const participantsMustDiffer = { message: M.emailsMustDiffer, path: ['doctorId'], when: whenFieldsValid('clientId', 'doctorId') };

/** "Today" dates still need a time that has not passed yet, in India's clock. */
export function startsInFuture(now: Clock) {
  return (v: { meetingDate: string; meetingTime: string }) => {
    const start = meetingInstant(v.meetingDate, v.meetingTime);
    return start !== null && start.getTime() > now().getTime();
  };
}

/**
 * POST /api/v1/meeting/create-meeting. Participants are emails (compared case-insensitively),
 * the date and 12-hour time are India's, and the meeting must start after `now`.
 */
export function createMeetingRequestSchema(now: Clock = systemClock) {
  return z
    .strictObject({
      clientId: clientEmail(),
      doctorId: doctorEmail(),
      meetingDate: meetingDateField(now),
      meetingTime: meetingTimeWithPeriod,
      meetingLink: meetingLink(),
      formLink: formLink(),
    })
    .refine(distinctParticipants, participantsMustDiffer)
    .refine(startsInFuture(now), {
      message: M.timeInPast,
      path: ['meetingTime'],
      when: whenFieldsValid('meetingDate', 'meetingTime'),
    })
    // The time is parsed once, here: the service receives the instant.
    .transform((v) => ({ ...v, startsAt: meetingInstant(v.meetingDate, v.meetingTime)! }));
}
export const createMeetingRequest = createMeetingRequestSchema();
export type CreateMeetingRequest = z.input<typeof createMeetingRequest>;
export type CreateMeetingData = z.output<typeof createMeetingRequest>;

/**
 * The admin's "Schedule New Meeting" form (spec §2.16): time typed as 'HH:MM' with a separate
 * AM/PM toggle, and each participant verified before submitting. Map it with toCreateMeetingRequest.
 */
export function createMeetingFormSchema(now: Clock = systemClock) {
  return z
    .object({
      clientId: clientEmail(),
      clientName: z.string().default(''),
      clientVerified: z.boolean().default(false),
      doctorId: doctorEmail(),
      doctorName: z.string().default(''),
      doctorVerified: z.boolean().default(false),
      meetingDate: meetingDateField(now),
      meetingTime: z
        .string({ error: M.timeRequired })
        .trim()
        .min(1, M.timeRequired)
        .max(TIME_INPUT_MAX_LENGTH, M.timeInvalid)
        .regex(TIME_12H_PATTERN, M.timeInvalid),
      meetingPeriod: z.enum(MEETING_PERIODS, { error: M.periodInvalid }).default('AM'),
      meetingLink: meetingLink(),
      formLink: formLink(),
    })
    // The clash comes before 'verify first': the client's email typed as the associate's is a
    // mistake verifying cannot fix, so it is the message the admin needs (spec §5).
    .refine(distinctParticipants, participantsMustDiffer)
    .refine((v) => v.clientVerified, {
      message: M.verifyClientFirst,
      path: ['clientId'],
      when: whenFieldsValid('clientId', 'clientVerified'),
    })
    .refine((v) => v.doctorVerified, {
      message: M.verifyDoctorFirst,
      path: ['doctorId'],
      when: whenFieldsValid('doctorId', 'doctorVerified'),
    })
    .refine((v) => startsInFuture(now)({ meetingDate: v.meetingDate, meetingTime: `${v.meetingTime} ${v.meetingPeriod}` }), {
      message: M.timeInPast,
      path: ['meetingTime'],
      when: whenFieldsValid('meetingDate', 'meetingTime', 'meetingPeriod'),
    });
}
export const createMeetingForm = createMeetingFormSchema();
export type CreateMeetingFormInput = z.input<typeof createMeetingForm>;
export type CreateMeetingFormValues = z.output<typeof createMeetingForm>;

/** The request body for a validated schedule form. */
export function toCreateMeetingRequest(form: CreateMeetingFormValues): CreateMeetingRequest {
  const [hours = '', minutes = ''] = form.meetingTime.split(':');
  return {
    clientId: form.clientId,
    doctorId: form.doctorId,
    meetingDate: form.meetingDate,
    meetingTime: `${hours.padStart(2, '0')}:${minutes} ${form.meetingPeriod}`,
    meetingLink: form.meetingLink,
    formLink: form.formLink,
  };
}

/** POST /api/v1/meeting/verify-email: checks a participant before scheduling. */
export const verifyEmailRequest = z.strictObject({
  email: emailField(AUTH_MESSAGES.emailRequired, M.invalidEmail),
  userType: z.enum(MEETING_USER_TYPES, { error: 'User type must be client or doctor' }),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;

/** Answer of verify-email: the participant's name fills the read-only field. */
export const verifyEmailResponse = successResponse({
  message: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
});

const lookupEmail = () => emailField(M.lookupInputRequired, M.invalidEmail);

/** The meetings lookup screen: meetings of the user with this Better Health ID. */
export const meetingLookupRequest = z.strictObject({ email: lookupEmail() });
export type MeetingLookupRequest = z.input<typeof meetingLookupRequest>;

/** POST /api/v1/meeting/userMeetings: the spec's body, where the user ID is the email-shaped Better Health ID. */
export const userMeetingsRequest = z.strictObject({ userId: lookupEmail() });

/** Sets the report link of a held meeting (the associate's filled report form). */
export const reportLinkRequest = z.strictObject({
  reportLink: httpUrlField(M.reportLinkRequired, M.invalidUrl),
});
export type ReportLinkRequest = z.input<typeof reportLinkRequest>;

/** Path parameter of the meeting calls (join, delete, report). */
export const meetingIdParam = z.strictObject({ meetingId: objectIdString });

const isoInstant = z.iso.datetime();

/** A meeting as every meeting call returns it. */
export const meetingSchema = z.object({
  _id: z.string(),
  meetingDate: z.string(),
  meetingTime: z.string(),
  /** The start as a UTC instant, computed from the date and time in Asia/Kolkata. */
  startsAt: isoInstant,
  meetingLink: z.string(),
  formLink: z.string(),
  /** The client's email. */
  clientId: z.string(),
  /** The BH Associate's email. */
  doctorId: z.string(),
  clientName: z.string(),
  doctorName: z.string(),
  userJoinedAt: isoInstant.nullable(),
  docJoinedAt: isoInstant.nullable(),
  /** '' until the associate submits the report. */
  reportLink: z.string(),
  createdAt: isoInstant,
  /** The life cycle (issue 18). Answers from before it read as scheduled. */
  status: z.enum(MEETING_STATUSES).default('scheduled'),
  cancellation: cancellationSchema.nullable().default(null),
  noShowBy: z.enum(NO_SHOW_PARTIES).nullable().default(null),
  /** Every change after scheduling, oldest first. */
  history: z.array(historyEntrySchema).default([]),
  /** A change request waits for an admin. */
  hasOpenRequest: z.boolean().default(false),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** GET /api/v1/meeting/get-meetings and the lookup calls, sorted by start ascending. */
export const getMeetingsResponse = successResponse({
  meetings: z.array(meetingSchema),
});

/** Answer of create-meeting, join and report-link calls: the meeting as it now stands. */
export const meetingResponse = successResponse({
  message: z.string(),
  meeting: meetingSchema,
});
