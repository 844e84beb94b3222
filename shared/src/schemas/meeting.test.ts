import { describe, expect, it } from 'vitest';
import { MEETING_MESSAGES as M } from '../messages/meeting.ts';
import {
  createMeetingFormSchema,
  createMeetingRequestSchema,
  getMeetingsResponse,
  meetingLookupRequest,
  meetingSchema,
  reportLinkRequest,
  sameParticipantEmail,
  toCreateMeetingRequest,
  userMeetingsRequest,
  verifyEmailRequest,
} from './meeting.ts';
import { rescheduleMeetingRequest } from './booking.ts';
import { LAST_MEETING_DATE, meetingInstant, STORED_INSTANTS } from '../rules/time.ts';
import { errorsOf } from '../../test/zod-errors.ts';

/** 2026-03-10 14:00 in India (08:30 UTC). */
const NOW = new Date('2026-03-10T08:30:00Z');
const clock = () => NOW;
const request = createMeetingRequestSchema(clock);
const form = createMeetingFormSchema(clock);

function validRequest() {
  return {
    clientId: 'client@example.in',
    doctorId: 'doctor@example.in',
    meetingDate: '2026-03-11',
    meetingTime: '02:30 PM',
    meetingLink: 'https://meet.example.in/abc',
    formLink: 'https://forms.example.in/report',
  };
}

function validForm() {
  return {
    clientId: 'client@example.in',
    clientName: 'Asha Rao',
    clientVerified: true,
    doctorId: 'doctor@example.in',
    doctorName: 'Ravi Kumar',
    doctorVerified: true,
    meetingDate: '2026-03-11',
    meetingTime: '02:30',
    meetingPeriod: 'PM' as const,
    meetingLink: 'https://meet.example.in/abc',
    formLink: 'https://forms.example.in/report',
  };
}

