import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  couponCreateRequest,
  couponStatusRequest,
  createApplicationRequestSchema,
  createMeetingRequestSchema,
  defaultLinkUpdateRequest,
  loginRequestSchema,
  meetingLookupRequest,
  profileUpdateRequestSchema,
  registerRequestSchema,
  rejectRequest,
  reportLinkRequest,
  userMeetingsRequest,
  verifyCouponRequest,
  verifyEmailRequest,
  acceptInvitationRequest,
  forgotPasswordRequest,
  inviteRequest,
  resetPasswordRequest,
  attendanceRequest,
  availabilitySchema,
  cancelMeetingRequest,
  changeRequestBody,
  decideRequestBody,
  markRefundBody,
  rescheduleMeetingRequest,
  acceptNoticeRequest,
  nomineeRequest,
  NOTICE_VERSION,
  privacyDecisionRequest,
  privacyRequestCreate,
  withdrawConsentRequest,
} from '@bh/shared';
import { hashToken } from '../../src/lib/sessions.ts';
import { storeMeetingBetween } from '../meetings.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { changedCollections, fingerprint, jsonRoutes, sessionCookie, validApplication, type Fingerprint } from './support.ts';

/**
 * Property-based fuzzing of every JSON endpoint (every POST, PUT and PATCH but the multipart
 * upload), each called by the most privileged caller allowed to use it, so authorization is never
 * what stops a body. For every case:
 * - the answer is never a 5xx;
 * - a body the route's shared schema refuses never gets a 2xx, and leaves every collection of
 *   the database exactly as it was (a fingerprint of all documents, not only counts);
 * - bodies over the 256 KB limit get 413.
 * Routes without a body must ignore whatever is sent: the same status as without it, no write.
 *
 * Everyday runs try about 300 cases in all; FULL_FUZZ=1 runs 10,000, FUZZ_RUNS=n any total, and
 * FUZZ_SEED=n replays a run.
 */

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.FULL_FUZZ === '1' ? 10_000 : 300));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const BODY_LIMIT = 256 * 1024;
/** Well-formed (43 base64url characters) but never issued. */
const UNKNOWN_TOKEN = 'A'.repeat(43);

let ctx: TestContext;
let admin: { cookie: string; id: string; email: string };
/** Cases sent, over all routes: the full run must reach its total. */
let casesSent = 0;

// ---- what a request body can be ---------------------------------------------------------------

/** One fuzz body: the exact text sent, and a short label for failure reports. */
interface FuzzBody {
  text: string;
  label: string;
  [fc.toStringMethod](): string;
}

function body(text: string, label: string): FuzzBody {
  return {
    text,
    label,
    [fc.toStringMethod]: () => `${label}: ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text}`,
  };
}

/** Builds objects with own prototype-named keys the way JSON.parse does, so they survive stringify. */
const withOwnKey = (key: string, value: unknown): Record<string, unknown> => {
  const target: Record<string, unknown> = {};
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
};

const OPERATORS: unknown[] = [
  { $ne: null },
  { $gt: '' },
  { $gte: 0 },
  { $where: 'sleep(200) || true' },
  { $regex: '.*', $options: 'i' },
  { $exists: true },
  { $in: ['admin', 'verified', null] },
  { $nin: [] },
  { $expr: { $eq: [1, 1] } },
  { $function: { body: 'function () { return true }', args: [], lang: 'js' } },
  { $set: { role: 'admin', isVerified: 'verified' } },
  { $or: [{}, { a: 1 }] },
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Keys a body must never be able to carry into a document or a query. */
const SMUGGLED_KEYS = ['role', 'isVerified', 'passwordHash', '_id', 'userId', 'status', 'createdBy', '$where', '$set', 'a.b', ...PROTOTYPE_KEYS];

const prototypePayload = fc.constantFrom(...PROTOTYPE_KEYS).map((key) =>
  withOwnKey(key, key === 'constructor' ? { prototype: { role: 'admin', isVerified: 'verified' } } : { role: 'admin', isVerified: 'verified', polluted: true }),
);

const hugeString = fc
  .tuple(fc.integer({ min: 100 * 1024, max: 200 * 1024 }), fc.constantFrom('x', 'é', '<', '\\', '$', '0'))
  .map(([length, ch]) => ch.repeat(Math.floor(length / Buffer.byteLength(ch))));

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) => JSON.parse(arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown);

const trickyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\u202e',
  '\ud800',
  '${7*7}',
  '{{constructor.constructor("return 1")()}}',
  "'; db.users.drop(); '",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'javascript:alert(1)',
  'https://evil.example/\r\nSet-Cookie: x=1',
  'admin@example.in\u0000',
  'A'.repeat(5000),
);

/** A value that has no business in any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...OPERATORS),
  prototypePayload,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 6 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  trickyString,
  hugeString,
  fc.jsonValue({ maxDepth: 5 }),
  deepNesting,
);

type Path = (string | number)[];

/** Every path to a value inside a JSON body (objects and arrays both). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

/** The containers (objects) inside a body, the body itself included. */
function objectPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectPaths(v, [...prefix, i]));
  if (value !== null && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...prefix, k]))];
  }
  return [];
}

function at(root: unknown, path: Path): Record<string | number, unknown> {
  let node = root;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node as Record<string | number, unknown>;
}

function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const clone = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Bodies for one route, built around a body the route accepts. */
function bodies(valid: unknown): fc.Arbitrary<FuzzBody> {
  const paths = pathsOf(valid);
  const containers = objectPaths(valid);
  const replaced = fc.tuple(fc.nat(), hostileValue).map(([n, value]) => {
    const copy = clone(valid);
    if (paths.length === 0) return body(JSON.stringify(value), 'whole body replaced');
    const path = paths[n % paths.length]!;
    setOwn(at(copy, path.slice(0, -1)), path.at(-1)!, value);
    return body(JSON.stringify(copy), `${path.join('.')} replaced`);
  });
  const extraKey = fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...SMUGGLED_KEYS), fc.string({ minLength: 1, maxLength: 12 })), hostileValue).map(([n, key, value]) => {
    const copy = clone(valid);
    const path = containers.length ? containers[n % containers.length]! : [];
    const target = containers.length ? at(copy, path) : {};
    setOwn(target, key, value);
    return body(JSON.stringify(containers.length ? copy : target), `unknown key ${JSON.stringify(key)} at ${path.join('.') || 'top'}`);
  });
  const removed = fc.nat().map((n) => {
    const copy = clone(valid);
    if (paths.length === 0) return body('{}', 'empty object');
    const path = paths[n % paths.length]!;
    const parent = at(copy, path.slice(0, -1));
    if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1);
    else delete parent[path.at(-1)!];
    return body(JSON.stringify(copy), `${path.join('.')} removed`);
  });
  const anyJson = fc.jsonValue({ maxDepth: 4 }).map((v) => body(JSON.stringify(v), 'arbitrary JSON'));
  const randomObject = fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 6 }).map((v) => body(JSON.stringify(v), 'arbitrary object'));
  const wrapped = fc.constantFrom<[string, (v: unknown) => unknown]>(
    ['array of the body', (v) => [v]],
    ['body as a string', (v) => JSON.stringify(v)],
    ['body under a key', (v) => ({ data: v })],
  ).map(([label, wrap]) => body(JSON.stringify(wrap(valid)), label));
  const malformed = fc
    .constantFrom<[string, (t: string) => string]>(
      ['truncated', (t) => t.slice(0, Math.max(1, Math.floor(t.length / 2)))],
      ['trailing garbage', (t) => `${t}}}`],
      ['trailing comma', (t) => t.replace(/}$/, ',}')],
      ['single quotes', (t) => t.replaceAll('"', "'")],
      ['NaN literal', () => '{"x": NaN}'],
      ['empty text', () => ''],
    )
    .map(([label, mangle]) => body(mangle(JSON.stringify(valid)), `malformed: ${label}`));
  const oversize = fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 64 * 1024 }).map((size) => {
    const text = JSON.stringify({ ...(valid as object), padding: '' });
    return body(text.replace('"padding":""', `"padding":"${'p'.repeat(size - text.length)}"`), 'oversize');
  });
  // Each failing case costs a request and a database read: shrinking stops after a few dozen steps.
  return fc.limitShrink(fc.oneof(
    { arbitrary: replaced, weight: 6 },
    { arbitrary: extraKey, weight: 3 },
    { arbitrary: removed, weight: 2 },
    { arbitrary: randomObject, weight: 2 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: wrapped, weight: 1 },
    { arbitrary: malformed, weight: 1 },
    { arbitrary: oversize, weight: 1 },
  ), 40);
}

