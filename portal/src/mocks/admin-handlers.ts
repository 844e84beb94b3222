import { HttpResponse, type HttpHandler } from 'msw';
import {
  ADMIN_MESSAGES,
  ACCOUNT_LINK_MESSAGES,
  AUTH_MESSAGES,
  contentRange,
  createMeetingRequestSchema,
  formatIst,
  GENERAL_MESSAGES,
  istDateString,
  MEETING_MESSAGES,
  meetingInstant,
  meetingsOverlap,
  newMeetingState,
  OUTBOX_MESSAGES,
  PAYMENT_MESSAGES,
  planLabel,
  PLAN_TYPES,
  PRIVACY_MESSAGES,
  REGISTRATION_MESSAGES,
  SERVICE_KEYS,
  type AdminResource,
  type Meeting,
  type MeetingUserType,
  type SortOrder,
} from '@bh/shared';
import { api } from '@bh/shared/contract';
import { applicationConsent, applicationView } from './applications.ts';
import { mockFailure, mockOperation, validationFailure } from './contract.ts';
import { addUser, objectId, type MockDb, type MockUser } from './db.ts';
import { mockWorld, publicUser } from './handlers.ts';
import { queueEmail, recordAudit, type AdminMockState } from './admin-state.ts';

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

function gridPage<T extends Record<string, unknown>>(resource: AdminResource, rows: T[], query: { sort: { field: string; order: SortOrder }; range: { start: number; end: number } }) {
  const sorted = sortRows(rows, query.sort.field, query.sort.order);
  const page = sorted.slice(query.range.start, query.range.end + 1);
  return HttpResponse.json(page, { headers: { 'Content-Range': contentRange(resource, query.range.start, page.length, rows.length) } });
}

/**
 * The admin calls of spec §7 and the admin grids, each registered from its shared operation
 * definition (verified admins only, as DESIGN §5's table says), on the portal's mock state plus
 * `state` (coupons, audit). Combine with the portal's own handlers:
 * `setupServer(...createAdminHandlers(db, state), ...createHandlers(db))`.
 * `db.failures[api.payments.coupons.operationId] = 503` makes that call fail.
 */