describe('createMeetingRequest', () => {
  it('accepts a valid meeting and normalises emails and time', () => {
    const parsed = request.parse({ ...validRequest(), clientId: ' Client@Example.IN ', meetingTime: '2:30 pm' });
    expect(parsed.clientId).toBe('client@example.in');
    expect(parsed.meetingTime).toBe('02:30 PM');
  });

  it('gives the spec messages for missing fields', () => {
    expect(errorsOf(request, {})).toEqual({
      clientId: M.clientEmailRequired,
      doctorId: M.doctorEmailRequired,
      meetingDate: M.dateRequired,
      meetingTime: M.timeRequired,
      meetingLink: M.meetingLinkRequired,
      formLink: M.formLinkRequired,
    });
    const blank = { clientId: ' ', doctorId: '', meetingDate: '', meetingTime: ' ', meetingLink: '', formLink: '' };
    expect(errorsOf(request, blank)).toEqual(errorsOf(request, {}));
    expect(M.clientEmailRequired).toBe('Client email is required');
    expect(M.doctorEmailRequired).toBe('BH Associate email is required');
    expect(M.dateRequired).toBe('Meeting date is required');
    expect(M.timeRequired).toBe('Meeting time is required');
    expect(M.meetingLinkRequired).toBe('Meeting link is required');
    expect(M.formLinkRequired).toBe('Form link is required');
  });

  it('refuses malformed emails', () => {
    expect(errorsOf(request, { ...validRequest(), clientId: 'client@', doctorId: 'nope' })).toEqual({
      clientId: 'Please enter a valid email address',
      doctorId: 'Please enter a valid email address',
    });
  });

  it('requires different participants, ignoring case', () => {
    expect(errorsOf(request, { ...validRequest(), doctorId: 'CLIENT@example.in' })).toEqual({
      doctorId: 'BH Associate and client emails must be different',
    });
  });

  it('reports the email clash even while another field is wrong', () => {
    expect(errorsOf(request, { ...validRequest(), doctorId: 'client@example.in', formLink: '' })).toEqual({
      doctorId: M.emailsMustDiffer,
      formLink: M.formLinkRequired,
    });
  });

  it('accepts today and later, refuses earlier dates in India', () => {
    expect(errorsOf(request, { ...validRequest(), meetingDate: '2026-03-09' })).toEqual({
      meetingDate: 'Meeting date must be today or in the future',
    });
    expect(request.safeParse({ ...validRequest(), meetingDate: '2026-03-10', meetingTime: '11:59 PM' }).success).toBe(true);
  });

  it('uses the India date near midnight UTC', () => {
    // 19:00 UTC on the 10th is already 00:30 on the 11th in India.
    const lateClock = () => new Date('2026-03-10T19:00:00Z');
    const late = createMeetingRequestSchema(lateClock);
    expect(errorsOf(late, { ...validRequest(), meetingDate: '2026-03-10', meetingTime: '11:00 PM' })).toEqual({
      meetingDate: M.dateInPast,
    });
    expect(errorsOf(late, { ...validRequest(), meetingDate: '2026-03-11', meetingTime: '12:15 AM' })).toEqual({
      meetingTime: M.timeInPast,
    });
    expect(late.safeParse({ ...validRequest(), meetingDate: '2026-03-11', meetingTime: '12:45 AM' }).success).toBe(true);
  });

  it('refuses impossible dates', () => {
    for (const bad of ['2026-02-30', '11-03-2026', '2026-3-11', 'tomorrow']) {
      expect(errorsOf(request, { ...validRequest(), meetingDate: bad })).toEqual({ meetingDate: M.dateInvalid });
    }
  });

  // Every instant stored lies where the embedded database's grid reads rely on (STORED_INSTANTS).
  it('takes a date up to LAST_MEETING_DATE and calls a later one invalid', () => {
    expect(meetingInstant(LAST_MEETING_DATE, '11:59 PM')!.getTime()).toBeLessThanOrEqual(STORED_INSTANTS.to.getTime());
    expect(request.safeParse({ ...validRequest(), meetingDate: LAST_MEETING_DATE, meetingTime: '11:59 PM' }).success).toBe(true);
    for (const late of ['2286-11-20', '2300-01-01', '9999-12-31']) {
      expect(errorsOf(request, { ...validRequest(), meetingDate: late })).toEqual({ meetingDate: M.dateInvalid });
      expect(rescheduleMeetingRequest.safeParse({ meetingDate: late, meetingTime: '10:00 AM', reason: 'Moved' }).error?.issues.map((i) => i.message)).toEqual([M.dateInvalid]);
    }
  });

  it('requires a later time when the date is today', () => {
    const today = { ...validRequest(), meetingDate: '2026-03-10' };
    expect(errorsOf(request, { ...today, meetingTime: '02:00 PM' })).toEqual({
      meetingTime: 'Meeting time must be in the future',
    });
    expect(errorsOf(request, { ...today, meetingTime: '01:59 PM' })).toEqual({ meetingTime: M.timeInPast });
    expect(errorsOf(request, { ...today, meetingTime: '02:00 AM' })).toEqual({ meetingTime: M.timeInPast });
    expect(request.safeParse({ ...today, meetingTime: '02:01 PM' }).success).toBe(true);
    // 12 pm is noon and 12 am is midnight: both already past at 2 pm.
    expect(errorsOf(request, { ...today, meetingTime: '12:30 PM' })).toEqual({ meetingTime: M.timeInPast });
    expect(errorsOf(request, { ...today, meetingTime: '12:30 AM' })).toEqual({ meetingTime: M.timeInPast });
  });

  it('reads the clock at parse time, not when the schema is built', () => {
    let now = new Date('2026-03-10T08:30:00Z');
    const moving = createMeetingRequestSchema(() => now);
    const body = { ...validRequest(), meetingDate: '2026-03-10', meetingTime: '03:00 PM' };
    expect(moving.safeParse(body).success).toBe(true);
    now = new Date('2026-03-10T10:00:00Z');
    expect(errorsOf(moving, body)).toEqual({ meetingTime: M.timeInPast });
  });

  it('accepts only 12-hour HH:MM with AM or PM', () => {
    for (const bad of ['13:00 PM', '00:30 AM', '10:60 AM', '10:30', '1030 AM', '10.30 AM', '10:3 AM']) {
      expect(errorsOf(request, { ...validRequest(), meetingTime: bad })).toEqual({
        meetingTime: 'Invalid time format. Use HH:MM',
      });
    }
  });

  it('accepts only http(s) links', () => {
    for (const bad of ['javascript:alert(1)', 'meet.example.in/abc', 'ftp://x.in/a', 'not a url']) {
      expect(errorsOf(request, { ...validRequest(), meetingLink: bad, formLink: bad })).toEqual({
        meetingLink: 'Please enter a valid URL',
        formLink: 'Please enter a valid URL',
      });
    }
    expect(request.safeParse({ ...validRequest(), meetingLink: 'http://meet.example.in/x' }).success).toBe(true);
  });

  it('rejects unknown keys, operators and arrays', () => {
    expect(request.safeParse({ ...validRequest(), reportLink: 'https://x.in' }).success).toBe(false);
    expect(request.safeParse({ ...validRequest(), clientId: { $ne: null } }).success).toBe(false);
    expect(request.safeParse({ ...validRequest(), doctorId: ['doctor@example.in'] }).success).toBe(false);
    expect(request.safeParse({ ...validRequest(), meetingDate: { $gt: '' } }).success).toBe(false);
  });
});

describe('malformed meeting bodies', () => {
  it('fail without throwing', () => {
    for (const body of [null, 'x', [], 5, [validRequest()]]) {
      expect(() => request.safeParse(body)).not.toThrow();
      expect(errorsOf(request, body)).not.toHaveProperty('doctorId');
      expect(request.safeParse(body).success).toBe(false);
      expect(() => form.safeParse(body)).not.toThrow();
      expect(form.safeParse(body).success).toBe(false);
    }
  });
});

