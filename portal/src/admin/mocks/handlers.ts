import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminListQuery,
  applicantIdParam,
  ACCOUNT_LINK_MESSAGES,
  AUTH_MESSAGES,
  contentRange,
  emailRecordSchema,
  inviteRequest,
  inviteResponse,
  OUTBOX_MESSAGES,
  pendingInvitationsResponse,
  couponCreateRequest,
  couponResponse,
  couponsResponse,
  couponStatusRequest,
  createMeetingRequestSchema,
  defaultLinksListResponse,
  defaultLinkUpdateRequest,
  defaultLinkUpdateResponse,
  doctorDetailsResponse,
  errorResponseSchema,
  formatIst,
  GENERAL_MESSAGES,
  istDateString,
  MEETING_MESSAGES,
  meetingInstant,
  meetingResponse,
  meetingsOverlap,
  messageResponseSchema,
  PAYMENT_MESSAGES,
  planLabel,
  PLAN_TYPES,
  REGISTRATION_MESSAGES,
  registerRequestSchema,
  rejectRequest,
  SERVICE_KEYS,
  servicePlanParams,
  statusListResponse,
  statusVerifiedQuery,
  verifyEmailRequest,
  verifyEmailResponse,
  type AdminResource,
  type Meeting,
  type SortOrder,
} from '@bh/shared';
import { applicationView } from '../../mocks/applications.ts';
import { addUser, objectId, type MockDb, type MockUser } from '../../mocks/db.ts';
import { queueEmail, recordAudit, type AdminMockState } from './state.ts';



const API = '/api/v1';
const resendEmailResponse = z.object({ success: z.literal(true), message: z.string(), data: emailRecordSchema });

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

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

type Params = Record<string, string | readonly string[] | undefined>;
type Handle = (admin: MockUser, request: Request, params: Record<string, string>) => Promise<Response> | Response;

/** India's day bounds of 'YYYY-MM-DD' filters, as the API reads from/to. */
function inDayRange(instant: string, from: string | undefined, to: string | undefined): boolean {
  const day = istDateString(new Date(instant));
  return (!from || day >= from) && (!to || day <= to);
}

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

function sortRows<T extends Record<string, unknown>>(rows: T[], field: string, order: SortOrder): T[] {
  const key = (row: T) => {
    const value = row[field === 'id' ? 'id' : field];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  };
  const sign = order === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => sign * key(a).localeCompare(key(b)));
}

/** The grid's query as ra-data-simple-rest sends it: only sort, range and filter are passed on. */
function gridParams(request: Request): Record<string, string> {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const name of ['sort', 'range', 'filter']) {
    const value = url.searchParams.get(name);
    if (value !== null) raw[name] = value;
  }
  return raw;
}

function gridPage<T extends Record<string, unknown>>(resource: AdminResource, rows: T[], query: { sort: { field: string; order: SortOrder }; range: { start: number; end: number } }) {
  const sorted = sortRows(rows, query.sort.field, query.sort.order);
  const page = sorted.slice(query.range.start, query.range.end + 1);
  return HttpResponse.json(page, { headers: { 'Content-Range': contentRange(resource, query.range.start, page.length, rows.length) } });
}


/**
 * The admin calls of spec §7 and the admin grids, on the portal's mock state plus `state`
 * (coupons, audit). Combine with the portal's own handlers:
 * `setupServer(...createAdminHandlers(db, state), ...createHandlers(db))`.
 * `db.failures['GET /payments/coupons'] = 503` makes that call fail.
 */
