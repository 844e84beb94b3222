import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMeetingsResponse, NOTICE_VERSION, type Role, type VerificationStatus } from '@bh/shared';
import { ACCESS, api, PRINCIPALS, type OperationConfig, type Principal } from '@bh/shared/contract';
import { storeMeetingBetween } from './meetings.ts';
import { submittedApplicant, validApplication } from './applications.ts';
import { multipart, PDF, uploadFile } from './uploads.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from './context.ts';
import { issueLink } from '../src/domain/accounts/account-links.service.ts';

/**
 * DESIGN §5, cell by cell, read from the one table (`ACCESS` in @bh/shared/contract): every
 * defined operation × every kind of caller, asserting the status its cell means. `no` is 401
 * without a session and 403 (with the row's message) with one; `yes` and `own` are the call's
 * success, `own` on a record of the caller's own; `conflict` is 409. Each cell builds the data it
 * needs, so no cell depends on another having run.
 */

let ctx: TestContext;

type SignedIn = Exclude<Principal, 'anon'>;

const KIND: Record<SignedIn, { role: Role; isVerified: VerificationStatus }> = {
  user: { role: 'user', isVerified: 'not_submitted' },
  doctorUnverified: { role: 'doctor', isVerified: 'not_submitted' },
  doctorVerified: { role: 'doctor', isVerified: 'verified' },
  adminUnverified: { role: 'admin', isVerified: 'not_submitted' },
  adminVerified: { role: 'admin', isVerified: 'verified' },
};

interface Account {
  id: string;
  email: string;
  cookie: string;
}

/** What one cell sends: the operation's path parameters, query and body; its method and path come from the definition. */
interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  form?: FormData;
  /** A session other than the caller's standing one (calls that end or replace a session). */
  cookie?: string;
}

type Build = (who: Principal, me: Account | null) => Promise<Call>;

const START = new Date('2026-06-15T06:30:00.000Z');
const MINUTE = 60_000;

const accounts = new Map<SignedIn, Account>();
/** People the cells' data is about who are not callers themselves. */
let bystanderClient: Account;
let bystanderAssociate: Account;
let dayOffset = 0;

function account(who: SignedIn): Account {
  const found = accounts.get(who);
  if (!found) throw new Error(`no account for ${who}`);
  return found;
}

async function freshAccount(role: Role, isVerified: VerificationStatus): Promise<Account> {
  return ctx.signedIn(role, isVerified);
}

/** A meeting stored directly, so cells can give any caller a meeting of their own at any time. */
async function meeting(clientId: string, doctorId: string, startsAt: Date = new Date(START.getTime() + 2 * MINUTE)): Promise<string> {
  return storeMeetingBetween(ctx, clientId, doctorId, {
    startsAt,
    meetingLink: 'https://meet.example.in/matrix',
    formLink: 'https://forms.example.in/matrix',
    createdAt: START,
  });
}

/** A meeting the caller takes part in when they can; otherwise one between two other people. */
async function meetingOf(who: Principal, me: Account | null): Promise<string> {
  if (who === 'user' && me) return meeting(me.id, bystanderAssociate.id);
  if ((who === 'doctorVerified' || who === 'doctorUnverified') && me) return meeting(bystanderClient.id, me.id);
  return meeting(bystanderClient.id, bystanderAssociate.id);
}

/** A meeting between two other people. */
const othersMeeting = () => meeting(bystanderClient.id, bystanderAssociate.id);

const HOUR = 60 * MINUTE;
/** A different future day for each booking cell, so their new times never clash. */
let bookingDay = 0;
function nextBookingDate(): string {
  bookingDay += 1;
  return new Date(Date.UTC(2026, 6, 1 + bookingDay)).toISOString().slice(0, 10);
}

/** The caller's own meeting (or a bystanders' one) starting `offsetMs` from START. */
async function meetingOfAt(who: Principal, me: Account | null, offsetMs: number): Promise<string> {
  const startsAt = new Date(START.getTime() + offsetMs);
  if (who === 'user' && me) return meeting(me.id, bystanderAssociate.id, startsAt);
  if ((who === 'doctorVerified' || who === 'doctorUnverified') && me) return meeting(bystanderClient.id, me.id, startsAt);
  return meeting(bystanderClient.id, bystanderAssociate.id, startsAt);
}

/** A change request waiting in the admins' queue. */
async function openRequest(): Promise<string> {
  const id = await meeting(bystanderClient.id, bystanderAssociate.id, new Date(START.getTime() + 48 * HOUR));
  const res = await ctx.request('POST', `/api/v1/meeting/${id}/request`, { cookie: bystanderAssociate.cookie, body: { kind: 'cancel', reason: 'Matrix' } });
  if (res.status !== 201) throw new Error(`request failed: ${res.status}`);
  return ((await res.json()) as { request: { _id: string } }).request._id;
}

