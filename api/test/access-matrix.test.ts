import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMeetingsResponse, NOTICE_VERSION, type Role, type VerificationStatus } from '@bh/shared';
import { insertMeetings, meetingsCollection } from '../src/routes/meeting/meeting.service.ts';
import { meetingBetween } from './meetings.ts';
import { couponsCollection, paymentLinksCollection } from '../src/routes/payments/payments.service.ts';
import { submittedApplicant, validApplication } from '../src/routes/register/application-test-helpers.ts';
import { multipart, PDF, uploadFile } from '../src/routes/uploads/upload-test-helpers.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from './context.ts';
import { outboxCollection } from '../src/mail/outbox.ts';
import { issueLink } from '../src/routes/account-links/account-links.service.ts';

/**
 * DESIGN §5, cell by cell: every call × every kind of caller, asserting the status the server
 * gives. Each cell builds the data it needs, so no cell depends on another having run.
 */

let ctx: TestContext;

const ACTORS = ['anonymous', 'client', 'associate (unverified)', 'associate (verified)', 'admin (unverified)', 'admin (verified)'] as const;
type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'anonymous'>;

/** Statuses in the table's column order: anon, user, doctor unverified, doctor verified, admin unverified, admin verified. */
type Statuses = readonly [number, number, number, number, number, number];

const KIND: Record<SignedInActor, { role: Role; isVerified: VerificationStatus }> = {
  client: { role: 'user', isVerified: 'not_submitted' },
  'associate (unverified)': { role: 'doctor', isVerified: 'not_submitted' },
  'associate (verified)': { role: 'doctor', isVerified: 'verified' },
  'admin (unverified)': { role: 'admin', isVerified: 'not_submitted' },
  'admin (verified)': { role: 'admin', isVerified: 'verified' },
};

interface Account {
  id: string;
  email: string;
  cookie: string;
}

interface Call {
  method: string;
  /** Under /api/v1. */
  path: string;
  body?: unknown;
  form?: FormData;
  /** A session other than the actor's standing one (calls that end or replace a session). */
  cookie?: string;
}

interface Row {
  call: string;
  statuses: Statuses;
  build(actor: Actor, me: Account | null): Promise<Call>;
}

const PUBLIC: Statuses = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Statuses = [401, 200, 200, 200, 200, 200];
const VERIFIED_ADMIN: Statuses = [401, 403, 403, 403, 403, 200];
const VERIFIED_ADMIN_CREATES: Statuses = [401, 403, 403, 403, 403, 201];
const SIGNED_IN_CREATES: Statuses = [401, 201, 201, 201, 201, 201];

const START = new Date('2026-06-15T06:30:00.000Z');
const MINUTE = 60_000;

const accounts = new Map<SignedInActor, Account>();
/** People the cells' data is about who are not callers themselves. */
let bystanderClient: Account;
let bystanderAssociate: Account;
let dayOffset = 0;

function account(actor: SignedInActor): Account {
  const found = accounts.get(actor);
  if (!found) throw new Error(`no account for ${actor}`);
  return found;
}

async function freshAccount(role: Role, isVerified: VerificationStatus): Promise<Account> {
  return ctx.signedIn(role, isVerified);
}

/** A meeting stored directly, so cells can give any caller a meeting of their own at any time. */
async function meeting(clientId: string, doctorId: string, startsAt: Date = new Date(START.getTime() + 2 * MINUTE)): Promise<string> {
  const doc = await meetingBetween(ctx, clientId, doctorId, {
    startsAt,
    meetingLink: 'https://meet.example.in/matrix',
    formLink: 'https://forms.example.in/matrix',
    createdAt: START,
  });
  await insertMeetings(ctx.deps.db, [doc]);
  return doc._id.toHexString();
}

/** A meeting the caller takes part in when they can; otherwise one between two other people. */
async function meetingOf(actor: Actor, me: Account | null): Promise<string> {
  if (actor === 'client' && me) return meeting(me.id, bystanderAssociate.id);
  if ((actor === 'associate (verified)' || actor === 'associate (unverified)') && me) return meeting(bystanderClient.id, me.id);
  return meeting(bystanderClient.id, bystanderAssociate.id);
}

const links = {
  mentalHealthCounselling: { single: 'https://pay.example.in/m1', bundle: 'https://pay.example.in/m3' },
  cosmetologistConsultancy: { single: 'https://pay.example.in/c1', bundle: 'https://pay.example.in/c3' },
};