export function createAdminHandlers(db: MockDb, state: AdminMockState): HttpHandler[] {
  const session = (): MockUser | null => db.users.find((u) => u._id === db.sessionUserId) ?? null;

  /** Runs `handle` for a verified admin, after any failure the test asked for. */
  const asAdmin =
    (key: string, handle: Handle) =>
    async ({ request, params }: { request: Request; params: Params }) => {
      const forced = db.failures[key];
      if (forced) return fail(forced, forced === 503 ? GENERAL_MESSAGES.databaseUnavailable : `Forced failure ${forced}`);
      const user = session();
      if (!user) return fail(401, AUTH_MESSAGES.notAuthenticated);
      if (user.role !== 'admin' || user.isVerified !== 'verified') return fail(403, AUTH_MESSAGES.forbidden);
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) if (typeof value === 'string') flat[name] = value;
      return handle(user, request, flat);
    };

  const findUser = (id: string | undefined) => db.users.find((u) => u._id === id);

  /** A fresh one-time link for the account, "emailed" (the token waits in db.accountLinks). */
  const sendInvitation = (user: MockUser) => {
    db.accountLinks.push({ token: `invite-${objectId(db)}`, userId: user._id, purpose: 'invitation', used: false });
    state.invitations[user._id] = db.now().toISOString();
    queueEmail(db, state, user.email, 'invitation');
  };
  const findApplication = (userId: string) => db.applications.find((a) => a.userId === userId);
  const summary = (u: MockUser) => ({ _id: u._id, name: u.name, email: u.email, role: u.role });

  const meetingRecord = (m: Meeting) => ({ id: m._id, ...m });
  /** The audit log names a meeting by its participants and start, as the API does. */
  const meetingLabel = (m: Meeting) => ADMIN_MESSAGES.auditMeeting(m.clientName, m.doctorName, formatIst(m.startsAt));
  const userRecord = (u: MockUser) => ({
    id: u._id,
    _id: u._id,
    name: u.name,
    email: u.email,
    role: u.role,
    isVerified: u.isVerified,
    ...(u.rejectionReason ? { rejectionReason: u.rejectionReason } : {}),
  });

  return [
    // ---- accounts ----
    http.post(
      `${API}/user/register`,
      asAdmin('POST /user/register', async (admin, request) => {
        const parsed = registerRequestSchema.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        if (db.users.some((u) => u.email === parsed.data.email)) return fail(409, AUTH_MESSAGES.emailTaken);
        const created = addUser(db, { ...parsed.data, isVerified: parsed.data.role === 'user' ? 'verified' : 'not_submitted' });
        recordAudit(db, state, admin.email, 'account.create', ADMIN_MESSAGES.auditAccount(created.name, created.email));
        const { password: _password, ...user } = created;
        return HttpResponse.json({ success: true, message: AUTH_MESSAGES.accountCreated, user }, { status: 201 });
      }),
    ),

    http.post(
      `${API}/user/invite`,
      asAdmin('POST /user/invite', async (admin, request) => {
        const parsed = inviteRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        if (db.users.some((u) => u.email === parsed.data.email)) return fail(409, AUTH_MESSAGES.emailTaken);
        const created = addUser(db, { ...parsed.data, password: `unset-${objectId(db)}` });
        sendInvitation(created);
        recordAudit(db, state, admin.email, 'account.invite', created.email);
        const { password: _password, ...user } = created;
        return ok(inviteResponse, { success: true, message: ACCOUNT_LINK_MESSAGES.invitationSent, user }, 201);
      }),
    ),

    http.get(
      `${API}/user/invitations`,
      asAdmin('GET /user/invitations', () => {
        // Pending while a link is live: accepting (the portal's own handler) or revoking uses it up.
        const data = Object.entries(state.invitations).flatMap(([userId, sentAt]) => {
          const user = db.users.find((u) => u._id === userId);
          const live = db.accountLinks.some((l) => l.userId === userId && l.purpose === 'invitation' && !l.used);
          if (!user || !live) return [];
          const expiresAt = new Date(Date.parse(sentAt) + 72 * 3600_000).toISOString();
          return [{ userId, name: user.name, email: user.email, role: user.role, sentAt, expiresAt }];
        });
        return ok(pendingInvitationsResponse, { success: true, data });
      }),
    ),

    http.post(
      `${API}/user/invitations/:userId/resend`,
      asAdmin('POST /user/invitations/:userId/resend', (admin, _request, params) => {
        const user = db.users.find((u) => u._id === params.userId);
        if (!user || !(user._id in state.invitations)) return fail(404, ACCOUNT_LINK_MESSAGES.noPendingInvitation);
        for (const link of db.accountLinks) if (link.userId === user._id && link.purpose === 'invitation') link.used = true;
        sendInvitation(user);
        recordAudit(db, state, admin.email, 'invitation.resend', user.email);
        return ok(messageResponseSchema, { success: true, message: ACCOUNT_LINK_MESSAGES.invitationResent });
      }),
    ),

    http.delete(
      `${API}/user/invitations/:userId`,
      asAdmin('DELETE /user/invitations/:userId', (admin, _request, params) => {
        const user = db.users.find((u) => u._id === params.userId);
        if (!user || !(user._id in state.invitations)) return fail(404, ACCOUNT_LINK_MESSAGES.noPendingInvitation);
        for (const link of db.accountLinks) if (link.userId === user._id && link.purpose === 'invitation') link.used = true;
        delete state.invitations[user._id];
        recordAudit(db, state, admin.email, 'invitation.revoke', user.email);
        return ok(messageResponseSchema, { success: true, message: ACCOUNT_LINK_MESSAGES.invitationRevoked });
      }),
    ),

    // ---- scheduling ----
    http.post(
      `${API}/meeting/verify-email`,
      asAdmin('POST /meeting/verify-email', async (_admin, request) => {
        const parsed = verifyEmailRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const { email, userType } = parsed.data;
        const user = db.users.find((u) => u.email === email && u.role === (userType === 'client' ? 'user' : 'doctor'));
        if (!user) return fail(404, userType === 'client' ? MEETING_MESSAGES.clientNotFound : MEETING_MESSAGES.doctorNotFound);
        if (userType === 'doctor' && user.isVerified !== 'verified') return fail(409, MEETING_MESSAGES.doctorNotVerified);
        const message = userType === 'client' ? MEETING_MESSAGES.clientVerified(user.name) : MEETING_MESSAGES.doctorVerified(user.name);
        return ok(verifyEmailResponse, { success: true, message, user: { name: user.name, email: user.email } });
      }),
    ),

    http.post(
      `${API}/meeting/create-meeting`,
      asAdmin('POST /meeting/create-meeting', async (admin, request) => {
        const parsed = createMeetingRequestSchema(db.now).safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const body = parsed.data;
        const client = db.users.find((u) => u.email === body.clientId && u.role === 'user');
        if (!client) return fail(404, MEETING_MESSAGES.clientNotFound);
        const associate = db.users.find((u) => u.email === body.doctorId && u.role === 'doctor');
        if (!associate) return fail(404, MEETING_MESSAGES.doctorNotFound);
        const start = meetingInstant(body.meetingDate, body.meetingTime);
        if (!start) return fail(400, MEETING_MESSAGES.timeInvalid);
        const clashes = (email: string) =>
          db.meetings.some((m) => (m.clientId === email || m.doctorId === email) && meetingsOverlap(new Date(m.startsAt), start));
        if (clashes(associate.email)) return fail(409, MEETING_MESSAGES.doctorBusy);
        if (clashes(client.email)) return fail(409, MEETING_MESSAGES.clientBusy);
        const meeting: Meeting = {
          _id: objectId(db),
          ...body,
          startsAt: start.toISOString(),
          clientName: client.name,
          doctorName: associate.name,
          userJoinedAt: null,
          docJoinedAt: null,
          reportLink: '',
    status: 'scheduled',
    cancellation: null,
    noShowBy: null,
    history: [],
    hasOpenRequest: false,
          createdAt: db.now().toISOString(),
        };
        db.meetings.push(meeting);
        recordAudit(db, state, admin.email, 'meeting.create', meetingLabel(meeting));
        return ok(meetingResponse, { success: true, message: MEETING_MESSAGES.created, meeting }, 201);
      }),
    ),

    // ---- verification review ----
    http.get(
      `${API}/register/status-pending`,
      asAdmin('GET /register/status-pending', () => {
        const pending = db.users.filter((u) => u.role !== 'user' && u.isVerified === 'pending');
        return ok(statusListResponse, { success: true, user: pending.map(summary) });
      }),
    ),

    http.get(
      `${API}/register/status-verified`,
      asAdmin('GET /register/status-verified', (_admin, request) => {
        const parsed = statusVerifiedQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!parsed.success) return validationFailure(parsed.error);
        const { page, limit, email } = parsed.data;
        const verified = db.users.filter(
          (u) => u.role === 'doctor' && u.isVerified === 'verified' && (!email || u.email.startsWith(email)),
        );
        const rows = verified.slice((page - 1) * limit, page * limit);
        return ok(statusListResponse, {
          success: true,
          user: rows.map(summary),
          pagination: { page, limit, hasNextPage: page * limit < verified.length },
        });
      }),
    ),

    http.get(
      `${API}/register/doctor-details/:userId`,
      asAdmin('GET /register/doctor-details', (_admin, _request, params) => {
        if (!applicantIdParam.safeParse(params).success) return fail(404, REGISTRATION_MESSAGES.associateNotFound);
        const user = findUser(params.userId);
        const application = user ? findApplication(user._id) : undefined;
        if (!user || !application) return fail(404, REGISTRATION_MESSAGES.associateNotFound);
        return ok(doctorDetailsResponse, {
          success: true,
          user: {
            _id: user._id,
            name: user.name,
            email: user.email,
            isVerified: user.isVerified,
            ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
          },
          employee: applicationView(application.application, application.submittedAt),
        });
      }),
    ),

    http.post(
      `${API}/register/verify-doctor/:userId`,
      asAdmin('POST /register/verify-doctor', (admin, _request, params) => {
        const user = findUser(params.userId);
        if (!user || !findApplication(user._id)) return fail(404, REGISTRATION_MESSAGES.associateNotFound);
        if (user.isVerified !== 'pending') return fail(409, REGISTRATION_MESSAGES.notPending);
        user.isVerified = 'verified';
        recordAudit(db, state, admin.email, 'application.verify', ADMIN_MESSAGES.auditAccount(user.name, user.email));
        return ok(messageResponseSchema, { success: true, message: REGISTRATION_MESSAGES.verified });
      }),
    ),

    http.post(
      `${API}/register/reject-doctor/:userId`,
      asAdmin('POST /register/reject-doctor', async (admin, request, params) => {
        const parsed = rejectRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const user = findUser(params.userId);
        if (!user || !findApplication(user._id)) return fail(404, REGISTRATION_MESSAGES.associateNotFound);
        if (user.isVerified !== 'pending') return fail(409, REGISTRATION_MESSAGES.notPending);
        user.isVerified = 'rejected';
        user.rejectionReason = parsed.data.reason;
        recordAudit(db, state, admin.email, 'application.reject', ADMIN_MESSAGES.auditAccount(user.name, user.email));
        return ok(messageResponseSchema, { success: true, message: REGISTRATION_MESSAGES.rejected });
      }),
    ),

    // ---- coupons and default links ----
    http.post(
      `${API}/payments/coupon`,
      asAdmin('POST /payments/coupon', async (admin, request) => {
        const parsed = couponCreateRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        if (state.coupons.some((c) => c.couponCode === parsed.data.couponCode)) return fail(409, PAYMENT_MESSAGES.couponExists);
        const at = db.now().toISOString();
        const coupon = { _id: objectId(db), ...parsed.data, createdAt: at, updatedAt: at };
        state.coupons.unshift(coupon);
        recordAudit(db, state, admin.email, 'coupon.create', coupon.couponCode);
        return ok(couponResponse, { success: true, message: PAYMENT_MESSAGES.couponCreated, data: coupon }, 201);
      }),
    ),

    http.get(
      `${API}/payments/coupons`,
      asAdmin('GET /payments/coupons', () => ok(couponsResponse, { success: true, data: state.coupons })),
    ),

    http.patch(
      `${API}/payments/coupon/:id/status`,
      asAdmin('PATCH /payments/coupon/status', async (admin, request, params) => {
        const parsed = couponStatusRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const coupon = state.coupons.find((c) => c._id === params.id);
        if (!coupon) return fail(404, PAYMENT_MESSAGES.couponNotFound);
        coupon.isActive = parsed.data.isActive;
        coupon.updatedAt = db.now().toISOString();
        recordAudit(db, state, admin.email, 'coupon.status', coupon.couponCode);
        const message = coupon.isActive ? PAYMENT_MESSAGES.couponActivated : PAYMENT_MESSAGES.couponDeactivated;
        return ok(couponResponse, { success: true, message, data: coupon });
      }),
    ),

    http.delete(
      `${API}/payments/coupon/:id`,
      asAdmin('DELETE /payments/coupon', (admin, _request, params) => {
        const index = state.coupons.findIndex((c) => c._id === params.id);
        const coupon = state.coupons[index];
        if (!coupon) return fail(404, PAYMENT_MESSAGES.couponNotFound);
        state.coupons.splice(index, 1);
        recordAudit(db, state, admin.email, 'coupon.delete', coupon.couponCode);
        return ok(messageResponseSchema, { success: true, message: PAYMENT_MESSAGES.couponDeleted });
      }),
    ),

    http.get(
      `${API}/payments/default-links`,
      asAdmin('GET /payments/default-links', () => {
        // As the API does, only plans that have a link are listed.
        const data = SERVICE_KEYS.flatMap((service) =>
          PLAN_TYPES.filter((planType) => db.paymentLinks[service][planType] !== '').map((planType) => ({
            service,
            planType,
            paymentLink: db.paymentLinks[service][planType],
            updatedAt: state.linkUpdatedAt[`${service}/${planType}`] ?? db.now().toISOString(),
          })),
        );
        return ok(defaultLinksListResponse, { success: true, data });
      }),
    ),

    http.put(
      `${API}/payments/default/:service/:planType`,
      asAdmin('PUT /payments/default', async (admin, request, params) => {
        const plan = servicePlanParams.safeParse({ service: params.service, planType: params.planType });
        if (!plan.success) return fail(404, PAYMENT_MESSAGES.unknownServiceOrPlan);
        const parsed = defaultLinkUpdateRequest.safeParse(await readJson(request));
        if (!parsed.success) return validationFailure(parsed.error);
        const { service, planType } = plan.data;
        const at = db.now().toISOString();
        db.paymentLinks[service][planType] = parsed.data.paymentLink;
        state.linkUpdatedAt[`${service}/${planType}`] = at;
        recordAudit(db, state, admin.email, 'paymentLink.update', planLabel(service, planType));
        return ok(defaultLinkUpdateResponse, {
          success: true,
          message: PAYMENT_MESSAGES.paymentLinkUpdated,
          data: { service, planType, paymentLink: parsed.data.paymentLink, updatedAt: at },
        });
      }),
    ),

    // ---- admin grids (ra-data-simple-rest) ----
    http.get(
      `${API}/admin/meetings`,
      asAdmin('GET /admin/meetings', (_admin, request) => {
        const query = adminListQuery.meetings.safeParse(gridParams(request));
        if (!query.success) return validationFailure(query.error);
        const { id, q, clientId, doctorId, from, to } = query.data.filter;
        const rows = db.meetings
          .filter((m) => !id || id.includes(m._id))
          .filter((m) => !clientId || m.clientId === clientId)
          .filter((m) => !doctorId || m.doctorId === doctorId)
          .filter((m) => inDayRange(m.startsAt, from, to))
          .filter((m) => !q || [m.clientId, m.doctorId, m.clientName, m.doctorName].some((v) => contains(v, q)))
          .map(meetingRecord);
        return gridPage('meetings', rows, query.data);
      }),
    ),

    http.delete(
      `${API}/admin/meetings/:id`,
      asAdmin('DELETE /admin/meetings', (admin, _request, params) => {
        const index = db.meetings.findIndex((m) => m._id === params.id);
        const meeting = db.meetings[index];
        if (!meeting) return fail(404, MEETING_MESSAGES.notFound);
        db.meetings.splice(index, 1);
        recordAudit(db, state, admin.email, 'meeting.delete', meetingLabel(meeting));
        return HttpResponse.json(meetingRecord(meeting));
      }),
    ),

    http.get(
      `${API}/admin/users`,
      asAdmin('GET /admin/users', (_admin, request) => {
        const query = adminListQuery.users.safeParse(gridParams(request));
        if (!query.success) return validationFailure(query.error);
        const { id, q, role, isVerified } = query.data.filter;
        const rows = db.users
          .filter((u) => !id || id.includes(u._id))
          .filter((u) => !role || u.role === role)
          .filter((u) => !isVerified || u.isVerified === isVerified)
          .filter((u) => !q || contains(u.name, q) || contains(u.email, q))
          .map(userRecord);
        return gridPage('users', rows, query.data);
      }),
    ),

    http.get(
      `${API}/admin/audit`,
      asAdmin('GET /admin/audit', (_admin, request) => {
        const query = adminListQuery.audit.safeParse(gridParams(request));
        if (!query.success) return validationFailure(query.error);
        const { id, actor, action, from, to } = query.data.filter;
        const rows = state.audit
          .filter((e) => !id || id.includes(e.id))
          .filter((e) => !actor || e.actor === actor)
          .filter((e) => !action || e.action === action)
          .filter((e) => inDayRange(e.at, from, to));
        return gridPage('audit', rows, query.data);
      }),
    ),

    http.get(
      `${API}/admin/emails`,
      asAdmin('GET /admin/emails', (_admin, request) => {
        const query = adminListQuery.emails.safeParse(gridParams(request));
        if (!query.success) return validationFailure(query.error);
        const { id, to, template, status } = query.data.filter;
        const rows = state.emails
          .filter((e) => !id || id.includes(e.id))
          .filter((e) => !to || e.to === to)
          .filter((e) => !template || e.template === template)
          .filter((e) => !status || e.status === status);
        return gridPage('emails', rows, query.data);
      }),
    ),

    http.post(
      `${API}/admin/emails/:id/resend`,
      asAdmin('POST /admin/emails/:id/resend', (admin, _request, params) => {
        const email = state.emails.find((e) => e.id === params.id);
        if (!email) return fail(404, GENERAL_MESSAGES.notFound);
        if (email.status !== 'failed') return fail(409, OUTBOX_MESSAGES.notFailed);
        Object.assign(email, { status: 'pending', attempts: 0 });
        recordAudit(db, state, admin.email, 'email.resend', email.to);
        return ok(resendEmailResponse, { success: true, message: OUTBOX_MESSAGES.resent, data: email });
      }),
    ),
  ];
}