/** A refund due: a bystander client's cancellation two days ahead. */
async function refundDue(): Promise<string> {
  const id = await meeting(bystanderClient.id, bystanderAssociate.id, new Date(START.getTime() + 48 * HOUR));
  const res = await ctx.request('POST', `/api/v1/meeting/${id}/cancel`, { cookie: bystanderClient.cookie, body: { reason: 'Matrix' } });
  if (res.status !== 200) throw new Error(`cancel failed: ${res.status}`);
  return id;
}

const ALL_DAY = { start: '00:00', end: '23:00' };
const HOURS = { weekly: { mon: [ALL_DAY], tue: [ALL_DAY], wed: [ALL_DAY], thu: [ALL_DAY], fri: [ALL_DAY], sat: [ALL_DAY], sun: [ALL_DAY] }, daysOff: [] };
/** Whose hours a caller reads or sets: an associate their own, anyone else names the bystander. */
const hoursQuery = (who: Principal) => (who === 'doctorVerified' || who === 'doctorUnverified' ? undefined : `doctorId=${encodeURIComponent(bystanderAssociate.email)}`);
const withQuery = (query: string | undefined) => (query ? { query } : {});

const links = {
  mentalHealthCounselling: { single: 'https://pay.example.in/m1', bundle: 'https://pay.example.in/m3' },
  cosmetologistConsultancy: { single: 'https://pay.example.in/c1', bundle: 'https://pay.example.in/c3' },
};

/** An active coupon for new users, stored directly; its id. */
async function coupon(couponCode = `M${randomBytes(4).toString('hex').toUpperCase()}`): Promise<string> {
  const _id = new ObjectId();
  await ctx.deps.cols.coupons.insertOne({
    _id,
    couponCode,
    forNewUsers: true,
    isActive: true,
    paymentLinks: links,
    createdAt: START,
    updatedAt: START,
    createdBy: new ObjectId(),
  });
  return _id.toHexString();
}

/** The id of a file of the caller's own when they may upload; of a bystander associate's otherwise. */
async function fileOf(who: Principal, me: Account | null): Promise<string> {
  const owner = me && who !== 'user' ? me : bystanderAssociate;
  return (await uploadFile(ctx, owner.cookie, 'resume')).split('/').pop()!;
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
  await ctx.deps.cols.outbox.updateOne({ _id: id! }, { $set: { status: 'failed', attempts: 6, lastError: '451 Try again later' } });
  return id!.toHexString();
}

const fresh = () => randomBytes(4).toString('hex');

/**
 * How each operation is called for a cell. Paths, methods and who may call come from the
 * definitions; only the data is here. An operation without an entry fails the coverage test.
 */
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

/** A fresh account of the caller's kind, for calls that change the account for good (withdrawing consent, filing a request). */
const freshCookie = async (who: Principal) => (who === 'anon' ? {} : { cookie: (await freshAccount(KIND[who].role, KIND[who].isVerified)).cookie });
const NOMINEE = { name: 'Matrix Nominee', email: 'nominee@example.in', relationship: 'Friend' };