async function coupon(): Promise<string> {
  const _id = new ObjectId();
  await couponsCollection(ctx.deps.db).insertOne({
    _id,
    couponCode: `M${randomBytes(4).toString('hex').toUpperCase()}`,
    forNewUsers: true,
    isActive: true,
    paymentLinks: links,
    createdAt: START,
    updatedAt: START,
    createdBy: new ObjectId(),
  });
  return _id.toHexString();
}

/** A file of the caller's own when they may upload; a bystander associate's otherwise. */
async function fileOf(actor: Actor, me: Account | null): Promise<string> {
  const owner = me && actor !== 'client' ? me : bystanderAssociate;
  return uploadFile(ctx, owner.cookie, 'resume');
}

/** An account waiting on its invitation, with a live link. */
async function invitee(): Promise<{ userId: string; token: string }> {
  const someone = await ctx.createUser({ role: 'user' });
  await ctx.deps.cols.users.updateOne({ _id: new ObjectId(someone.id) }, { $set: { invitation: 'pending' } });
  const { token } = await issueLink(ctx.deps, new ObjectId(someone.id), 'invitation');
  return { userId: someone.id, token };
}

/** An outbox message whose tries are used up. */
async function failedEmail(): Promise<string> {
  const [id] = await ctx.deps.outbox.enqueue([{ to: bystanderClient.email, template: 'password-changed', data: { name: 'Matrix', changedAt: START.toISOString() } }]);
  await outboxCollection(ctx.deps.db).updateOne({ _id: id! }, { $set: { status: 'failed', attempts: 6, lastError: '451 Try again later' } });
  return id!.toHexString();
}

const api = (path: string) => path.replace(/^\/api\/v1/, '');