/** Cases every route gets on every run, whatever the random draw. */
function fixedCases(valid: unknown): FuzzBody[] {
  const keys = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? Object.keys(valid) : [];
  const cases: FuzzBody[] = [
    body('null', 'null'),
    body('[]', 'empty array'),
    body('"text"', 'string'),
    body('42', 'number'),
    body('{}', 'empty object'),
    body(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'deeply nested arrays'),
    body(JSON.stringify({ ...(valid as object), padding: 'p'.repeat(BODY_LIMIT) }), 'oversize'),
    body(JSON.stringify({ ...(valid as object), huge: 'h'.repeat(100 * 1024) }), '100 KB unknown field'),
  ];
  for (const op of OPERATORS) cases.push(body(JSON.stringify(op), `operator body ${Object.keys(op as object)[0]}`));
  for (const key of PROTOTYPE_KEYS) {
    const copy = clone(valid) as Record<string, unknown>;
    setOwn(copy, key, { role: 'admin', isVerified: 'verified' });
    cases.push(body(JSON.stringify(copy), `own ${key} key`));
  }
  for (const key of keys) {
    for (const op of OPERATORS.slice(0, 4)) cases.push(body(JSON.stringify({ ...(valid as object), [key]: op }), `${key} as ${Object.keys(op as object)[0]}`));
    cases.push(body(JSON.stringify({ ...(valid as object), [key]: 'x'.repeat(120 * 1024) }), `${key} as a 120 KB string`));
  }
  return cases;
}

// ---- the routes: who calls them and what a valid call is -------------------------------------

interface Call {
  path: string;
  cookie?: string;
  /** A body the route's schema accepts. */
  body: unknown;
}

interface JsonTemplate {
  kind: 'json';
  /** The route's request schema, as the route applies it. */
  schema: z.ZodType;
  call: Call;
  /** The status of the untouched valid call the first time: proves the template reaches the route's work. */
  accepts: number;
  /** Puts things back after a valid body succeeded, when that success would stop the next case reaching validation. */
  reset?(): Promise<void>;
}

interface NoBodyTemplate {
  kind: 'none';
  /**
   * A call and the status it gets with no body; the request must leave the database as it was
   * before `call`. `undo` removes what `call` set up, for requests refused before the route.
   */
  call(): Promise<{ path: string; cookie?: string; status: number; undo?: () => Promise<void> }>;
}

type Template = JsonTemplate | NoBodyTemplate;

const START = '2026-06-15T06:30:00.000Z';
const PAYMENT_LINKS = {
  mentalHealthCounselling: { single: 'https://pay.example.in/m1', bundle: 'https://pay.example.in/m3' },
  cosmetologistConsultancy: { single: 'https://pay.example.in/c1', bundle: 'https://pay.example.in/c3' },
};

async function meetingDoc(clientId: string, doctorId: string, startsAt: Date, joined: Date | null): Promise<string> {
  return storeMeetingBetween(ctx, clientId, doctorId, {
    startsAt,
    meetingLink: 'https://meet.example.in/fuzz',
    formLink: 'https://forms.example.in/fuzz',
    userJoinedAt: joined,
    createdAt: new Date(START),
    createdBy: new ObjectId(admin.id),
  });
}