const CALLS: { [A in keyof typeof api]: { [K in keyof (typeof api)[A]]: Build } } = {
  health: {
    status: async () => ({}),
    live: async () => ({}),
    ready: async () => ({}),
  },
  user: {
    // Signed-in callers sign in again from a second session of their own.
    login: async (_who, me) => {
      const login = me ?? (await ctx.createUser({ role: 'user' }));
      return { body: { email: login.email, password: TEST_PASSWORD }, ...(me ? { cookie: await ctx.login(me.email) } : {}) };
    },
    logout: async (_who, me) => (me ? { cookie: await ctx.login(me.email) } : {}),
    profile: async () => ({}),
    updateProfile: async () => ({ body: { name: 'Matrix Caller' } }),
    register: async () => ({
      body: { name: 'Made By Matrix', email: `made-${fresh()}@test.betterhealth.in`, password: 'Sturdy-pass-77', role: 'user' },
    }),
  },
  accountLinks: {
    forgotPassword: async () => ({ body: { email: bystanderClient.email } }),
    resetPassword: async () => {
      const someone = await ctx.createUser({ role: 'user' });
      const { token } = await issueLink(ctx.deps, new ObjectId(someone.id), 'reset');
      return { body: { token, password: 'Matrix-Reset-77' } };
    },
    acceptInvitation: async () => ({ body: { token: (await invitee()).token, password: 'Matrix-Invite-77' } }),
    invite: async () => ({ body: { name: 'Invited By Matrix', email: `invited-${fresh()}@test.betterhealth.in`, role: 'user' } }),
    invitations: async () => ({}),
    resendInvitation: async () => ({ params: { userId: (await invitee()).userId } }),
    revokeInvitation: async () => ({ params: { userId: (await invitee()).userId } }),
  },
  meeting: {
    list: async () => ({}),
    create: async () => {
      dayOffset += 1;
      const day = new Date(START.getTime() + dayOffset * 24 * 60 * MINUTE).toISOString().slice(0, 10);
      return {
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
    recordJoin: async (who, me) => ({ params: { meetingId: await meetingOf(who, me) } }),
    lookup: async () => ({ body: { email: bystanderClient.email } }),
    verifyEmail: async () => ({ body: { email: bystanderClient.email, userType: 'client' } }),
    legacyDelete: async (who, me) => ({ params: { meetingId: await meetingOf(who, me) } }),
    setReport: async (who, me) => ({ params: { meetingId: await meetingOf(who, me) }, body: { reportLink: 'https://reports.example.in/matrix' } }),
    delete: async (who, me) => ({ params: { meetingId: await meetingOf(who, me) } }),
  },
  calendar: {
    meetingIcs: async (who, me) => ({ params: { meetingId: await meetingOf(who, me) } }),
  },
  register: {
    // Each applying cell applies as a fresh account, since an application changes the status;
    // everyone else is refused before the body is read, so an empty one does.
    submit: async (who) => {
      if (who !== 'doctorUnverified' && who !== 'adminUnverified') return { body: {} };
      const applicant = await ctx.signedIn(KIND[who].role, 'not_submitted');
      return { body: await validApplication(ctx, applicant.cookie), cookie: applicant.cookie };
    },
    checkVerified: async () => ({}),
    // Each applicant reads an application of their own: a fresh account of the cell's kind applies,
    // then takes the cell's status (a verified one was reviewed after applying).
    ownApplication: async (who) => {
      if (who === 'anon' || who === 'user') return {};
      const applicant = await ctx.signedIn(KIND[who].role, 'not_submitted');
      const body = await validApplication(ctx, applicant.cookie);
      expect((await send(api.register.submit, { body }, applicant.cookie)).status).toBe(201);
      await ctx.deps.cols.users.updateOne({ _id: new ObjectId(applicant.id) }, { $set: { isVerified: KIND[who].isVerified } });
      return { cookie: applicant.cookie };
    },
    pending: async () => ({}),
    verified: async () => ({ query: 'page=1&limit=10' }),
    doctorDetails: async () => ({ params: { userId: (await submittedApplicant(ctx)).id } }),
    verifyDoctor: async () => ({ params: { userId: (await submittedApplicant(ctx)).id } }),
    rejectDoctor: async () => ({ params: { userId: (await submittedApplicant(ctx)).id }, body: { reason: 'The PAN card image is unreadable.' } }),
  },
  uploads: {
    create: async () => ({
      form: multipart([{ name: 'field', value: 'resume' }, { name: 'file', value: { bytes: PDF, filename: 'cv.pdf', type: 'application/pdf' } }]),
    }),
    read: async (who, me) => ({ params: { id: await fileOf(who, me) } }),
  },
  payments: {
    services: async () => ({}),
    defaultLink: async () => ({ params: { service: 'mental-Health-Counselling', planType: 'single' } }),
    setDefaultLink: async () => ({ params: { service: 'cosmetologist-consultancy', planType: 'single' }, body: { paymentLink: 'https://pay.example.in/cc1-new' } }),
    defaultLinks: async () => ({}),
    verifyCoupon: async () => ({
      params: { service: 'cosmetologistConsultancy', planType: 'bundle' },
      body: { couponCode: 'MATRIXNEW', email: null, isExistingUser: false },
    }),
    createCoupon: async () => ({
      body: { couponCode: `MX${fresh().toUpperCase()}`, forNewUsers: false, isActive: true, paymentLinks: links },
    }),
    coupons: async () => ({}),
    setCouponStatus: async () => ({ params: { id: await coupon() }, body: { isActive: false } }),
    deleteCoupon: async () => ({ params: { id: await coupon() } }),
  },
  admin: {
    meetings: async () => ({ query: 'range=[0,9]' }),
    meeting: async (who, me) => ({ params: { id: await meetingOf(who, me) } }),
    deleteMeeting: async (who, me) => ({ params: { id: await meetingOf(who, me) } }),
    users: async () => ({}),
    user: async (_who, me) => ({ params: { id: me?.id ?? bystanderClient.id } }),
    coupons: async () => ({}),
    applications: async () => ({}),
    application: async () => ({ params: { id: (await submittedApplicant(ctx)).id } }),
    audit: async () => ({}),
    emails: async () => ({}),
    email: async () => ({ params: { id: await failedEmail() } }),
    resendEmail: async () => ({ params: { id: await failedEmail() } }),
  },
  booking: {
    cancel: async (who, me) => ({ params: { meetingId: await meetingOfAt(who, me, 48 * HOUR) }, body: { reason: 'Matrix' } }),
    reschedule: async (who, me) => ({
      params: { meetingId: await meetingOfAt(who, me, 72 * HOUR) },
      body: { meetingDate: nextBookingDate(), meetingTime: '10:00 AM', reason: 'Matrix' },
    }),
    request: async (who, me) => ({
      params: { meetingId: await meetingOfAt(who, me, 48 * HOUR) },
      body: { kind: 'reschedule', reason: 'Matrix', meetingDate: nextBookingDate(), meetingTime: '11:00 AM' },
    }),
    attendance: async (who, me) => ({ params: { meetingId: await meetingOfAt(who, me, -2 * HOUR) }, body: { outcome: 'completed' } }),
    slots: async (who, me) => {
      // A client asks about an associate they have a session with; an associate about themselves.
      if (who === 'user') await meetingOfAt(who, me, 48 * HOUR);
      const doctor = who === 'doctorVerified' && me ? me : bystanderAssociate;
      return { query: `doctorId=${encodeURIComponent(doctor.email)}&date=2026-06-20` };
    },
    availability: async (who) => withQuery(hoursQuery(who)),
    setAvailability: async (who) => ({ ...withQuery(hoursQuery(who)), body: HOURS }),
    requests: async () => ({}),
    decide: async () => ({ params: { requestId: await openRequest() }, body: { approve: false } }),
    refunds: async () => ({}),
    markRefund: async () => ({ params: { refundId: await refundDue() }, body: { reference: 'matrix-ref' } }),
  },
  privacy: {
    overview: async () => ({}),
    sessions: async () => ({}),
    endSession: async (_who, me) => ({ params: { id: me ? await otherSessionOf(me) : '0'.repeat(32) } }),
    signOutOthers: async () => ({}),
    accessLog: async () => ({}),
    notice: async () => ({}),
    acceptNotice: async () => ({ body: { version: NOTICE_VERSION } }),
    withdrawNotice: async (who) => ({ body: { kind: 'notice' }, ...(await freshCookie(who)) }),
    archive: async () => ({}),
    requests: async () => ({}),
    createRequest: async (who) => ({ body: { kind: 'grievance', details: 'A matrix grievance' }, ...(await freshCookie(who)) }),
    queue: async () => ({}),
    decide: async () => ({ params: { id: await openGrievance() }, body: { decision: 'reject', answer: 'Matrix answer' } }),
    nominee: async () => ({}),
    setNominee: async () => ({ body: NOMINEE }),
    removeNominee: async (_who, me) => {
      if (me) await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: me.cookie, body: NOMINEE });
      return {};
    },
    // A fresh applicant of the cell's kind who submitted (and so consented) withdraws their own consent.
    withdrawApplicationConsent: (who, me) => CALLS.register.ownApplication(who, me),
  },
  reference: {
    openapi: async () => ({}),
  },
};

