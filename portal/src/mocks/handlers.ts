import { HttpResponse, type HttpHandler } from 'msw';
import {
  ACCOUNT_LINK_MESSAGES,
  ADMIN_MEETINGS_WINDOW,
  AUTH_MESSAGES,
  checkUploadCandidate,
  claimedFileKind,
  isJoinWindowOpen,
  MEETING_MESSAGES,
  OUTBOX_MESSAGES,
  PARTICIPANT_MEETINGS_LIMIT,
  PAYMENT_MESSAGES,
  REGISTRATION_MESSAGES,
  servicesCatalogue,
  UPLOAD_MESSAGES,
  uploadFieldSchema,
  uploadUrl,
  type Meeting,
  seesMeeting,
  takesPart,
  type PublicUser,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { sortByStart } from '../meetings/meetingTime.ts';
import { applicationConsent, applicationView, latestApplication, recordApplicationConsent, withKeptNumbers } from './applications.ts';
import { mockFailure, mockOperation, validationFailure, type MockWorldAccess } from './contract.ts';
import { objectId, type MockDb, type MockUser } from './db.ts';
import { readMultipart } from './multipart.ts';
import { createBookingHandlers } from './booking.ts';
import { privacyHandlers } from './privacy.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function publicUser(user: MockUser): PublicUser {
  const { password: _password, ...rest } = user;
  return rest;
}

/** A participant's own meetings (an associate's as the associate); an admin's are every meeting. */
export function ownMeetings(db: MockDb, user: MockUser): Meeting[] {
  return db.meetings.filter((m) => seesMeeting({ role: user.role, id: user.email }, m));
}

/** As the API lists a participant's meetings: their latest by start, at most PARTICIPANT_MEETINGS_LIMIT, ascending. */
function latest(meetings: Meeting[]): Meeting[] {
  return sortByStart(meetings).slice(-PARTICIPANT_MEETINGS_LIMIT);
}

/** The mock's view of the signed-in account and the failures a test asked for, for `mockOperation`. */
export function mockWorld(db: MockDb): MockWorldAccess<MockUser> {
  return {
    session: () => db.users.find((u) => u._id === db.sessionUserId) ?? null,
    failures: db.failures,
  };
}

/**
 * The API calls of the portal's own screens, each registered from its shared operation
 * definition (method, path, guard from DESIGN §5's table, input and answers parsed with its
 * schemas), on an in-memory state. `db.failures[api.meeting.list.operationId] = 503` makes that
 * call fail, for error-path tests. The admin calls are in `mocks/admin-handlers.ts`.
 */