const ROWS: Row[] = [
  // ---- health -------------------------------------------------------------------------------
  { call: 'GET /health', statuses: PUBLIC, build: async () => ({ method: 'GET', path: '/health' }) },
  { call: 'GET /health/live', statuses: PUBLIC, build: async () => ({ method: 'GET', path: '/health/live' }) },
  { call: 'GET /health/ready', statuses: PUBLIC, build: async () => ({ method: 'GET', path: '/health/ready' }) },
  // ---- public payments ----------------------------------------------------------------------
  { call: 'GET /payments/services', statuses: PUBLIC, build: async () => ({ method: 'GET', path: '/payments/services' }) },
  {
    call: 'GET /payments/default/{service}/{planType}',
    statuses: PUBLIC,
    build: async () => ({ method: 'GET', path: '/payments/default/mental-Health-Counselling/single' }),
  },
  {
    call: 'POST /payments/verify-coupon/{service}/{planType}',
    statuses: PUBLIC,
    build: async () => ({
      method: 'POST',
      path: '/payments/verify-coupon/cosmetologistConsultancy/bundle',
      body: { couponCode: 'MATRIXNEW', email: null, isExistingUser: false },
    }),
  },

  // ---- user ---------------------------------------------------------------------------------
  {
    call: 'POST /user/login',
    statuses: PUBLIC,
    // Signed-in callers sign in again from a second session of their own.
    build: async (actor, me) => {
      const login = me ?? (await ctx.createUser({ role: 'user' }));
      return {
        method: 'POST',
        path: '/user/login',
        body: { email: login.email, password: TEST_PASSWORD },
        ...(me && actor !== 'anonymous' ? { cookie: await ctx.login(me.email) } : {}),
      };
    },
  },
  {
    call: 'POST /user/logout',
    statuses: SIGNED_IN,
    build: async (_actor, me) => ({ method: 'POST', path: '/user/logout', ...(me ? { cookie: await ctx.login(me.email) } : {}) }),
  },
  { call: 'GET /user/profile', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/user/profile' }) },
  {
    call: 'PUT /user/profile/update',
    statuses: SIGNED_IN,
    build: async () => ({ method: 'PUT', path: '/user/profile/update', body: { name: 'Matrix Caller' } }),
  },
  {
    call: 'POST /user/register',
    statuses: VERIFIED_ADMIN_CREATES,
    build: async () => ({
      method: 'POST',
      path: '/user/register',
      body: { name: 'Made By Matrix', email: `made-${randomBytes(4).toString('hex')}@test.betterhealth.in`, password: 'Sturdy-pass-77', role: 'user' },
    }),
  },

  // ---- meetings -----------------------------------------------------------------------------
  { call: 'GET /meeting/get-meetings', statuses: [401, 200, 403, 200, 403, 200], build: async () => ({ method: 'GET', path: '/meeting/get-meetings' }) },
  {
    call: 'POST /meeting/meetingJoinedAt/{id} (own meeting)',
    statuses: [401, 200, 403, 200, 403, 403],
    build: async (actor, me) => ({ method: 'POST', path: `/meeting/meetingJoinedAt/${await meetingOf(actor, me)}` }),
  },
  {
    call: 'POST /meeting/create-meeting',
    statuses: VERIFIED_ADMIN_CREATES,
    build: async () => {
      dayOffset += 1;
      const day = new Date(START.getTime() + dayOffset * 24 * 60 * MINUTE).toISOString().slice(0, 10);
      return {
        method: 'POST',
        path: '/meeting/create-meeting',
        body: {
          clientId: bystanderClient.email,
          doctorId: bystanderAssociate.email,
          meetingDate: day,
          meetingTime: '10:00 AM',
          meetingLink: 'https://meet.example.in/new',
          formLink: 'https://forms.example.in/new',
        },
      };
    },
  },
  {
    call: 'DELETE /meeting/{id}',
    statuses: VERIFIED_ADMIN,
    build: async (actor, me) => ({ method: 'DELETE', path: `/meeting/${await meetingOf(actor, me)}` }),
  },
  {
    call: 'GET /meeting/deleteMeeting/{id} (legacy: never deletes)',
    statuses: [405, 405, 405, 405, 405, 405],
    build: async (actor, me) => ({ method: 'GET', path: `/meeting/deleteMeeting/${await meetingOf(actor, me)}` }),
  },
  {
    call: 'POST /meeting/verify-email',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'POST', path: '/meeting/verify-email', body: { email: bystanderClient.email, userType: 'client' } }),
  },
  {
    call: 'POST /meeting/userMeetings',
    statuses: [401, 403, 403, 200, 403, 200],
    build: async () => ({ method: 'POST', path: '/meeting/userMeetings', body: { email: bystanderClient.email } }),
  },
  {
    call: 'PUT /meeting/{id}/report (own meeting)',
    statuses: [401, 403, 403, 200, 403, 200],
    build: async (actor, me) => ({
      method: 'PUT',
      path: `/meeting/${await meetingOf(actor, me)}/report`,
      body: { reportLink: 'https://reports.example.in/matrix' },
    }),
  },

  // ---- registration -------------------------------------------------------------------------
  {
    call: 'POST /register/employees',
    statuses: [401, 403, 201, 409, 201, 409],
    // Each applying cell applies as a fresh account, since an application changes the status.
    build: async (actor) => {
      if (actor === 'associate (unverified)' || actor === 'admin (unverified)') {
        const applicant = await freshAccount(KIND[actor].role, 'not_submitted');
        return { method: 'POST', path: '/register/employees', body: await validApplication(ctx, applicant.cookie), cookie: applicant.cookie };
      }
      // Everyone else is refused before the body is read, so an empty one does.
      return { method: 'POST', path: '/register/employees', body: {} };
    },
  },
  { call: 'GET /register/check-verified', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/register/check-verified' }) },
  {
    call: 'GET /register/application',
    statuses: [401, 403, 200, 200, 200, 200],
    // Each applicant reads an application of their own: a fresh account of the cell's kind applies,
    // then takes the cell's status (a verified one was reviewed after applying).
    build: async (actor) => {
      if (actor === 'anonymous' || actor === 'client') return { method: 'GET', path: '/register/application' };
      const applicant = await freshAccount(KIND[actor].role, 'not_submitted');
      const body = await validApplication(ctx, applicant.cookie);
      expect((await send({ method: 'POST', path: '/register/employees', body }, applicant.cookie)).status).toBe(201);
      await ctx.deps.cols.users.updateOne({ _id: new ObjectId(applicant.id) }, { $set: { isVerified: KIND[actor].isVerified } });
      return { method: 'GET', path: '/register/application', cookie: applicant.cookie };
    },
  },
  { call: 'GET /register/status-pending', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/register/status-pending' }) },
  {
    call: 'GET /register/status-verified',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'GET', path: '/register/status-verified?page=1&limit=10' }),
  },
  {
    call: 'GET /register/doctor-details/{userId}',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'GET', path: `/register/doctor-details/${(await submittedApplicant(ctx)).id}` }),
  },
  {
    call: 'POST /register/verify-doctor/{userId}',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'POST', path: `/register/verify-doctor/${(await submittedApplicant(ctx)).id}` }),
  },
  {
    call: 'POST /register/reject-doctor/{userId}',
    statuses: VERIFIED_ADMIN,
    build: async () => ({
      method: 'POST',
      path: `/register/reject-doctor/${(await submittedApplicant(ctx)).id}`,
      body: { reason: 'The PAN card image is unreadable.' },
    }),
  },

  // ---- coupons and default links ------------------------------------------------------------
  {
    call: 'POST /payments/coupon',
    statuses: VERIFIED_ADMIN_CREATES,
    build: async () => ({
      method: 'POST',
      path: '/payments/coupon',
      body: { couponCode: `MX${randomBytes(4).toString('hex').toUpperCase()}`, forNewUsers: false, isActive: true, paymentLinks: links },
    }),
  },
  { call: 'GET /payments/coupons', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/payments/coupons' }) },
  {
    call: 'PATCH /payments/coupon/{id}/status',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'PATCH', path: `/payments/coupon/${await coupon()}/status`, body: { isActive: false } }),
  },
  { call: 'DELETE /payments/coupon/{id}', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'DELETE', path: `/payments/coupon/${await coupon()}` }) },
  {
    call: 'PUT /payments/default/{service}/{planType}',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'PUT', path: '/payments/default/cosmetologist-consultancy/single', body: { paymentLink: 'https://pay.example.in/cc1-new' } }),
  },
  { call: 'GET /payments/default-links', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/payments/default-links' }) },

  // ---- uploads ------------------------------------------------------------------------------
  {
    call: 'POST /uploads',
    statuses: [401, 403, 201, 201, 201, 201],
    build: async () => ({
      method: 'POST',
      path: '/uploads',
      form: multipart([{ name: 'field', value: 'resume' }, { name: 'file', value: { bytes: PDF, filename: 'cv.pdf', type: 'application/pdf' } }]),
    }),
  },
  {
    call: 'GET /uploads/{id} (own file)',
    statuses: [401, 403, 200, 200, 200, 200],
    build: async (actor, me) => ({ method: 'GET', path: api(await fileOf(actor, me)) }),
  },
  {
    call: "GET /uploads/{id} (someone else's file)",
    statuses: [401, 403, 404, 404, 404, 200],
    build: async () => ({ method: 'GET', path: api(await fileOf('anonymous', null)) }),
  },

  // ---- admin grids --------------------------------------------------------------------------
  { call: 'GET /admin/meetings', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/admin/meetings?range=[0,9]' }) },
  {
    call: 'GET /admin/meetings/{id}',
    statuses: VERIFIED_ADMIN,
    build: async (actor, me) => ({ method: 'GET', path: `/admin/meetings/${await meetingOf(actor, me)}` }),
  },
  {
    call: 'DELETE /admin/meetings/{id}',
    statuses: VERIFIED_ADMIN,
    build: async (actor, me) => ({ method: 'DELETE', path: `/admin/meetings/${await meetingOf(actor, me)}` }),
  },
  { call: 'GET /admin/users', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/admin/users' }) },
  {
    call: 'GET /admin/users/{id}',
    statuses: VERIFIED_ADMIN,
    build: async (_actor, me) => ({ method: 'GET', path: `/admin/users/${me?.id ?? bystanderClient.id}` }),
  },
  { call: 'GET /admin/coupons', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/admin/coupons' }) },
  { call: 'GET /admin/audit', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/admin/audit' }) },
  {
    call: 'GET /admin/applications',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'GET', path: '/admin/applications' }),
  },

  // ---- messages: invitations, resets, calendar, the Emails grid -----------------------------------
  {
    call: 'POST /user/forgot-password',
    statuses: PUBLIC,
    build: async () => ({ method: 'POST', path: '/user/forgot-password', body: { email: bystanderClient.email } }),
  },
  {
    call: 'POST /user/reset-password (live link)',
    statuses: PUBLIC,
    build: async () => {
      const someone = await ctx.createUser({ role: 'user' });
      const { token } = await issueLink(ctx.deps, new ObjectId(someone.id), 'reset');
      return { method: 'POST', path: '/user/reset-password', body: { token, password: 'Matrix-Reset-77' } };
    },
  },
  {
    call: 'POST /user/accept-invitation (live link)',
    statuses: PUBLIC,
    build: async () => ({ method: 'POST', path: '/user/accept-invitation', body: { token: (await invitee()).token, password: 'Matrix-Invite-77' } }),
  },
  {
    call: 'POST /user/invite',
    statuses: VERIFIED_ADMIN_CREATES,
    build: async () => ({
      method: 'POST',
      path: '/user/invite',
      body: { name: 'Invited By Matrix', email: `invited-${randomBytes(4).toString('hex')}@test.betterhealth.in`, role: 'user' },
    }),
  },
  { call: 'GET /user/invitations', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/user/invitations' }) },
  {
    call: 'POST /user/invitations/{userId}/resend',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'POST', path: `/user/invitations/${(await invitee()).userId}/resend` }),
  },
  {
    call: 'DELETE /user/invitations/{userId}',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'DELETE', path: `/user/invitations/${(await invitee()).userId}` }),
  },
  {
    call: 'GET /meeting/{id}/calendar.ics (own meeting)',
    statuses: [401, 200, 403, 200, 403, 200],
    build: async (actor, me) => ({ method: 'GET', path: `/meeting/${await meetingOf(actor, me)}/calendar.ics` }),
  },
  { call: 'GET /admin/emails', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/admin/emails' }) },
  {
    call: 'GET /admin/emails/{id}',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'GET', path: `/admin/emails/${await failedEmail()}` }),
  },
  {
    call: 'POST /admin/emails/{id}/resend',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'POST', path: `/admin/emails/${await failedEmail()}/resend` }),
  },

  // ---- privacy (issue 19): every signed-in person, their own data only ------------------------
  { call: 'GET /privacy/overview', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/overview' }) },
  { call: 'GET /privacy/sessions', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/sessions' }) },
  {
    call: 'DELETE /privacy/sessions/{id} (own other device)',
    statuses: SIGNED_IN,
    build: async (_actor, me) => ({ method: 'DELETE', path: `/privacy/sessions/${me ? await otherSessionOf(me) : '0'.repeat(32)}` }),
  },
  { call: 'POST /privacy/sessions/sign-out-others', statuses: SIGNED_IN, build: async () => ({ method: 'POST', path: '/privacy/sessions/sign-out-others' }) },
  { call: 'GET /privacy/access-log', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/access-log' }) },
  { call: 'GET /privacy/notice', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/notice' }) },
  {
    call: 'POST /privacy/notice/accept',
    statuses: SIGNED_IN,
    build: async () => ({ method: 'POST', path: '/privacy/notice/accept', body: { version: NOTICE_VERSION } }),
  },
  {
    call: 'POST /privacy/notice/withdraw',
    statuses: SIGNED_IN,
    // A fresh account of the caller's kind: withdrawing files an erasure request for it.
    build: async (actor) => ({ method: 'POST', path: '/privacy/notice/withdraw', body: { kind: 'notice' }, ...(actor === 'anonymous' ? {} : { cookie: (await freshAccount(KIND[actor].role, KIND[actor].isVerified)).cookie }) }),
  },
  { call: 'GET /privacy/archive', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/archive' }) },
  { call: 'GET /privacy/requests', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/requests' }) },
  {
    call: 'POST /privacy/requests',
    statuses: SIGNED_IN_CREATES,
    build: async (actor) => ({
      method: 'POST',
      path: '/privacy/requests',
      body: { kind: 'grievance', details: 'A matrix grievance' },
      ...(actor === 'anonymous' ? {} : { cookie: (await freshAccount(KIND[actor].role, KIND[actor].isVerified)).cookie }),
    }),
  },
  { call: 'GET /privacy/requests/queue', statuses: VERIFIED_ADMIN, build: async () => ({ method: 'GET', path: '/privacy/requests/queue' }) },
  {
    call: 'POST /privacy/requests/{id}/decide',
    statuses: VERIFIED_ADMIN,
    build: async () => ({ method: 'POST', path: `/privacy/requests/${await openGrievance()}/decide`, body: { decision: 'reject', answer: 'Matrix answer' } }),
  },
  { call: 'GET /privacy/nominee', statuses: SIGNED_IN, build: async () => ({ method: 'GET', path: '/privacy/nominee' }) },
  {
    call: 'PUT /privacy/nominee',
    statuses: SIGNED_IN,
    build: async () => ({ method: 'PUT', path: '/privacy/nominee', body: { name: 'Matrix Nominee', email: 'nominee@example.in', relationship: 'Friend' } }),
  },
  {
    call: 'DELETE /privacy/nominee',
    statuses: SIGNED_IN,
    build: async (actor, me) => {
      if (me) await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: me.cookie, body: { name: 'Matrix Nominee', email: 'nominee@example.in', relationship: 'Friend' } });
      return { method: 'DELETE', path: '/privacy/nominee' };
    },
  },
];

/** An open grievance of a bystander, for the queue's decide call. */
async function openGrievance(): Promise<string> {
  const person = await freshAccount('user', 'not_submitted');
  const res = await ctx.request('POST', '/api/v1/privacy/requests', { cookie: person.cookie, body: { kind: 'grievance', details: 'For the matrix' } });
  const { data } = (await res.json()) as { data: { id: string } };
  return data.id;
}

/** Signs `me` in once more (another device) and returns that session's handle from the list. */
async function otherSessionOf(me: Account): Promise<string> {
  await ctx.login(me.email);
  const res = await ctx.request('GET', '/api/v1/privacy/sessions', { cookie: me.cookie });
  const { data } = (await res.json()) as { data: { id: string; current: boolean }[] };
  const other = data.find((s) => !s.current);
  if (!other) throw new Error('no other session');
  return other.id;
}

async function send(call: Call, cookie: string | undefined): Promise<Response> {
  const path = `/api/v1${call.path}`;
  if (call.form) {
    return ctx.app.request(path, { method: call.method, headers: cookie ? { cookie } : {}, body: call.form });
  }
  return ctx.request(call.method, path, { ...(call.body !== undefined ? { body: call.body } : {}), ...(cookie ? { cookie } : {}) });
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(START);
  for (const actor of ACTORS) {
    if (actor === 'anonymous') continue;
    accounts.set(actor, await freshAccount(KIND[actor].role, KIND[actor].isVerified));
  }
  bystanderClient = await freshAccount('user', 'not_submitted');
  bystanderAssociate = await freshAccount('doctor', 'verified');
  await paymentLinksCollection(ctx.deps.db).insertOne({
    _id: 'mentalHealthCounselling:single',
    service: 'mentalHealthCounselling',
    planType: 'single',
    paymentLink: 'https://pay.example.in/default-m1',
    updatedAt: START,
    updatedBy: null,
  });
  await couponsCollection(ctx.deps.db).insertOne({
    _id: new ObjectId(),
    couponCode: 'MATRIXNEW',
    forNewUsers: true,
    isActive: true,
    paymentLinks: links,
    createdAt: START,
    updatedAt: START,
    createdBy: new ObjectId(),
  });
});

describe('DESIGN §5: who may call what', () => {
  for (const row of ROWS) {
    describe(row.call, () => {
      ACTORS.forEach((actor, column) => {
        const expected = row.statuses[column]!;
        it(`${actor} → ${expected}`, async () => {
          const me = actor === 'anonymous' ? null : account(actor);
          const call = await row.build(actor, me);
          const cookie = actor === 'anonymous' ? undefined : (call.cookie ?? me?.cookie);
          const res = await send(call, cookie);
          const text = await res.text();
          expect(res.status, text.slice(0, 300)).toBe(expected);
          if (expected >= 400) expect(JSON.parse(text)).toMatchObject({ success: false });
        });
      });
    });
  }

  it('covers every call in DESIGN §5 and every admin grid', () => {
    const calls = ROWS.map((r) => r.call).join('\n');
    for (const call of [
      'GET /health', 'GET /health/live', 'GET /health/ready',
      'payments/services', 'payments/default/', 'verify-coupon', 'user/login', 'user/logout', 'user/profile', 'profile/update', 'user/register',
      'get-meetings', 'meetingJoinedAt', 'create-meeting', 'DELETE /meeting/', 'verify-email', 'userMeetings', '/report',
      'register/employees', 'register/application', 'check-verified', 'status-pending', 'status-verified', 'doctor-details', 'verify-doctor', 'reject-doctor',
      'POST /payments/coupon', 'GET /payments/coupons', 'coupon/{id}/status', 'DELETE /payments/coupon', 'PUT /payments/default', 'default-links',
      'POST /uploads', 'GET /uploads',
      'GET /admin/meetings', 'DELETE /admin/meetings', 'GET /admin/users', 'GET /admin/coupons', 'GET /admin/applications', 'GET /admin/audit',
      'forgot-password', 'reset-password', 'accept-invitation', 'POST /user/invite', 'GET /user/invitations', 'invitations/{userId}/resend',
      'DELETE /user/invitations', 'calendar.ics', 'GET /admin/emails', 'emails/{id}/resend',
      'GET /privacy/overview', 'GET /privacy/sessions', 'DELETE /privacy/sessions/{id}', 'sign-out-others', 'GET /privacy/access-log',
      'GET /privacy/notice', 'notice/accept', 'notice/withdraw', 'GET /privacy/archive', 'GET /privacy/requests', 'POST /privacy/requests',
      'requests/queue', 'requests/{id}/decide', 'GET /privacy/nominee', 'PUT /privacy/nominee', 'DELETE /privacy/nominee',
    ]) {
      expect(calls, call).toContain(call);
    }
  });
});

describe('ownership: two accounts per role, nobody reads or changes another’s meetings', () => {
  it('clients and associates see, join and report only their own meetings', async () => {
    ctx.clock.set(START);
    const [c1, c2] = [await freshAccount('user', 'not_submitted'), await freshAccount('user', 'not_submitted')];
    const [d1, d2] = [await freshAccount('doctor', 'verified'), await freshAccount('doctor', 'verified')];
    const m1 = await meeting(c1.id, d1.id);
    const m2 = await meeting(c2.id, d2.id);

    const seen = async (who: Account) => {
      const res = await ctx.request('GET', '/api/v1/meeting/get-meetings', { cookie: who.cookie });
      return getMeetingsResponse.parse(await res.json()).meetings.map((m) => m._id);
    };
    expect(await seen(c1)).toEqual([m1]);
    expect(await seen(c2)).toEqual([m2]);
    expect(await seen(d1)).toEqual([m1]);
    expect(await seen(d2)).toEqual([m2]);

    // Someone else's meeting does not exist as far as a participant is concerned.
    for (const [who, other] of [[c1, m2], [c2, m1], [d1, m2], [d2, m1]] as const) {
      expect((await ctx.request('POST', `/api/v1/meeting/meetingJoinedAt/${other}`, { cookie: who.cookie })).status).toBe(404);
    }
    for (const [who, other] of [[d1, m2], [d2, m1]] as const) {
      const res = await ctx.request('PUT', `/api/v1/meeting/${other}/report`, { cookie: who.cookie, body: { reportLink: 'https://reports.example.in/forged' } });
      expect(res.status).toBe(404);
    }
    for (const [who, other] of [[c1, m2], [c2, m1]] as const) {
      const res = await ctx.request('PUT', `/api/v1/meeting/${other}/report`, { cookie: who.cookie, body: { reportLink: 'https://reports.example.in/forged' } });
      expect(res.status).toBe(403);
      expect((await ctx.request('DELETE', `/api/v1/meeting/${other}`, { cookie: who.cookie })).status).toBe(403);
    }
    expect((await ctx.request('DELETE', `/api/v1/meeting/${m2}`, { cookie: d1.cookie })).status).toBe(403);

    // An associate's lookup of another associate's client finds nothing of theirs.
    const lookup = await ctx.request('POST', '/api/v1/meeting/userMeetings', { cookie: d1.cookie, body: { email: c2.email } });
    expect(getMeetingsResponse.parse(await lookup.json()).meetings).toEqual([]);
    const lookupOwn = await ctx.request('POST', '/api/v1/meeting/userMeetings', { cookie: d1.cookie, body: { email: c1.email } });
    expect(getMeetingsResponse.parse(await lookupOwn.json()).meetings.map((m) => m._id)).toEqual([m1]);

    const untouched = await meetingsCollection(ctx.deps.db).find({ _id: { $in: [new ObjectId(m1), new ObjectId(m2)] } }).toArray();
    expect(untouched).toHaveLength(2);
    for (const doc of untouched) expect(doc).toMatchObject({ userJoinedAt: null, docJoinedAt: null, reportLink: '' });
  });
});