async function templates(): Promise<Map<string, Template>> {
  const now = () => ctx.clock.now();
  const client = await ctx.signedIn('user');
  const doctor = await ctx.signedIn('doctor', 'verified');
  const profileOwner = await ctx.signedIn('user');

  const meetingId = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 3 * 24 * 3600_000), null);
  // Joined already and inside its window: joining again answers 200 and changes nothing.
  const joinedId = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 2 * 60_000), new Date(START));

  const couponRes = await ctx.request('POST', '/api/v1/payments/coupon', {
    cookie: admin.cookie,
    body: { couponCode: 'FUZZBASE', isActive: true, forNewUsers: false, paymentLinks: PAYMENT_LINKS },
  });
  expect(couponRes.status).toBe(201);
  const couponId = ((await couponRes.json()) as { data: { _id: string } }).data._id;

  const submit = async (role: 'doctor' | 'admin') => {
    const applicant = await ctx.signedIn(role, 'not_submitted');
    const res = await ctx.request('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body: await validApplication(ctx, applicant.cookie) });
    expect(res.status).toBe(201);
    return applicant;
  };
  const pending = await submit('doctor');
  const decided = await submit('admin');
  expect((await ctx.request('POST', `/api/v1/register/verify-doctor/${decided.id}`, { cookie: admin.cookie })).status).toBe(200);

  const asAdmin = (path: string, valid: unknown, accepts: number): Pick<JsonTemplate, 'call' | 'accepts'> => ({ call: { path, cookie: admin.cookie, body: valid }, accepts });

  // Booking changes (issue 18): a meeting for each, an open request and a refund due.
  const DAY = 24 * 3600_000;
  const toCancel = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 4 * DAY), null);
  const toMove = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 5 * DAY), null);
  const toAsk = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 6 * DAY), null);
  const ended = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) - 3 * 3600_000), null);
  const asked = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 7 * DAY), null);
  const askRes = await ctx.request('POST', `/api/v1/meeting/${asked}/request`, { cookie: doctor.cookie, body: { kind: 'cancel', reason: 'Fuzz' } });
  expect(askRes.status).toBe(201);
  const requestId = ((await askRes.json()) as { request: { _id: string } }).request._id;
  const refunded = await meetingDoc(client.id, doctor.id, new Date(Date.parse(START) + 8 * DAY), null);
  expect((await ctx.request('POST', `/api/v1/meeting/${refunded}/cancel`, { cookie: client.cookie, body: { reason: 'Fuzz' } })).status).toBe(200);
  const nineToFive = [{ start: '09:00', end: '17:00' }];
  const hours = { weekly: { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive, sat: [], sun: [] }, daysOff: ['2026-06-30'] };
  const applicant = await ctx.signedIn('doctor', 'not_submitted');
  const loneDevice = await ctx.signedIn('user');
  const privacyPerson = await ctx.signedIn('user');
  const neverApplied = await ctx.signedIn('doctor');
  const correction = await ctx.request('POST', '/api/v1/privacy/requests', { cookie: loneDevice.cookie, body: { kind: 'correction', details: 'Please fix my name' } });
  const correctionId = ((await correction.json()) as { data: { id: string } }).data.id;

  return new Map<string, Template>([
    [
      'POST /api/v1/user/login',
      // Anonymous: a login that succeeded would replace the caller's own session.
      { kind: 'json', schema: loginRequestSchema, call: { path: '/api/v1/user/login', body: { email: 'nobody@fuzz.example.in', password: 'Not-The-Password-1' } }, accepts: 401 },
    ],
    [
      'POST /api/v1/user/logout',
      {
        kind: 'none',
        // A session of its own per case: logout ends it, which puts the sessions back as they were.
        call: async () => {
          const cookie = await sessionCookie(ctx, client.id);
          const token = cookie.split('=')[1]!;
          return { path: '/api/v1/user/logout', cookie, status: 200, undo: () => ctx.deps.sessions.destroy(hashToken(token)) };
        },
      },
    ],
    ['POST /api/v1/user/register', { kind: 'json', schema: registerRequestSchema, ...asAdmin('/api/v1/user/register', { name: 'Fuzz Person', email: 'fuzz.person@example.in', password: 'Sturdy-Passphrase-9', role: 'user' }, 201) }],
    [
      'PUT /api/v1/user/profile/update',
      { kind: 'json', schema: profileUpdateRequestSchema, call: { path: '/api/v1/user/profile/update', cookie: profileOwner.cookie, body: { name: 'Renamed Person' } }, accepts: 200 },
    ],
    [
      'POST /api/v1/meeting/create-meeting',
      {
        kind: 'json',
        schema: createMeetingRequestSchema(now),
        ...asAdmin('/api/v1/meeting/create-meeting', {
          clientId: client.email,
          doctorId: doctor.email,
          meetingDate: '2026-06-20',
          meetingTime: '10:00 AM',
          meetingLink: 'https://meet.example.in/new',
          formLink: 'https://forms.example.in/new',
        }, 201),
      },
    ],
    [
      'POST /api/v1/meeting/meetingJoinedAt/:meetingId',
      { kind: 'none', call: async () => ({ path: `/api/v1/meeting/meetingJoinedAt/${joinedId}`, cookie: client.cookie, status: 200 }) },
    ],
    [
      'POST /api/v1/meeting/userMeetings',
      // The route reads the spec's {userId} and the contract's {email}.
      { kind: 'json', schema: z.union([meetingLookupRequest, userMeetingsRequest]), ...asAdmin('/api/v1/meeting/userMeetings', { userId: client.email }, 200) },
    ],
    ['POST /api/v1/meeting/verify-email', { kind: 'json', schema: verifyEmailRequest, ...asAdmin('/api/v1/meeting/verify-email', { email: client.email, userType: 'client' }, 200) }],
    ['PUT /api/v1/meeting/:meetingId/report', { kind: 'json', schema: reportLinkRequest, ...asAdmin(`/api/v1/meeting/${meetingId}/report`, { reportLink: 'https://forms.example.in/report' }, 200) }],
    [
      'PUT /api/v1/payments/default/:service/:planType',
      { kind: 'json', schema: defaultLinkUpdateRequest, ...asAdmin('/api/v1/payments/default/mental-Health-Counselling/single', { paymentLink: 'https://pay.example.in/default' }, 200) },
    ],
    [
      'POST /api/v1/payments/verify-coupon/:service/:planType',
      // As the signed-in client, who gets the link at once: anyone else's existing-user check emails
      // the link after answering (issue 19), a write this table's fingerprints would catch mid-case.
      {
        kind: 'json',
        schema: verifyCouponRequest,
        call: { path: '/api/v1/payments/verify-coupon/mentalHealthCounselling/bundle', cookie: client.cookie, body: { couponCode: 'FUZZBASE', isExistingUser: true, email: client.email } },
        accepts: 200,
      },
    ],
    [
      'POST /api/v1/payments/coupon',
      { kind: 'json', schema: couponCreateRequest, ...asAdmin('/api/v1/payments/coupon', { couponCode: 'FUZZNEW', isActive: true, forNewUsers: true, paymentLinks: PAYMENT_LINKS }, 201) },
    ],
    ['PATCH /api/v1/payments/coupon/:id/status', { kind: 'json', schema: couponStatusRequest, ...asAdmin(`/api/v1/payments/coupon/${couponId}/status`, { isActive: false }, 200) }],
    [
      'POST /api/v1/register/employees',
      {
        kind: 'json',
        schema: createApplicationRequestSchema(now),
        call: { path: '/api/v1/register/employees', cookie: applicant.cookie, body: await validApplication(ctx, applicant.cookie) },
        accepts: 201,
        // Applying makes the account pending, after which every body is refused unread: a rejection lets it apply again.
        async reset() {
          const res = await ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body: { reason: 'Resubmit for the next case' } });
          expect(res.status).toBe(200);
        },
      },
    ],
    ['POST /api/v1/register/reject-doctor/:userId', { kind: 'json', schema: rejectRequest, ...asAdmin(`/api/v1/register/reject-doctor/${pending.id}`, { reason: 'Please upload a clearer PAN card' }, 200) }],
    [
      'POST /api/v1/register/verify-doctor/:userId',
      // Already verified: 409 with or without a body, and nothing may change.
      { kind: 'none', call: async () => ({ path: `/api/v1/register/verify-doctor/${decided.id}`, cookie: admin.cookie, status: 409 }) },
    ],
    [
      'POST /api/v1/user/forgot-password',
      { kind: 'json', schema: forgotPasswordRequest, call: { path: '/api/v1/user/forgot-password', body: { email: 'nobody@fuzz.example.in' } }, accepts: 200 },
    ],
    [
      'POST /api/v1/user/reset-password',
      // A well-formed token nobody was given: refused with the link message, nothing written.
      { kind: 'json', schema: resetPasswordRequest, call: { path: '/api/v1/user/reset-password', body: { token: UNKNOWN_TOKEN, password: 'Sturdy-Passphrase-9' } }, accepts: 400 },
    ],
    [
      'POST /api/v1/user/accept-invitation',
      { kind: 'json', schema: acceptInvitationRequest, call: { path: '/api/v1/user/accept-invitation', body: { token: UNKNOWN_TOKEN, password: 'Sturdy-Passphrase-9' } }, accepts: 400 },
    ],
    ['POST /api/v1/user/invite', { kind: 'json', schema: inviteRequest, ...asAdmin('/api/v1/user/invite', { name: 'Fuzz Invitee', email: 'fuzz.invitee@example.in', role: 'user' }, 201) }],
    [
      'POST /api/v1/user/invitations/:userId/resend',
      // An account with no invitation: 404 whatever the body, nothing sent.
      { kind: 'none', call: async () => ({ path: `/api/v1/user/invitations/${client.id}/resend`, cookie: admin.cookie, status: 404 }) },
    ],
    ['POST /api/v1/meeting/:meetingId/cancel', { kind: 'json', schema: cancelMeetingRequest, call: { path: `/api/v1/meeting/${toCancel}/cancel`, cookie: client.cookie, body: { reason: 'Fuzz' } }, accepts: 200 }],
    [
      'POST /api/v1/meeting/:meetingId/reschedule',
      { kind: 'json', schema: rescheduleMeetingRequest, ...asAdmin(`/api/v1/meeting/${toMove}/reschedule`, { meetingDate: '2026-06-25', meetingTime: '10:00 AM', reason: 'Fuzz' }, 200) },
    ],
    ['POST /api/v1/meeting/:meetingId/request', { kind: 'json', schema: changeRequestBody, call: { path: `/api/v1/meeting/${toAsk}/request`, cookie: doctor.cookie, body: { kind: 'cancel', reason: 'Fuzz' } }, accepts: 201 }],
    ['POST /api/v1/meeting/:meetingId/attendance', { kind: 'json', schema: attendanceRequest, call: { path: `/api/v1/meeting/${ended}/attendance`, cookie: doctor.cookie, body: { outcome: 'completed' } }, accepts: 200 }],
    ['PUT /api/v1/availability', { kind: 'json', schema: availabilitySchema, call: { path: '/api/v1/availability', cookie: doctor.cookie, body: hours }, accepts: 200 }],
    ['POST /api/v1/meeting/requests/:requestId/decide', { kind: 'json', schema: decideRequestBody, ...asAdmin(`/api/v1/meeting/requests/${requestId}/decide`, { approve: false }, 200) }],
    ['POST /api/v1/meeting/refunds/:refundId/mark', { kind: 'json', schema: markRefundBody, ...asAdmin(`/api/v1/meeting/refunds/${refunded}/mark`, { reference: 'FUZZ-1' }, 200) }],
    [
      'POST /api/v1/admin/emails/:id/resend',
      { kind: 'none', call: async () => ({ path: `/api/v1/admin/emails/${new ObjectId().toHexString()}/resend`, cookie: admin.cookie, status: 404 }) },
    ],
    [
      'POST /api/v1/privacy/notice/accept',
      { kind: 'json', schema: acceptNoticeRequest, call: { path: '/api/v1/privacy/notice/accept', cookie: loneDevice.cookie, body: { version: NOTICE_VERSION } }, accepts: 200 },
    ],
    [
      'POST /api/v1/privacy/notice/withdraw',
      { kind: 'json', schema: withdrawConsentRequest, call: { path: '/api/v1/privacy/notice/withdraw', cookie: privacyPerson.cookie, body: { kind: 'notice' } }, accepts: 200 },
    ],
    [
      'POST /api/v1/privacy/requests',
      { kind: 'json', schema: privacyRequestCreate, call: { path: '/api/v1/privacy/requests', cookie: privacyPerson.cookie, body: { kind: 'grievance', details: 'A fuzzed grievance' } }, accepts: 201 },
    ],
    [
      'POST /api/v1/privacy/requests/:id/decide',
      { kind: 'json', schema: privacyDecisionRequest, ...asAdmin(`/api/v1/privacy/requests/${correctionId}/decide`, { decision: 'accept', answer: 'Corrected' }, 200) },
    ],
    [
      'PUT /api/v1/privacy/nominee',
      { kind: 'json', schema: nomineeRequest, call: { path: '/api/v1/privacy/nominee', cookie: loneDevice.cookie, body: { name: 'Fuzz Nominee', email: 'nominee@fuzz.example.in', relationship: 'Friend' } }, accepts: 200 },
    ],
    [
      'POST /api/v1/privacy/sessions/sign-out-others',
      // A person signed in on one device only: 200 whatever the body, and nothing changes.
      { kind: 'none', call: async () => ({ path: '/api/v1/privacy/sessions/sign-out-others', cookie: loneDevice.cookie, status: 200 }) },
    ],
    [
      'POST /api/v1/privacy/application-consent/withdraw',
      // An associate who never applied has no consent to withdraw: 409 whatever the body, nothing written.
      { kind: 'none', call: async () => ({ path: '/api/v1/privacy/application-consent/withdraw', cookie: neverApplied.cookie, status: 409 }) },
    ],
  ]);
}