export function createHandlers(db: MockDb): HttpHandler[] {
  const world = mockWorld(db);
  const findMeeting = (user: MockUser, id: string) => ownMeetings(db, user).find((m) => m._id === id);

  return [
    ...createBookingHandlers(db, world),
    // ---- user ----
    mockOperation(
      api.user.login,
      world,
      ({ body }) => {
        const user = db.users.find((u) => u.email === body.email && u.password === body.password);
        if (!user) return mockFailure(401, AUTH_MESSAGES.invalidCredentials);
        db.sessionUserId = user._id;
        return { status: 200, body: { success: true, message: AUTH_MESSAGES.loginSuccess, user: publicUser(user) } };
      },
      { failureMessage: AUTH_MESSAGES.tooManyAttempts },
    ),

    mockOperation(api.user.logout, world, () => {
      db.sessionUserId = null;
      return { status: 200, body: { success: true, message: AUTH_MESSAGES.loggedOut } };
    }),

    mockOperation(api.user.profile, world, ({ caller }) => ({ status: 200, body: { success: true, user: publicUser(caller) } })),

    // ---- emailed one-time links (DESIGN §3) ----
    mockOperation(api.accountLinks.forgotPassword, world, ({ body }) => {
      const user = db.users.find((u) => u.email === body.email);
      if (user) db.accountLinks.push({ token: `reset-${objectId(db)}`, userId: user._id, purpose: 'reset', used: false });
      return { status: 200, body: { success: true, message: ACCOUNT_LINK_MESSAGES.forgotPasswordSent } };
    }),

    mockOperation(api.accountLinks.resetPassword, world, ({ body }) => {
      const link = db.accountLinks.find((l) => l.token === body.token && l.purpose === 'reset' && !l.used);
      const user = link && db.users.find((u) => u._id === link.userId);
      if (!link || !user) return validationFailure([{ path: ['token'], message: ACCOUNT_LINK_MESSAGES.linkInvalid }]);
      link.used = true;
      user.password = body.password;
      if (db.sessionUserId === user._id) db.sessionUserId = null;
      return { status: 200, body: { success: true, message: ACCOUNT_LINK_MESSAGES.passwordReset } };
    }),

    mockOperation(api.accountLinks.acceptInvitation, world, ({ body }) => {
      const link = db.accountLinks.find((l) => l.token === body.token && l.purpose === 'invitation' && !l.used);
      const user = link && db.users.find((u) => u._id === link.userId);
      if (!link || !user) return validationFailure([{ path: ['token'], message: ACCOUNT_LINK_MESSAGES.linkInvalid }]);
      link.used = true;
      user.password = body.password;
      db.sessionUserId = user._id;
      return { status: 200, body: { success: true, message: ACCOUNT_LINK_MESSAGES.invitationAccepted, user: publicUser(user) } };
    }),

    mockOperation(api.calendar.meetingIcs, world, ({ caller, params }) => {
      const meeting = findMeeting(caller, params.meetingId);
      if (!meeting) return mockFailure(404, OUTBOX_MESSAGES.calendarNotFound);
      const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'METHOD:PUBLISH', 'BEGIN:VEVENT', `UID:meeting-${meeting._id}@mock`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
      return new HttpResponse(text, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
    }),

    // ---- meetings ----
    mockOperation(api.meeting.list, world, ({ caller }) => {
      if (caller.role !== 'admin') return { status: 200, body: { success: true, meetings: latest(ownMeetings(db, caller)) } };
      // A verified admin's dashboard is a bounded window around now, as the API answers (the grid pages through the rest).
      const now = db.now().getTime();
      const from = now - ADMIN_MEETINGS_WINDOW.pastDays * DAY_MS;
      const to = now + ADMIN_MEETINGS_WINDOW.futureDays * DAY_MS;
      const meetings = sortByStart(db.meetings.filter((m) => Date.parse(m.startsAt) >= from && Date.parse(m.startsAt) <= to));
      return { status: 200, body: { success: true, meetings: meetings.slice(0, ADMIN_MEETINGS_WINDOW.limit) } };
    }),

    mockOperation(api.meeting.delete, world, ({ params }) => {
      const index = db.meetings.findIndex((m) => m._id === params.meetingId);
      if (index < 0) return mockFailure(404, MEETING_MESSAGES.notFound);
      db.meetings.splice(index, 1);
      return { status: 200, body: { success: true, message: MEETING_MESSAGES.deleted } };
    }),

    mockOperation(api.meeting.recordJoin, world, ({ caller, params }) => {
      // As the API: only the meeting's own participant joins it, on their side.
      const meeting = db.meetings.find((m) => m._id === params.meetingId && takesPart({ role: caller.role, id: caller.email }, m));
      if (!meeting) return mockFailure(404, MEETING_MESSAGES.notFound);
      if (meeting.status === 'cancelled' || !isJoinWindowOpen(new Date(meeting.startsAt), db.now())) return mockFailure(409, MEETING_MESSAGES.joinClosed);
      const at = db.now().toISOString();
      if (caller.role === 'user') meeting.userJoinedAt ??= at;
      else meeting.docJoinedAt ??= at;
      return { status: 200, body: { success: true, message: MEETING_MESSAGES.joinRecorded, meeting } };
    }),

    mockOperation(api.meeting.setReport, world, ({ caller, params, body }) => {
      const meeting = findMeeting(caller, params.meetingId);
      if (!meeting) return mockFailure(404, MEETING_MESSAGES.notFound);
      meeting.reportLink = body.reportLink;
      return { status: 200, body: { success: true, message: MEETING_MESSAGES.reportSaved, meeting } };
    }),

    mockOperation(api.meeting.lookup, world, ({ caller, body }) => {
      const target = body.email;
      const meetings = ownMeetings(db, caller).filter((m) => m.clientId === target || m.doctorId === target);
      return { status: 200, body: { success: true, meetings: latest(meetings) } };
    }),

    // ---- payments (public) ----
    mockOperation(api.payments.services, world, () => ({ status: 200, body: { success: true, data: servicesCatalogue() } }), {
      failureMessage: PAYMENT_MESSAGES.servicesFailed,
    }),

    mockOperation(
      api.payments.defaultLink,
      world,
      ({ params }) => {
        const link = db.paymentLinks[params.service][params.planType];
        if (!link) return mockFailure(404, PAYMENT_MESSAGES.paymentLinkMissing);
        return { status: 200, body: { success: true, data: { paymentLink: link } } };
      },
      { invalidParams: { status: 404, message: PAYMENT_MESSAGES.unknownServiceOrPlan }, failureMessage: PAYMENT_MESSAGES.paymentLinkMissing },
    ),

    // ---- registration ----
    mockOperation(api.register.checkVerified, world, ({ caller }) => ({
      status: 200,
      body: { success: true, isVerified: caller.isVerified, ...(caller.rejectionReason ? { rejectionReason: caller.rejectionReason } : {}) },
    })),

    mockOperation(api.register.ownApplication, world, ({ caller }) => {
      const found = latestApplication(db, caller._id);
      if (!found) return mockFailure(404, REGISTRATION_MESSAGES.noApplication);
      return { status: 200, body: { success: true, application: applicationView(found.application, found.submittedAt, applicationConsent(db, caller._id)) } };
    }),

    mockOperation(api.register.submit, world, ({ caller, body }) => {
      if (caller.isVerified === 'pending') return mockFailure(409, REGISTRATION_MESSAGES.alreadyPending);
      if (caller.isVerified === 'verified') return mockFailure(409, REGISTRATION_MESSAGES.alreadyVerified);
      const resolved = withKeptNumbers(body, latestApplication(db, caller._id)?.application);
      if ('errors' in resolved) return mockFailure(400, resolved.errors[0]!.message, resolved.errors);
      db.applications.push({ userId: caller._id, application: resolved.data, submittedAt: db.now().toISOString() });
      recordApplicationConsent(db, caller._id, 'given');
      caller.isVerified = 'pending';
      delete caller.rejectionReason;
      return { status: 201, body: { success: true, message: REGISTRATION_MESSAGES.submitted, isVerified: 'pending' } };
    }),

    // ---- uploads (multipart: the definition describes the form, the handler reads it) ----
    mockOperation(api.uploads.create, world, async ({ caller, request }) => {
      const form = await readMultipart(request);
      if (!form) return mockFailure(415, UPLOAD_MESSAGES.fileRequired);
      const field = uploadFieldSchema.safeParse(form.fields.get('field'));
      if (!field.success) return validationFailure(field.error.issues);
      const file = form.files.get('file');
      if (!file) return mockFailure(400, UPLOAD_MESSAGES.fileRequired);
      const refusal = checkUploadCandidate({ name: file.name, size: file.size, type: file.type }, field.data);
      if (refusal) return mockFailure(refusal === UPLOAD_MESSAGES.tooLarge ? 413 : 415, refusal);
      const kind = claimedFileKind(file.name, file.type);
      if (!kind) return mockFailure(415, UPLOAD_MESSAGES.failed);
      const id = objectId(db);
      db.uploads.push({ id, ownerId: caller._id, name: file.name, size: file.size, kind });
      return {
        status: 201,
        body: { success: true, message: UPLOAD_MESSAGES.uploaded, secure_url: uploadUrl(id), fileId: id, name: file.name, size: file.size, kind },
      };
    }),
    // ---- privacy centre (issue 19): its own module beside its screens ----
    ...privacyHandlers(db, world),
  ];
}