describe('createMeetingForm', () => {
  it('maps a valid form to the request body', () => {
    const values = form.parse({ ...validForm(), meetingTime: '2:30' });
    const body = toCreateMeetingRequest(values);
    expect(body).toEqual({ ...validRequest(), meetingTime: '02:30 PM' });
    expect(request.safeParse(body).success).toBe(true);
  });

  it('defaults the period to AM', () => {
    const { meetingPeriod: _omit, ...rest } = validForm();
    expect(form.parse(rest).meetingPeriod).toBe('AM');
  });

  it('asks to verify each participant first', () => {
    expect(errorsOf(form, { ...validForm(), clientVerified: false, doctorVerified: false })).toEqual({
      clientId: 'Please verify the client email first',
      doctorId: 'Please verify the BH Associate email first',
    });
  });

  it('keeps the required message ahead of the verify message', () => {
    expect(errorsOf(form, { ...validForm(), clientId: '', clientVerified: false })).toEqual({
      clientId: M.clientEmailRequired,
    });
  });

  it('checks HH:MM on its own, at most 5 characters', () => {
    for (const bad of ['02:30 PM', '2:3', '13:00', '0:30', '123:45']) {
      expect(errorsOf(form, { ...validForm(), meetingTime: bad })).toEqual({ meetingTime: M.timeInvalid });
    }
  });

  it('combines the time with the period for the future check', () => {
    const today = { ...validForm(), meetingDate: '2026-03-10' };
    expect(errorsOf(form, { ...today, meetingTime: '03:00', meetingPeriod: 'AM' })).toEqual({
      meetingTime: M.timeInPast,
    });
    expect(form.safeParse({ ...today, meetingTime: '03:00', meetingPeriod: 'PM' }).success).toBe(true);
  });

  it('flags identical participants', () => {
    expect(errorsOf(form, { ...validForm(), doctorId: 'Client@Example.in' })).toEqual({ doctorId: M.emailsMustDiffer });
  });

  it("says the emails must differ, not 'verify first', when the client's email is typed as the associate's", () => {
    const typed = { ...validForm(), doctorId: ' CLIENT@example.in', doctorName: '', doctorVerified: false };
    expect(errorsOf(form, typed)).toEqual({ doctorId: M.emailsMustDiffer });
  });

  it('sameParticipantEmail compares trimmed, in any case, and never matches blanks', () => {
    expect(sameParticipantEmail(' Asha@Example.in ', 'asha@example.IN')).toBe(true);
    expect(sameParticipantEmail('asha@example.in', 'ravi@example.in')).toBe(false);
    expect(sameParticipantEmail('  ', '')).toBe(false);
  });
});

describe('small meeting requests', () => {
  it('verify-email needs an email and a user type', () => {
    expect(verifyEmailRequest.parse({ email: ' A@B.in ', userType: 'doctor' })).toEqual({
      email: 'a@b.in',
      userType: 'doctor',
    });
    expect(errorsOf(verifyEmailRequest, { email: '', userType: 'admin' })).toEqual({
      email: 'Email is required',
      userType: 'User type must be client or doctor',
    });
    expect(verifyEmailRequest.safeParse({ email: 'a@b.in', userType: 'client', role: 'admin' }).success).toBe(false);
  });

  it('the lookup asks for a user ID', () => {
    expect(errorsOf(meetingLookupRequest, { email: '  ' })).toEqual({ email: 'Please enter a user ID' });
    expect(errorsOf(userMeetingsRequest, {})).toEqual({ userId: 'Please enter a user ID' });
    expect(errorsOf(meetingLookupRequest, { email: 'asha' })).toEqual({ email: M.invalidEmail });
    expect(userMeetingsRequest.parse({ userId: 'Asha@Example.in' })).toEqual({ userId: 'asha@example.in' });
    expect(meetingLookupRequest.safeParse({ email: { $regex: '.*' } }).success).toBe(false);
  });

  it('the report link must be http(s)', () => {
    expect(errorsOf(reportLinkRequest, { reportLink: '' })).toEqual({ reportLink: 'Report link is required' });
    expect(errorsOf(reportLinkRequest, { reportLink: 'javascript:alert(1)' })).toEqual({ reportLink: M.invalidUrl });
    expect(reportLinkRequest.parse({ reportLink: ' https://forms.example.in/r/1 ' })).toEqual({
      reportLink: 'https://forms.example.in/r/1',
    });
  });
});

describe('meeting responses', () => {
  it('describe a meeting list', () => {
    const meeting = {
      _id: '65f1a2b3c4d5e6f708192a3b',
      meetingDate: '2026-03-11',
      meetingTime: '02:30 PM',
      startsAt: '2026-03-11T09:00:00.000Z',
      meetingLink: 'https://meet.example.in/abc',
      formLink: 'https://forms.example.in/report',
      clientId: 'client@example.in',
      doctorId: 'doctor@example.in',
      clientName: 'Asha Rao',
      doctorName: 'Ravi Kumar',
      userJoinedAt: null,
      docJoinedAt: '2026-03-11T08:58:00.000Z',
      reportLink: '',
      createdAt: '2026-03-10T08:30:00.000Z',
    };
    expect(getMeetingsResponse.parse({ success: true, meetings: [meeting] }).meetings).toHaveLength(1);
    expect(meetingSchema.safeParse({ ...meeting, startsAt: 'tomorrow' }).success).toBe(false);
  });
});
