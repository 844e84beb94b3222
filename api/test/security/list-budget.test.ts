import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RANGE_SIZE, VERIFIED_PAGE_SIZE, type AdminResource } from '@bh/shared';
import type { CouponDoc, MeetingDoc, UserDoc } from '../../src/db/collections.ts';
import { insertMeetings, newMeetingDoc } from '../../src/domain/meetings/meeting.service.ts';
import { insertConsentsInBulk } from '../../src/seed/bulk.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { apiRoutes } from './support.ts';

/**
 * Budget: no endpoint returns an unbounded list. Every list endpoint is given more records than
 * its page size or bound, and must answer with a bounded list, and where it pages, page through
 * everything exactly once. A new GET route fails the first test until it is listed here.
 */

/** The most records any one answer may carry. */
const LIST_BUDGET = 200;
/** More than every page size and bound below. */
const MANY = LIST_BUDGET + 30;

const START = new Date('2026-06-15T06:30:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let admin: { cookie: string; id: string; email: string };
let client: { cookie: string; id: string; email: string };
let associate: { cookie: string; id: string; email: string };
let verifiedDoctors = 0;

/** Every GET route, and what kind of answer it gives. */
const GET_ROUTES: Record<string, 'list' | 'one'> = {
  'GET /api/v1/health': 'one',
  'GET /api/v1/health/live': 'one',
  'GET /api/v1/health/ready': 'one',
  'GET /api/v1/openapi.json': 'one',
  'GET /api/docs': 'one',
  'GET /api/v1/user/profile': 'one',
  'GET /api/v1/meeting/get-meetings': 'list',
  'GET /api/v1/meeting/deleteMeeting/:meetingId': 'one',
  'GET /api/v1/payments/services': 'one',
  'GET /api/v1/payments/default/:service/:planType': 'one',
  'GET /api/v1/payments/default-links': 'list',
  'GET /api/v1/payments/coupons': 'list',
  'GET /api/v1/register/check-verified': 'one',
  'GET /api/v1/register/application': 'one',
  'GET /api/v1/register/status-pending': 'list',
  'GET /api/v1/register/status-verified': 'list',
  'GET /api/v1/register/doctor-details/:userId': 'one',
  'GET /api/v1/uploads/:id': 'one',
  'GET /api/v1/admin/meetings': 'list',
  'GET /api/v1/admin/meetings/:id': 'one',
  'GET /api/v1/admin/users': 'list',
  'GET /api/v1/admin/users/:id': 'one',
  'GET /api/v1/admin/coupons': 'list',
  'GET /api/v1/admin/applications': 'list',
  'GET /api/v1/admin/applications/:id': 'one',
  'GET /api/v1/admin/audit': 'list',
  'GET /api/v1/admin/emails': 'list',
  'GET /api/v1/admin/emails/:id': 'one',
  'GET /api/v1/user/invitations': 'list',
  'GET /api/v1/meeting/:meetingId/calendar.ics': 'one',
  'GET /api/v1/meeting/slots': 'list',
  'GET /api/v1/meeting/requests': 'list',
  'GET /api/v1/meeting/refunds': 'list',
  'GET /api/v1/availability': 'one',
  'GET /api/v1/privacy/overview': 'one',
  'GET /api/v1/privacy/sessions': 'list',
  'GET /api/v1/privacy/access-log': 'list',
  'GET /api/v1/privacy/notice': 'list',
  'GET /api/v1/privacy/archive': 'one',
  'GET /api/v1/privacy/requests': 'list',
  'GET /api/v1/privacy/requests/queue': 'list',
  'GET /api/v1/privacy/nominee': 'one',
};

function meeting(clientDoc: UserDoc, doctorDoc: UserDoc, startsAt: Date): MeetingDoc {
  const fields = { meetingDate: startsAt.toISOString().slice(0, 10), meetingTime: '10:00 AM', startsAt, meetingLink: 'https://meet.example.in/budget', formLink: 'https://forms.example.in/budget', createdAt: START, createdBy: new ObjectId() };
  return newMeetingDoc(clientDoc, doctorDoc, fields);
}

function userDoc(i: number, role: UserDoc['role'], isVerified: UserDoc['isVerified'], tag: string): UserDoc {
  const at = new Date(START.getTime() - (MANY - i) * HOUR);
  return {
    _id: new ObjectId(),
    name: `${tag} ${String(i).padStart(3, '0')}`,
    email: `${tag}.${i}@budget.example.in`,
    // Never signed in with: these accounts only fill lists.
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNoLW5vdC1hLXJlYWwtaGFzaA',
    role,
    isVerified,
    createdAt: at,
    updatedAt: at,
  };
}

async function json(path: string, cookie = admin.cookie) {
  const res = await ctx.request('GET', path, { cookie });
  return { status: res.status, range: res.headers.get('content-range'), body: (await res.json()) as unknown };
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(START);
  admin = await ctx.signedIn('admin', 'verified');
  client = await ctx.signedIn('user');
  associate = await ctx.signedIn('doctor', 'verified');
  const users = ctx.deps.cols.users;
  const [clientDoc, associateDoc] = await Promise.all([users.findOne({ _id: new ObjectId(client.id) }), users.findOne({ _id: new ObjectId(associate.id) })]);
  if (!clientDoc || !associateDoc) throw new Error('accounts missing');

  // One client and one associate with a long history and a few upcoming sessions, every 12 hours.
  const history = Array.from({ length: MANY }, (_, i) => meeting(clientDoc, associateDoc, new Date(START.getTime() + (i - MANY + 10) * 12 * HOUR)));
  // Other people's meetings filling the admin's window (30 days back, 90 ahead).
  const others = Array.from({ length: MANY }, (_, i) => userDoc(i, i % 2 ? 'user' : 'doctor', 'verified', 'other'));
  await users.insertMany(others);
  const crowd = Array.from({ length: MANY }, (_, i) => meeting(others[(2 * i + 1) % MANY]!, others[(2 * i) % MANY]!, new Date(START.getTime() - 29 * DAY + i * 10 * HOUR)));
  await insertMeetings(ctx.deps.db, [...history, ...crowd]);
  // More change requests and refunds than the budget, about the crowd's meetings.
  await ctx.deps.db.collection('meeting_change_requests').insertMany(
    crowd.map((m, i) => ({
      _id: new ObjectId(),
      meetingId: m._id,
      kind: 'cancel',
      status: 'open',
      by: { id: m.doctorId, email: m.doctorEmail, role: 'doctor' },
      reason: 'Budget',
      proposed: null,
      createdAt: new Date(START.getTime() - i * HOUR),
      decidedAt: null,
      decidedBy: null,
    })),
  );
  await ctx.deps.db.collection('refunds').insertMany(
    crowd.map((m, i) => ({
      _id: m._id,
      clientId: m.clientId,
      clientEmail: m.clientEmail,
      clientName: m.clientName,
      doctorName: m.doctorName,
      startsAt: m.startsAt,
      band: 'full',
      cause: 'client_request',
      cancelledAt: new Date(START.getTime() - i * HOUR),
      status: 'due',
      refundedAt: null,
      refundedBy: null,
      reference: null,
    })),
  );
  verifiedDoctors = others.filter((u) => u.role === 'doctor').length + 1;

  await users.insertMany(Array.from({ length: MANY }, (_, i) => userDoc(i, i % 3 ? 'doctor' : 'admin', 'pending', 'pending')));
  await ctx.deps.cols.applications.insertMany(
    // @ts-expect-error -- deliberately partial applications: the pending list reads only these fields.
    Array.from({ length: MANY }, (_, i) => ({
      _id: new ObjectId(),
      userId: new ObjectId(),
      name: `Applicant ${i}`,
      email: `applicant.${i}@budget.example.in`,
      role: 'doctor',
      status: 'pending',
      round: 1,
      submittedAt: new Date(START.getTime() - i * HOUR),
    })),
  );
  const links = {
    mentalHealthCounselling: { single: 'https://pay.example.in/a', bundle: 'https://pay.example.in/b' },
    cosmetologistConsultancy: { single: 'https://pay.example.in/c', bundle: 'https://pay.example.in/d' },
  };
  await ctx.deps.cols.coupons.insertMany(
    Array.from({ length: MANY }, (_, i): CouponDoc => {
      const at = new Date(START.getTime() - i * HOUR);
      return { _id: new ObjectId(), couponCode: `BUDGET${i}`, forNewUsers: i % 2 === 0, isActive: true, paymentLinks: links, createdAt: at, updatedAt: at, createdBy: new ObjectId(admin.id) };
    }),
  );
  await ctx.deps.cols.auditLog.insertMany(
    Array.from({ length: MANY }, (_, i) => ({ _id: new ObjectId(), at: new Date(START.getTime() - i * HOUR), actor: null, action: 'coupon.create', target: { type: 'coupon', id: String(i) } })),
  );
}, 120_000);