/**
 * Calls on someone else's record, for the rows whose cells say `own`: the service answers "not
 * found" to an `own` caller (nothing says the record exists), and a `yes` caller reaches it.
 */
const OTHERS: [string, OperationConfig, Build][] = [
  ["someone else's meeting", api.meeting.recordJoin, async () => ({ params: { meetingId: await othersMeeting() } })],
  ["someone else's meeting", api.meeting.setReport, async () => ({ params: { meetingId: await othersMeeting() }, body: { reportLink: 'https://reports.example.in/forged' } })],
  ["someone else's meeting", api.calendar.meetingIcs, async () => ({ params: { meetingId: await othersMeeting() } })],
  ["someone else's file", api.uploads.read, async () => ({ params: { id: await fileOf('anon', null) } })],
];

/** The operations as [area.name, definition], in the order they are defined. */
const OPERATIONS = Object.entries(api).flatMap(([area, ops]) =>
  Object.entries(ops as Record<string, OperationConfig>).map(([name, op]) => [`${area}.${name}`, op] as const),
);

function buildOf(key: string): Build | undefined {
  const [area, name] = key.split('.') as [string, string];
  return (CALLS as unknown as Record<string, Record<string, Build>>)[area]?.[name];
}

/** The status a caller's cell means for this operation, when the call is on the caller's own record. */
function expectedStatus(op: OperationConfig, who: Principal, onOwnRecord = true): number {
  const cell = ACCESS[op.access].cells[who];
  if (cell === 'no') return who === 'anon' ? 401 : 403;
  if (cell === 'conflict') return 409;
  if (cell === 'own' && !onOwnRecord) return 404;
  const statuses = Object.keys(op.responses).map(Number);
  // The legacy delete path has no success: every caller gets its one answer, 405.
  return statuses.find((s) => s >= 200 && s < 300) ?? statuses.find((s) => ![400, 401, 403, 415, 503].includes(s))!;
}

