import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import {
  acceptInvitationRequest,
  acceptInvitationResponse,
  ACCOUNT_LINK_MESSAGES,
  forgotPasswordRequest,
  OUTBOX_MESSAGES,
  resetPasswordRequest,
  applicationRequest,
  applicationSubmitResponse,
  AUTH_MESSAGES,
  checkUploadCandidate,
  checkVerifiedResponse,
  claimedFileKind,
  errorResponseSchema,
  GENERAL_MESSAGES,
  getMeetingsResponse,
  isJoinWindowOpen,
  loginRequestSchema,
  loginResponseSchema,
  MEETING_MESSAGES,
  meetingResponse,
  messageResponseSchema,
  paymentLinkResponse,
  PAYMENT_MESSAGES,
  profileResponseSchema,
  REGISTRATION_MESSAGES,
  reportLinkRequest,
  servicePlanParams,
  servicesCatalogue,
  servicesResponse,
  UPLOAD_MESSAGES,
  uploadFieldSchema,
  uploadResponse,
  uploadUrl,
  meetingLookupRequest,
  type Meeting,
  type PublicUser,
  ownApplicationResponse,
} from '@bh/shared';
import { sortByStart } from '../meetings/meetingTime.ts';
import { applicationView, latestApplication, withKeptNumbers } from './applications.ts';
import { objectId, type MockDb, type MockUser } from './db.ts';
import { readMultipart } from './multipart.ts';
import { privacyHandlers } from '../privacy/mocks.ts';

const API = '/api/v1';

/** Every answer is parsed with the shared response schema, so the mock can never drift from the contract. */
function ok<S extends z.ZodType<JsonBodyType>>(schema: S, body: z.input<S>, status = 200) {
  const checked: JsonBodyType = schema.parse(body);
  return HttpResponse.json(checked, { status });
}

function fail(status: number, message: string, errors?: { path: string; message: string }[]) {
  return HttpResponse.json(errorResponseSchema.parse({ success: false, message, ...(errors ? { errors } : {}) }), { status });
}

function validationFailure(error: z.ZodError) {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return fail(400, GENERAL_MESSAGES.validationFailed, errors);
}