describe('list budget: every list is bounded', () => {
  it('knows every GET route the app serves and whether it lists', () => {
    expect(Object.keys(GET_ROUTES).sort()).toEqual(apiRoutes(ctx).filter((r) => r.method === 'GET').map((r) => r.key));
  });

  it('get-meetings gives a client with a long history at most the budget, keeping the upcoming ones, by start ascending', async () => {
    for (const who of [client, associate]) {
      const { status, body } = await json('/api/v1/meeting/get-meetings', who.cookie);
      expect(status).toBe(200);
      const meetings = (body as { meetings: { startsAt: string }[] }).meetings;
      expect(meetings.length).toBeLessThanOrEqual(LIST_BUDGET);
      expect(meetings.length).toBeGreaterThan(0);
      const starts = meetings.map((m) => m.startsAt);
      expect([...starts].sort()).toEqual(starts);
      // The newest sessions (the upcoming ones first of all) are never the ones cut.
      expect(starts.at(-1)).toBe(new Date(START.getTime() + 9 * 12 * HOUR).toISOString());
    }
  });

  it('get-meetings gives a verified admin at most the budget from a crowded window', async () => {
    const { status, body } = await json('/api/v1/meeting/get-meetings');
    expect(status).toBe(200);
    expect((body as { meetings: unknown[] }).meetings.length).toBeLessThanOrEqual(LIST_BUDGET);
  });

  it('the meetings lookup (userMeetings) gives at most the budget', async () => {
    for (const who of [admin, associate]) {
      const res = await ctx.request('POST', '/api/v1/meeting/userMeetings', { cookie: who.cookie, body: { userId: client.email } });
      expect(res.status).toBe(200);
      const meetings = ((await res.json()) as { meetings: { startsAt: string }[] }).meetings;
      expect(meetings.length).toBeGreaterThan(0);
      expect(meetings.length).toBeLessThanOrEqual(LIST_BUDGET);
    }
  });

  it('the change-request queue and the refunds due give at most the budget', async () => {
    const requests = (await json('/api/v1/meeting/requests')).body as { requests: unknown[] };
    expect(requests.requests.length).toBeGreaterThan(0);
    expect(requests.requests.length).toBeLessThanOrEqual(LIST_BUDGET);
    const refunds = (await json('/api/v1/meeting/refunds')).body as { refunds: unknown[] };
    expect(refunds.refunds.length).toBeGreaterThan(0);
    expect(refunds.refunds.length).toBeLessThanOrEqual(LIST_BUDGET);
  });

  it('free slots are bounded by one day of 90-minute slots', async () => {
    const hours = { start: '00:00', end: '23:59' };
    const weekly = { mon: [hours], tue: [hours], wed: [hours], thu: [hours], fri: [hours], sat: [hours], sun: [hours] };
    expect((await ctx.request('PUT', '/api/v1/availability', { cookie: associate.cookie, body: { weekly, daysOff: [] } })).status).toBe(200);
    const { status, body } = await json(`/api/v1/meeting/slots?doctorId=${encodeURIComponent(associate.email)}&date=2026-07-01`);
    expect(status).toBe(200);
    expect((body as { slots: unknown[] }).slots.length).toBe(15);
  });

  it('status-pending gives at most the budget', async () => {
    const { status, body } = await json('/api/v1/register/status-pending');
    expect(status).toBe(200);
    const list = (body as { user: unknown[] }).user;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(LIST_BUDGET);
  });

  it('status-verified pages 10 at a time by default, at most 100, and pages reach every associate exactly once', async () => {
    const first = await json('/api/v1/register/status-verified');
    const page = first.body as { user: { _id: string }[]; pagination: { hasNextPage: boolean; limit: number } };
    expect(page.user).toHaveLength(VERIFIED_PAGE_SIZE);
    expect(page.pagination).toMatchObject({ limit: VERIFIED_PAGE_SIZE, hasNextPage: true });
    const largest = await json('/api/v1/register/status-verified?limit=100');
    expect((largest.body as { user: unknown[] }).user).toHaveLength(100);
    expect((await json('/api/v1/register/status-verified?limit=101')).status).toBe(400);
    expect((await json('/api/v1/register/status-verified?limit=100000')).status).toBe(400);

    const seen: string[] = [];
    for (let n = 1; n < 100; n += 1) {
      const { body } = await json(`/api/v1/register/status-verified?page=${n}&limit=50`);
      const next = body as { user: { _id: string }[]; pagination: { hasNextPage: boolean } };
      seen.push(...next.user.map((u) => u._id));
      if (!next.pagination.hasNextPage) break;
    }
    expect(seen).toHaveLength(verifiedDoctors);
    expect(new Set(seen).size).toBe(verifiedDoctors);
  });

  it('the coupon list gives at most the budget, newest first', async () => {
    const { status, body } = await json('/api/v1/payments/coupons');
    expect(status).toBe(200);
    const coupons = (body as { data: { couponCode: string }[] }).data;
    expect(coupons.length).toBeLessThanOrEqual(LIST_BUDGET);
    expect(coupons[0]?.couponCode).toBe('BUDGET0');
  });

  it('default links are bounded by the catalogue: one per service and plan, however often they are set', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (const path of ['mentalHealthCounselling/single', 'mentalHealthCounselling/bundle', 'cosmetologist-consultancy/single', 'cosmetologistConsultancy/bundle']) {
        const res = await ctx.request('PUT', `/api/v1/payments/default/${path}`, { cookie: admin.cookie, body: { paymentLink: `https://pay.example.in/${round}` } });
        expect(res.status).toBe(200);
      }
    }
    const { body } = await json('/api/v1/payments/default-links');
    expect((body as { data: unknown[] }).data).toHaveLength(4);
  });

  it('the privacy page’s lists (devices, access log, consents, requests, the admins’ queue) give at most the budget', async () => {
    const person = await ctx.signedIn('doctor', 'verified');
    const userId = new ObjectId(person.id);
    const far = new Date(START.getTime() + 365 * DAY);
    await ctx.deps.cols.sessions.insertMany(
      Array.from({ length: MANY }, (_, i) => ({
        _id: `budget-${person.id}-${i}`,
        userId,
        createdAt: START,
        lastSeenAt: new Date(START.getTime() - i * 1000),
        idleExpiresAt: far,
        absoluteExpiresAt: far,
        remember: true,
      })),
    );
    await ctx.deps.db.collection('document_access_log').insertMany(
      Array.from({ length: MANY }, (_, i) => ({
        _id: new ObjectId(),
        subjectId: userId,
        actorId: new ObjectId(admin.id),
        actorName: 'Budget Admin',
        actorRole: 'admin',
        action: 'document.read',
        what: `file-${i}.pdf`,
        at: new Date(START.getTime() - i * HOUR),
      })),
    );
    await insertConsentsInBulk(
      ctx.deps.db,
      Array.from({ length: MANY }, (_, i) => ({ _id: new ObjectId(), userId, kind: 'notice' as const, action: i % 2 ? ('given' as const) : ('withdrawn' as const), version: '2026-11', at: new Date(START.getTime() - i * HOUR), network: null })),
    );
    await ctx.deps.db.collection('privacy_requests').insertMany(
      Array.from({ length: MANY }, (_, i) => ({
        _id: new ObjectId(),
        userId,
        kind: 'grievance',
        details: `Budget ${i}`,
        status: i % 2 ? 'open' : 'answered',
        createdAt: new Date(START.getTime() - i * HOUR),
        dueAt: new Date(START.getTime() + (90 * 24 - i) * HOUR),
        answer: null,
        decidedAt: i % 2 ? null : START,
        decidedBy: null,
        erasureAt: null,
      })),
    );
    const notice = (await json('/api/v1/privacy/notice', person.cookie)).body as { data: { consents: unknown[] } };
    expect(notice.data.consents).toHaveLength(LIST_BUDGET);
    const requests = (await json('/api/v1/privacy/requests', person.cookie)).body as { data: unknown[] };
    expect(requests.data).toHaveLength(LIST_BUDGET);
    const queue = (await json('/api/v1/privacy/requests/queue')).body as { data: { status: string }[] };
    expect(queue.data).toHaveLength(LIST_BUDGET);
    // Open requests come first, so none of them is ever the one cut.
    expect(queue.data.slice(0, MANY / 2).every((r) => r.status === 'open')).toBe(true);
    const sessions = (await json('/api/v1/privacy/sessions', person.cookie)).body as { data: { current: boolean }[] };
    expect(sessions.data.length).toBeLessThanOrEqual(LIST_BUDGET);
    expect(sessions.data[0]?.current).toBe(true);
    const log = (await json('/api/v1/privacy/access-log', person.cookie)).body as { data: { what: string }[] };
    expect(log.data).toHaveLength(LIST_BUDGET);
    expect(log.data[0]?.what).toBe('file-0.pdf');
  });

  it('every admin grid answers 25 rows by default, at most 100, and its pages cover the Content-Range total exactly once', async () => {
    const grids: AdminResource[] = ['meetings', 'users', 'coupons', 'applications', 'audit'];
    for (const grid of grids) {
      const first = await json(`/api/v1/admin/${grid}`);
      expect(first.status, grid).toBe(200);
      expect(first.body as unknown[], grid).toHaveLength(25);
      const total = Number(/\/(\d+)$/.exec(first.range ?? '')?.[1]);
      expect(total, grid).toBeGreaterThan(MAX_RANGE_SIZE);
      expect(first.range).toBe(`${grid} 0-24/${total}`);
      expect((await json(`/api/v1/admin/${grid}?range=${encodeURIComponent(`[0,${MAX_RANGE_SIZE}]`)}`)).status, grid).toBe(400);

      const ids: string[] = [];
      for (let start = 0; start < total; start += MAX_RANGE_SIZE) {
        const end = start + MAX_RANGE_SIZE - 1;
        const page = await json(`/api/v1/admin/${grid}?range=${encodeURIComponent(`[${start},${end}]`)}&sort=${encodeURIComponent('["id","ASC"]')}`);
        const rows = page.body as { id: string }[];
        expect(rows.length, grid).toBeLessThanOrEqual(MAX_RANGE_SIZE);
        expect(page.range, grid).toBe(`${grid} ${start}-${start + rows.length - 1}/${total}`);
        ids.push(...rows.map((r) => r.id));
      }
      expect(ids.length, grid).toBe(total);
      expect(new Set(ids).size, grid).toBe(total);
    }
  });
});