async function send(op: OperationConfig, call: Call, cookie: string | undefined): Promise<Response> {
  const filled = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${op.operationId}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const path = `/api/v1${filled}${call.query ? `?${call.query}` : ''}`;
  const method = op.method.toUpperCase();
  if (call.form) return ctx.app.request(path, { method, headers: cookie ? { cookie } : {}, body: call.form });
  return ctx.request(method, path, { ...(call.body !== undefined ? { body: call.body } : {}), ...(cookie ? { cookie } : {}) });
}

async function check(op: OperationConfig, who: Principal, call: Call, expected: number): Promise<void> {
  const me = who === 'anon' ? null : account(who);
  const cookie = who === 'anon' ? undefined : (call.cookie ?? me?.cookie);
  const res = await send(op, call, cookie);
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(expected);
  if (expected >= 400) expect(JSON.parse(text)).toMatchObject({ success: false });
  if (expected === 403) expect(JSON.parse(text).message).toBe(ACCESS[op.access].forbidden);
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(START);
  for (const who of PRINCIPALS) {
    if (who === 'anon') continue;
    accounts.set(who, await freshAccount(KIND[who].role, KIND[who].isVerified));
  }
  bystanderClient = await freshAccount('user', 'not_submitted');
  bystanderAssociate = await freshAccount('doctor', 'verified');
  // Clients reschedule only into their associate's hours.
  await ctx.deps.cols.associateAvailability.insertOne({ _id: new ObjectId(bystanderAssociate.id), ...HOURS, updatedAt: START, updatedBy: new ObjectId() });
  await ctx.deps.cols.paymentLinks.insertOne({
    _id: 'mentalHealthCounselling:single',
    service: 'mentalHealthCounselling',
    planType: 'single',
    paymentLink: 'https://pay.example.in/default-m1',
    updatedAt: START,
    updatedBy: null,
  });
  await coupon('MATRIXNEW');
});

describe('DESIGN §5: who may call what, from the ACCESS table', () => {
  for (const [key, op] of OPERATIONS) {
    describe(`${op.method.toUpperCase()} ${op.path} (${key}: ${op.access})`, () => {
      for (const who of PRINCIPALS) {
        const expected = expectedStatus(op, who);
        it(`${who} (${ACCESS[op.access].cells[who]}) → ${expected}`, async () => {
          const build = buildOf(key);
          if (!build) throw new Error(`no call for ${key}`);
          await check(op, who, await build(who, who === 'anon' ? null : account(who)), expected);
        });
      }
    });
  }

  for (const [what, op, build] of OTHERS) {
    describe(`${op.method.toUpperCase()} ${op.path} on ${what}`, () => {
      for (const who of PRINCIPALS) {
        const expected = expectedStatus(op, who, false);
        it(`${who} (${ACCESS[op.access].cells[who]}) → ${expected}`, async () => check(op, who, await build(who, null), expected));
      }
    });
  }

  it('calls every defined operation, and the table has a row for each one\'s rule', () => {
    expect(OPERATIONS.filter(([key]) => !buildOf(key)).map(([key]) => key), 'operations without a call here').toEqual([]);
    for (const [key, op] of OPERATIONS) expect(ACCESS[op.access], key).toBeDefined();
    // Every row of the table is some operation's rule: none is left describing nothing.
    const used = new Set(OPERATIONS.map(([, op]) => op.access));
    expect(Object.keys(ACCESS).filter((rule) => !used.has(rule as never))).toEqual([]);
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

    const untouched = await ctx.deps.cols.meetings.find({ _id: { $in: [new ObjectId(m1), new ObjectId(m2)] } }).toArray();
    expect(untouched).toHaveLength(2);
    for (const doc of untouched) expect(doc).toMatchObject({ userJoinedAt: null, docJoinedAt: null, reportLink: '' });
  });
});