// ---- running the cases ------------------------------------------------------------------------

async function send(method: string, path: string, text: string | undefined, cookie?: string): Promise<{ status: number; text: string }> {
  casesSent += 1;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (text !== undefined) headers['content-type'] = 'application/json';
  const res = await ctx.app.request(path, { method, headers, ...(text !== undefined ? { body: text } : {}) });
  return { status: res.status, text: await res.text() };
}

function parsesAsValid(schema: z.ZodType, text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return schema.safeParse(parsed).success;
}

let table: Map<string, Template>;
let baseline: Fingerprint;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(START);
  admin = await ctx.signedIn('admin', 'verified');
  table = await templates();
  baseline = await fingerprint(ctx.deps.db);
}, 120_000);

describe('fuzzing every JSON endpoint', () => {
  it('has a template for every JSON route the app serves (new routes must add one)', () => {
    const served = jsonRoutes(ctx).map((r) => r.key);
    expect(served.length).toBeGreaterThanOrEqual(16);
    expect([...table.keys()].sort()).toEqual(served);
  });

  const KEYS = [
    'POST /api/v1/user/login',
    'POST /api/v1/user/logout',
    'POST /api/v1/user/register',
    'PUT /api/v1/user/profile/update',
    'POST /api/v1/meeting/create-meeting',
    'POST /api/v1/meeting/meetingJoinedAt/:meetingId',
    'POST /api/v1/meeting/userMeetings',
    'POST /api/v1/meeting/verify-email',
    'PUT /api/v1/meeting/:meetingId/report',
    'PUT /api/v1/payments/default/:service/:planType',
    'POST /api/v1/payments/verify-coupon/:service/:planType',
    'POST /api/v1/payments/coupon',
    'PATCH /api/v1/payments/coupon/:id/status',
    'POST /api/v1/register/employees',
    'POST /api/v1/register/reject-doctor/:userId',
    'POST /api/v1/register/verify-doctor/:userId',
    'POST /api/v1/user/forgot-password',
    'POST /api/v1/user/reset-password',
    'POST /api/v1/user/accept-invitation',
    'POST /api/v1/user/invite',
    'POST /api/v1/user/invitations/:userId/resend',
    'POST /api/v1/admin/emails/:id/resend',
    'POST /api/v1/meeting/:meetingId/cancel',
    'POST /api/v1/meeting/:meetingId/reschedule',
    'POST /api/v1/meeting/:meetingId/request',
    'POST /api/v1/meeting/:meetingId/attendance',
    'PUT /api/v1/availability',
    'POST /api/v1/meeting/requests/:requestId/decide',
    'POST /api/v1/meeting/refunds/:refundId/mark',
    'POST /api/v1/privacy/sessions/sign-out-others',
    'POST /api/v1/privacy/notice/accept',
    'POST /api/v1/privacy/notice/withdraw',
    'POST /api/v1/privacy/requests',
    'POST /api/v1/privacy/requests/:id/decide',
    'PUT /api/v1/privacy/nominee',
    'POST /api/v1/privacy/application-consent/withdraw',
  ];
  const runsPerRoute = Math.max(10, Math.ceil(TOTAL_RUNS / KEYS.length));

  for (const key of KEYS) {
    const method = key.split(' ')[0]!;
    it(
      `${key}: no 5xx, no success with an invalid body, nothing written`,
      async () => {
        const template = table.get(key);
        if (!template) throw new Error(`no template for ${key}`);

        if (template.kind === 'none') {
          const ignored = fc.oneof(bodies({ any: 'thing' }), fc.constant(body('', 'no body')));
          await fc.assert(
            fc.asyncProperty(ignored, async (fuzz) => {
              const before = baseline;
              const target = await template.call();
              const res = await send(method, target.path, fuzz.label === 'no body' ? undefined : fuzz.text, target.cookie);
              expect(res.status, res.text).toBeLessThan(500);
              // Oversized bodies are refused before the route; anything else is ignored by it.
              const oversize = Buffer.byteLength(fuzz.text) > BODY_LIMIT;
              expect(res.status, res.text).toBe(oversize ? 413 : target.status);
              if (oversize) await target.undo?.();
              expect(changedCollections(before, await fingerprint(ctx.deps.db))).toEqual([]);
            }),
            { numRuns: runsPerRoute, examples: fixedCases({ any: 'thing' }).map((b): [FuzzBody] => [b]), ...(SEED === undefined ? {} : { seed: SEED }) },
          );
          return;
        }

        const { call } = template;
        const accepted = await send(method, call.path, JSON.stringify(call.body), call.cookie);
        expect(accepted.status, accepted.text).toBe(template.accepts);
        if (accepted.status < 300) await template.reset?.();
        baseline = await fingerprint(ctx.deps.db);
        const examples = fixedCases(call.body).map((b): [FuzzBody] => [b]);
        await fc.assert(
          fc.asyncProperty(bodies(call.body), async (fuzz) => {
            const res = await send(method, call.path, fuzz.text, call.cookie);
            const after = await fingerprint(ctx.deps.db);
            expect(res.status, res.text).toBeLessThan(500);
            if (Buffer.byteLength(fuzz.text) > BODY_LIMIT) expect(res.status).toBe(413);
            if (!parsesAsValid(template.schema, fuzz.text)) {
              expect(res.status, res.text).toBeGreaterThanOrEqual(400);
              expect(changedCollections(baseline, after), res.text).toEqual([]);
              return;
            }
            baseline = after;
            if (res.status < 300 && template.reset) {
              await template.reset();
              baseline = await fingerprint(ctx.deps.db);
            }
          }),
          { numRuns: runsPerRoute, examples, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      },
      Math.max(60_000, runsPerRoute * 3_000),
    );
  }

  it('sent at least the configured number of cases', () => {
    expect(casesSent).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });
});