function publicUser(user: MockUser): PublicUser {
  const { password: _password, ...rest } = user;
  return rest;
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

function ownMeetings(db: MockDb, user: MockUser): Meeting[] {
  if (user.role === 'admin') return db.meetings;
  if (user.role === 'doctor') return db.meetings.filter((m) => m.doctorId === user.email);
  return db.meetings.filter((m) => m.clientId === user.email);
}

const isVerifiedStaff = (u: MockUser) => u.role !== 'user' && u.isVerified === 'verified';

/**
 * The /api/v1 calls the portal makes, on an in-memory state (DESIGN §5 decides who may call what).
 * `db.failures['GET /meeting/get-meetings'] = 503` makes that call fail, for error-path tests.
 */
export function createHandlers(db: MockDb): HttpHandler[] {
  const session = (): MockUser | null => db.users.find((u) => u._id === db.sessionUserId) ?? null;

  /** Runs `handle` for a signed-in user, after any failure the test asked for. */
  const withUser =
    (key: string, handle: (user: MockUser, request: Request, params: Record<string, string>) => Promise<Response> | Response) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      const forced = db.failures[key];
      if (forced) return fail(forced, forced === 503 ? GENERAL_MESSAGES.databaseUnavailable : `Forced failure ${forced}`);
      const user = session();
      if (!user) return fail(401, AUTH_MESSAGES.notAuthenticated);
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) if (typeof value === 'string') flat[name] = value;
      return handle(user, request, flat);
    };

  const findMeeting = (user: MockUser, id: string | undefined) => ownMeetings(db, user).find((m) => m._id === id);

  return [
    // ---- user ----
    http.post(`${API}/user/login`, async ({ request }) => {
      const forced = db.failures['POST /user/login'];
      if (forced) return fail(forced, forced === 429 ? AUTH_MESSAGES.tooManyAttempts : GENERAL_MESSAGES.internal);
      const parsed = loginRequestSchema.safeParse(await readJson(request));
      if (!parsed.success) return validationFailure(parsed.error);
      const user = db.users.find((u) => u.email === parsed.data.email && u.password === parsed.data.password);
      if (!user) return fail(401, AUTH_MESSAGES.invalidCredentials);
      db.sessionUserId = user._id;
      return ok(loginResponseSchema, { success: true, message: AUTH_MESSAGES.loginSuccess, user: publicUser(user) });
    }),

    http.post(
      `${API}/user/logout`,
      withUser('POST /user/logout', () => {
        db.sessionUserId = null;
        return ok(messageResponseSchema, { success: true, message: AUTH_MESSAGES.loggedOut });
      }),
    ),

    http.get(
      `${API}/user/profile`,
      withUser('GET /user/profile', (user) => ok(profileResponseSchema, { success: true, user: publicUser(user) })),
    ),

    // ---- emailed one-time links (DESIGN §3) ----
    http.post(`${API}/user/forgot-password`, async ({ request }) => {
      const parsed = forgotPasswordRequest.safeParse(await readJson(request));
      if (!parsed.success) return validationFailure(parsed.error);
      const user = db.users.find((u) => u.email === parsed.data.email);
      if (user) db.accountLinks.push({ token: `reset-${objectId(db)}`, userId: user._id, purpose: 'reset', used: false });
      return ok(messageResponseSchema, { success: true, message: ACCOUNT_LINK_MESSAGES.forgotPasswordSent });
    }),

    http.post(`${API}/user/reset-password`, async ({ request }) => {
      const parsed = resetPasswordRequest.safeParse(await readJson(request));
      if (!parsed.success) return validationFailure(parsed.error);
      const link = db.accountLinks.find((l) => l.token === parsed.data.token && l.purpose === 'reset' && !l.used);
      const user = link && db.users.find((u) => u._id === link.userId);
      if (!link || !user) return fail(400, ACCOUNT_LINK_MESSAGES.linkInvalid, [{ path: 'token', message: ACCOUNT_LINK_MESSAGES.linkInvalid }]);
      link.used = true;
      user.password = parsed.data.password;
      if (db.sessionUserId === user._id) db.sessionUserId = null;
      return ok(messageResponseSchema, { success: true, message: ACCOUNT_LINK_MESSAGES.passwordReset });
    }),

    http.post(`${API}/user/accept-invitation`, async ({ request }) => {
      const parsed = acceptInvitationRequest.safeParse(await readJson(request));
      if (!parsed.success) return validationFailure(parsed.error);
      const link = db.accountLinks.find((l) => l.token === parsed.data.token && l.purpose === 'invitation' && !l.used);
      const user = link && db.users.find((u) => u._id === link.userId);
      if (!link || !user) return fail(400, ACCOUNT_LINK_MESSAGES.linkInvalid, [{ path: 'token', message: ACCOUNT_LINK_MESSAGES.linkInvalid }]);
      link.used = true;
      user.password = parsed.data.password;
      db.sessionUserId = user._id;
      return ok(acceptInvitationResponse, { success: true, message: ACCOUNT_LINK_MESSAGES.invitationAccepted, user: publicUser(user) });
    }),

    http.get(
      `${API}/meeting/:meetingId/calendar.ics`,
      withUser('GET /meeting/:meetingId/calendar.ics', (user, _request, params) => {
        const meeting = user.role === 'admin' ? db.meetings.find((m) => m._id === params.meetingId) : findMeeting(user, params.meetingId);
        if (!meeting) return fail(404, OUTBOX_MESSAGES.calendarNotFound);
        const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'METHOD:PUBLISH', 'BEGIN:VEVENT', `UID:meeting-${meeting._id}@mock`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
        return new HttpResponse(text, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
      }),
    ),

    // ---- meetings ----
    http.get(
      `${API}/meeting/get-meetings`,
      withUser('GET /meeting/get-meetings', (user) => {
        if (user.role !== 'user' && user.isVerified !== 'verified') return fail(403, AUTH_MESSAGES.forbidden);
        return ok(getMeetingsResponse, { success: true, meetings: sortByStart(ownMeetings(db, user)) });
      }),
    ),

    http.post(
      `${API}/meeting/meetingJoinedAt/:meetingId`,
      withUser('POST /meeting/meetingJoinedAt', (user, _request, params) => {
        if (user.role === 'admin' || (user.role === 'doctor' && user.isVerified !== 'verified')) {
          return fail(403, AUTH_MESSAGES.forbidden);
        }
        const meeting = findMeeting(user, params.meetingId);
        if (!meeting) return fail(404, MEETING_MESSAGES.notFound);
        if (!isJoinWindowOpen(new Date(meeting.startsAt), db.now())) return fail(409, MEETING_MESSAGES.joinClosed);
        const at = db.now().toISOString();
        if (user.role === 'user') meeting.userJoinedAt ??= at;
        else meeting.docJoinedAt ??= at;
        return ok(meetingResponse, { success: true, message: MEETING_MESSAGES.joinRecorded, meeting });
      }),
    ),

    http.delete(
      `${API}/meeting/:meetingId`,
      withUser('DELETE /meeting', (user, _request, params) => {
        if (!(user.role === 'admin' && user.isVerified === 'verified')) return fail(403, AUTH_MESSAGES.forbidden);
        const index = db.meetings.findIndex((m) => m._id === params.meetingId);
        if (index < 0) return fail(404, MEETING_MESSAGES.notFound);
        db.meetings.splice(index, 1);
        return ok(messageResponseSchema, { success: true, message: MEETING_MESSAGES.deleted });
      }),
    ),

    http.put(
      `${API}/meeting/:meetingId/report`,
      withUser('PUT /meeting/report', async (user, request, params) => {
        if (!isVerifiedStaff(user)) return fail(403, AUTH_MESSAGES.forbidden);
        const parsed = reportLinkRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const meeting = findMeeting(user, params.meetingId);
        if (!meeting) return fail(404, MEETING_MESSAGES.notFound);
        meeting.reportLink = parsed.data.reportLink;
        return ok(meetingResponse, { success: true, message: MEETING_MESSAGES.reportSaved, meeting });
      }),
    ),

    http.post(
      `${API}/meeting/userMeetings`,
      withUser('POST /meeting/userMeetings', async (user, request) => {
        if (!isVerifiedStaff(user)) return fail(403, AUTH_MESSAGES.forbidden);
        const parsed = meetingLookupRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const target = parsed.data.email;
        const meetings = ownMeetings(db, user).filter((m) => m.clientId === target || m.doctorId === target);
        return ok(getMeetingsResponse, { success: true, meetings: sortByStart(meetings) });
      }),
    ),

    // ---- payments (public) ----
    http.get(`${API}/payments/services`, () => {
      const forced = db.failures['GET /payments/services'];
      if (forced) return fail(forced, PAYMENT_MESSAGES.servicesFailed);
      return ok(servicesResponse, { success: true, data: servicesCatalogue() });
    }),

    http.get(`${API}/payments/default/:service/:planType`, ({ params }) => {
      const forced = db.failures['GET /payments/default'];
      if (forced) return fail(forced, PAYMENT_MESSAGES.paymentLinkMissing);
      const parsed = servicePlanParams.safeParse({ service: params.service, planType: params.planType });
      if (!parsed.success) return fail(404, PAYMENT_MESSAGES.unknownServiceOrPlan);
      const link = db.paymentLinks[parsed.data.service][parsed.data.planType];
      return ok(paymentLinkResponse, { success: true, data: { paymentLink: link } });
    }),

    // ---- registration ----
    http.get(
      `${API}/register/check-verified`,
      withUser('GET /register/check-verified', (user) =>
        ok(checkVerifiedResponse, {
          success: true,
          isVerified: user.isVerified,
          ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
        }),
      ),
    ),

    http.get(
      `${API}/register/application`,
      withUser('GET /register/application', (user) => {
        if (user.role === 'user') return fail(403, REGISTRATION_MESSAGES.onlyAssociatesApply);
        const latest = latestApplication(db, user._id);
        if (!latest) return fail(404, REGISTRATION_MESSAGES.noApplication);
        return ok(ownApplicationResponse, { success: true, application: applicationView(latest.application, latest.submittedAt) });
      }),
    ),

    http.post(
      `${API}/register/employees`,
      withUser('POST /register/employees', async (user, request) => {
        if (user.role === 'user') return fail(403, REGISTRATION_MESSAGES.onlyAssociatesApply);
        if (user.isVerified === 'pending') return fail(409, REGISTRATION_MESSAGES.alreadyPending);
        if (user.isVerified === 'verified') return fail(409, REGISTRATION_MESSAGES.alreadyVerified);
        const parsed = applicationRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const resolved = withKeptNumbers(parsed.data, latestApplication(db, user._id)?.application);
        if ('errors' in resolved) return fail(400, resolved.errors[0]!.message, resolved.errors);
        db.applications.push({ userId: user._id, application: resolved.data, submittedAt: db.now().toISOString() });
        user.isVerified = 'pending';
        delete user.rejectionReason;
        return ok(applicationSubmitResponse, { success: true, message: REGISTRATION_MESSAGES.submitted, isVerified: 'pending' }, 201);
      }),
    ),

    // ---- uploads ----
    http.post(
      `${API}/uploads`,
      withUser('POST /uploads', async (user, request) => {
        if (user.role === 'user') return fail(403, AUTH_MESSAGES.forbidden);
        const form = await readMultipart(request);
        if (!form) return fail(415, UPLOAD_MESSAGES.fileRequired);
        const field = uploadFieldSchema.safeParse(form.fields.get('field'));
        if (!field.success) return validationFailure(field.error);
        const file = form.files.get('file');
        if (!file) return fail(400, UPLOAD_MESSAGES.fileRequired);
        const refusal = checkUploadCandidate({ name: file.name, size: file.size, type: file.type }, field.data);
        if (refusal) return fail(refusal === UPLOAD_MESSAGES.tooLarge ? 413 : 415, refusal);
        const kind = claimedFileKind(file.name, file.type);
        if (!kind) return fail(415, UPLOAD_MESSAGES.failed);
        const id = objectId(db);
        db.uploads.push({ id, ownerId: user._id, name: file.name, size: file.size, kind });
        return ok(
          uploadResponse,
          {
            success: true,
            message: UPLOAD_MESSAGES.uploaded,
            secure_url: uploadUrl(id),
            fileId: id,
            name: file.name,
            size: file.size,
            kind,
          },
          201,
        );
      }),
    ),
    // ---- privacy centre (issue 19): its own module beside its screens ----
    ...privacyHandlers(db),
  ];
}