export function createAdminHandlers(db: MockDb, state: AdminMockState): HttpHandler[] {
  const world = mockWorld(db);
  const findUser = (id: string) => db.users.find((u) => u._id === id);

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
    ...publicUser(u),
    createdAt: db.now().toISOString(),
    updatedAt: db.now().toISOString(),
  });

  /**
   * A participant for a meeting, checked as the API's findParticipant does: no such client, no
   * such associate, or an associate not yet verified is a 400 against the form's field.
   */
  const participant = (email: string, userType: MeetingUserType, path: string): MockUser | Response => {
    const user = db.users.find((u) => u.email === email);
    const refuse = (message: string) => validationFailure([{ path: [path], message }]);
    if (userType === 'client') return user && user.role === 'user' ? user : refuse(MEETING_MESSAGES.clientNotFound);
    if (!user || user.role !== 'doctor') return refuse(MEETING_MESSAGES.doctorNotFound);
    if (user.isVerified !== 'verified') return refuse(MEETING_MESSAGES.doctorNotVerified);
    return user;
  };

  return [
    // ---- accounts ----
    mockOperation(api.user.register, world, ({ caller, body }) => {
      if (db.users.some((u) => u.email === body.email)) return mockFailure(409, AUTH_MESSAGES.emailTaken);
      // As the API creates it: not_submitted, whatever the role (a client needs no verification).
      const created = addUser(db, { ...body, isVerified: 'not_submitted' });
      recordAudit(db, state, caller.email, 'account.create', ADMIN_MESSAGES.auditAccount(created.name, created.email));
      return { status: 201, body: { success: true, message: AUTH_MESSAGES.accountCreated, user: publicUser(created) } };
    }),

    mockOperation(api.accountLinks.invite, world, ({ caller, body }) => {
      if (db.users.some((u) => u.email === body.email)) return mockFailure(409, AUTH_MESSAGES.emailTaken);
      const created = addUser(db, { ...body, password: `unset-${objectId(db)}` });
      sendInvitation(created);
      recordAudit(db, state, caller.email, 'account.invite', created.email);
      return { status: 201, body: { success: true, message: ACCOUNT_LINK_MESSAGES.invitationSent, user: publicUser(created) } };
    }),

    mockOperation(api.accountLinks.invitations, world, () => {
      // Pending while a link is live: accepting (the portal's own handler) or revoking uses it up.
      const data = Object.entries(state.invitations).flatMap(([userId, sentAt]) => {
        const user = findUser(userId);
        const live = db.accountLinks.some((l) => l.userId === userId && l.purpose === 'invitation' && !l.used);
        if (!user || !live) return [];
        const expiresAt = new Date(Date.parse(sentAt) + 72 * 3600_000).toISOString();
        return [{ userId, name: user.name, email: user.email, role: user.role, sentAt, expiresAt }];
      });
      return { status: 200, body: { success: true, data } };
    }),

    mockOperation(api.accountLinks.resendInvitation, world, ({ caller, params }) => {
      const user = findUser(params.userId);
      if (!user || !(user._id in state.invitations)) return mockFailure(404, ACCOUNT_LINK_MESSAGES.noPendingInvitation);
      for (const link of db.accountLinks) if (link.userId === user._id && link.purpose === 'invitation') link.used = true;
      sendInvitation(user);
      recordAudit(db, state, caller.email, 'invitation.resend', user.email);
      return { status: 200, body: { success: true, message: ACCOUNT_LINK_MESSAGES.invitationResent } };
    }),

    mockOperation(api.accountLinks.revokeInvitation, world, ({ caller, params }) => {
      const user = findUser(params.userId);
      if (!user || !(user._id in state.invitations)) return mockFailure(404, ACCOUNT_LINK_MESSAGES.noPendingInvitation);
      for (const link of db.accountLinks) if (link.userId === user._id && link.purpose === 'invitation') link.used = true;
      delete state.invitations[user._id];
      recordAudit(db, state, caller.email, 'invitation.revoke', user.email);
      return { status: 200, body: { success: true, message: ACCOUNT_LINK_MESSAGES.invitationRevoked } };
    }),

    // ---- scheduling ----
    mockOperation(api.meeting.verifyEmail, world, ({ body }) => {
      const found = participant(body.email, body.userType, 'email');
      if (found instanceof Response) return found;
      const message = body.userType === 'client' ? MEETING_MESSAGES.clientVerified(found.name) : MEETING_MESSAGES.doctorVerified(found.name);
      return { status: 200, body: { success: true, message, user: { name: found.name, email: found.email } } };
    }),

    mockOperation(
      api.meeting.create,
      world,
      ({ caller, body }) => {
        // In the API's order: the time, the client, the associate, then both calendars.
        const start = meetingInstant(body.meetingDate, body.meetingTime);
        if (!start) return validationFailure([{ path: ['meetingTime'], message: MEETING_MESSAGES.timeInvalid }]);
        const client = participant(body.clientId, 'client', 'clientId');
        if (client instanceof Response) return client;
        const associate = participant(body.doctorId, 'doctor', 'doctorId');
        if (associate instanceof Response) return associate;
        const clashes = (email: string) =>
          db.meetings.some((m) => (m.clientId === email || m.doctorId === email) && meetingsOverlap(new Date(m.startsAt), start));
        const errors = [
          ...(clashes(client.email) ? [{ path: 'clientId', message: MEETING_MESSAGES.clientBusy }] : []),
          ...(clashes(associate.email) ? [{ path: 'doctorId', message: MEETING_MESSAGES.doctorBusy }] : []),
        ];
        if (errors.length > 0) return mockFailure(409, errors[0]!.message, errors);
        const meeting: Meeting = {
          _id: objectId(db),
          ...body,
          startsAt: start.toISOString(),
          clientName: client.name,
          doctorName: associate.name,
          ...newMeetingState(),
          hasOpenRequest: false,
          createdAt: db.now().toISOString(),
        };
        db.meetings.push(meeting);
        recordAudit(db, state, caller.email, 'meeting.create', meetingLabel(meeting));
        return { status: 201, body: { success: true, message: MEETING_MESSAGES.created, meeting } };
      },
      { body: createMeetingRequestSchema(db.now) },
    ),

    // ---- verification review ----
    mockOperation(api.register.pending, world, () => {
      const pending = db.users.filter((u) => u.role !== 'user' && u.isVerified === 'pending');
      return { status: 200, body: { success: true, user: pending.map(summary) } };
    }),

    mockOperation(api.register.verified, world, ({ query }) => {
      const { page, limit, email } = query;
      const verified = db.users.filter((u) => u.role === 'doctor' && u.isVerified === 'verified' && (!email || u.email.startsWith(email)));
      const rows = verified.slice((page - 1) * limit, page * limit);
      return { status: 200, body: { success: true, user: rows.map(summary), pagination: { page, limit, hasNextPage: page * limit < verified.length } } };
    }),

    mockOperation(
      api.register.doctorDetails,
      world,
      ({ params }) => {
        const user = findUser(params.userId);
        const application = user ? findApplication(user._id) : undefined;
        if (!user || !application) return mockFailure(404, REGISTRATION_MESSAGES.associateNotFound);
        return {
          status: 200,
          body: {
            success: true,
            user: {
              _id: user._id,
              name: user.name,
              email: user.email,
              isVerified: user.isVerified,
              ...(user.rejectionReason ? { rejectionReason: user.rejectionReason } : {}),
            },
            employee: applicationView(application.application, application.submittedAt, applicationConsent(db, user._id)),
          },
        };
      },
      { invalidParams: { status: 404, message: REGISTRATION_MESSAGES.associateNotFound } },
    ),

    mockOperation(api.register.verifyDoctor, world, ({ caller, params }) => {
      const user = findUser(params.userId);
      if (!user || !findApplication(user._id)) return mockFailure(404, REGISTRATION_MESSAGES.associateNotFound);
      if (applicationConsent(db, user._id)?.withdrawnAt) return mockFailure(409, PRIVACY_MESSAGES.applicationConsentWithdrawnByApplicant);
      if (user.isVerified !== 'pending') return mockFailure(409, REGISTRATION_MESSAGES.notPending);
      user.isVerified = 'verified';
      recordAudit(db, state, caller.email, 'application.verify', ADMIN_MESSAGES.auditAccount(user.name, user.email));
      return { status: 200, body: { success: true, message: REGISTRATION_MESSAGES.verified } };
    }),

    mockOperation(api.register.rejectDoctor, world, ({ caller, params, body }) => {
      const user = findUser(params.userId);
      if (!user || !findApplication(user._id)) return mockFailure(404, REGISTRATION_MESSAGES.associateNotFound);
      if (applicationConsent(db, user._id)?.withdrawnAt) return mockFailure(409, PRIVACY_MESSAGES.applicationConsentWithdrawnByApplicant);
      if (user.isVerified !== 'pending') return mockFailure(409, REGISTRATION_MESSAGES.notPending);
      user.isVerified = 'rejected';
      user.rejectionReason = body.reason;
      recordAudit(db, state, caller.email, 'application.reject', ADMIN_MESSAGES.auditAccount(user.name, user.email));
      return { status: 200, body: { success: true, message: REGISTRATION_MESSAGES.rejected } };
    }),

    // ---- coupons and default links ----
    mockOperation(api.payments.createCoupon, world, ({ caller, body }) => {
      if (state.coupons.some((c) => c.couponCode === body.couponCode)) return mockFailure(409, PAYMENT_MESSAGES.couponExists);
      const at = db.now().toISOString();
      const coupon = { _id: objectId(db), ...body, createdAt: at, updatedAt: at };
      state.coupons.unshift(coupon);
      recordAudit(db, state, caller.email, 'coupon.create', coupon.couponCode);
      return { status: 201, body: { success: true, message: PAYMENT_MESSAGES.couponCreated, data: coupon } };
    }),

    mockOperation(api.payments.coupons, world, () => ({ status: 200, body: { success: true, data: state.coupons } })),

    mockOperation(api.payments.setCouponStatus, world, ({ caller, params, body }) => {
      const coupon = state.coupons.find((c) => c._id === params.id);
      if (!coupon) return mockFailure(404, PAYMENT_MESSAGES.couponNotFound);
      coupon.isActive = body.isActive;
      coupon.updatedAt = db.now().toISOString();
      recordAudit(db, state, caller.email, 'coupon.status', coupon.couponCode);
      const message = coupon.isActive ? PAYMENT_MESSAGES.couponActivated : PAYMENT_MESSAGES.couponDeactivated;
      return { status: 200, body: { success: true, message, data: coupon } };
    }),

    mockOperation(api.payments.deleteCoupon, world, ({ caller, params }) => {
      const index = state.coupons.findIndex((c) => c._id === params.id);
      const coupon = state.coupons[index];
      if (!coupon) return mockFailure(404, PAYMENT_MESSAGES.couponNotFound);
      state.coupons.splice(index, 1);
      recordAudit(db, state, caller.email, 'coupon.delete', coupon.couponCode);
      return { status: 200, body: { success: true, message: PAYMENT_MESSAGES.couponDeleted } };
    }),

    mockOperation(api.payments.defaultLinks, world, () => {
      // As the API does, only plans that have a link are listed.
      const data = SERVICE_KEYS.flatMap((service) =>
        PLAN_TYPES.filter((planType) => db.paymentLinks[service][planType] !== '').map((planType) => ({
          service,
          planType,
          paymentLink: db.paymentLinks[service][planType],
          updatedAt: state.linkUpdatedAt[`${service}/${planType}`] ?? db.now().toISOString(),
        })),
      );
      return { status: 200, body: { success: true, data } };
    }),

    mockOperation(
      api.payments.setDefaultLink,
      world,
      ({ caller, params, body }) => {
        const { service, planType } = params;
        const at = db.now().toISOString();
        db.paymentLinks[service][planType] = body.paymentLink;
        state.linkUpdatedAt[`${service}/${planType}`] = at;
        recordAudit(db, state, caller.email, 'paymentLink.update', planLabel(service, planType));
        return {
          status: 200,
          body: { success: true, message: PAYMENT_MESSAGES.paymentLinkUpdated, data: { service, planType, paymentLink: body.paymentLink, updatedAt: at } },
        };
      },
      { invalidParams: { status: 404, message: PAYMENT_MESSAGES.unknownServiceOrPlan } },
    ),

    // ---- admin grids (react-admin's list query; the total in Content-Range) ----
    mockOperation(api.admin.meetings, world, ({ query }) => {
      const { id, q, clientId, doctorId, from, to } = query.filter;
      const rows = db.meetings
        .filter((m) => !id || id.includes(m._id))
        .filter((m) => !clientId || m.clientId === clientId)
        .filter((m) => !doctorId || m.doctorId === doctorId)
        .filter((m) => inDayRange(m.startsAt, from, to))
        .filter((m) => !q || [m.clientId, m.doctorId, m.clientName, m.doctorName].some((v) => contains(v, q)))
        .map(meetingRecord);
      return gridPage('meetings', rows, query);
    }),

    mockOperation(api.admin.deleteMeeting, world, ({ caller, params }) => {
      const index = db.meetings.findIndex((m) => m._id === params.id);
      const meeting = db.meetings[index];
      if (!meeting) return mockFailure(404, MEETING_MESSAGES.notFound);
      db.meetings.splice(index, 1);
      recordAudit(db, state, caller.email, 'meeting.delete', meetingLabel(meeting));
      return { status: 200, body: meetingRecord(meeting) };
    }),

    mockOperation(api.admin.users, world, ({ query }) => {
      const { id, q, role, isVerified } = query.filter;
      const rows = db.users
        .filter((u) => !id || id.includes(u._id))
        .filter((u) => !role || u.role === role)
        .filter((u) => !isVerified || u.isVerified === isVerified)
        .filter((u) => !q || contains(u.name, q) || contains(u.email, q))
        .map(userRecord);
      return gridPage('users', rows, query);
    }),

    mockOperation(api.admin.audit, world, ({ query }) => {
      const { id, actor, action, from, to } = query.filter;
      const rows = state.audit
        .filter((e) => !id || id.includes(e.id))
        .filter((e) => !actor || e.actor === actor)
        .filter((e) => !action || e.action === action)
        .filter((e) => inDayRange(e.at, from, to));
      return gridPage('audit', rows, query);
    }),

    mockOperation(api.admin.emails, world, ({ query }) => {
      const { id, to, template, status } = query.filter;
      const rows = state.emails
        .filter((e) => !id || id.includes(e.id))
        .filter((e) => !to || e.to === to)
        .filter((e) => !template || e.template === template)
        .filter((e) => !status || e.status === status);
      return gridPage('emails', rows, query);
    }),

    mockOperation(api.admin.resendEmail, world, ({ caller, params }) => {
      const email = state.emails.find((e) => e.id === params.id);
      if (!email) return mockFailure(404, GENERAL_MESSAGES.notFound);
      if (email.status !== 'failed') return mockFailure(409, OUTBOX_MESSAGES.notFailed);
      Object.assign(email, { status: 'pending', attempts: 0 });
      recordAudit(db, state, caller.email, 'email.resend', email.to);
      return { status: 200, body: { success: true, message: OUTBOX_MESSAGES.resent, data: email } };
    }),
  ];
}
