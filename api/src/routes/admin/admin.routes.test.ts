import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountCreatedResponseSchema,
  ADMIN_MESSAGES,
  auditEntrySchema,
  formatIst,
  AUTH_MESSAGES,
  couponSchema,
  emailRecordSchema,
  errorResponseSchema,
  meetingResponse,
  meetingInstant,
  meetingSchema,
  MEETING_MESSAGES,
  publicUserSchema,
} from '@bh/shared';
import { createTestContext, errorOf, type TestContext } from '../../../test/context.ts';
import type { OutboxDoc } from '../../db/collections.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const START = '2026-06-15T06:30:00.000Z';

/** Each grid's records: the resource's shape plus ra-data-simple-rest's `id`, every field kept. */
const RECORDS = {
  meetings: meetingSchema.extend({ id: z.string() }).loose(),
  users: publicUserSchema.extend({ id: z.string() }).loose(),
  coupons: couponSchema.extend({ id: z.string() }).loose(),
  audit: auditEntrySchema.loose(),
  emails: emailRecordSchema.loose(),
};

/** GET an admin list with ra-data-simple-rest's query: each parameter is JSON in a string. */
async function list<R extends keyof typeof RECORDS>(cookie: string, resource: R, params: { sort?: unknown; range?: unknown; filter?: unknown } = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, JSON.stringify(value));
  const res = await ctx.request('GET', `/api/v1/admin/${resource}?${search.toString()}`, { cookie });
  const json: unknown = await res.json();
  return {
    res,
    status: res.status,
    range: res.headers.get('content-range'),
    /** A 200's records, each checked against its resource's schema; empty for any other answer. */
    body: res.status === 200 ? z.array(RECORDS[resource]).parse(json) : [],
    /** Any other answer's error envelope. */
    error: res.status === 200 ? null : errorResponseSchema.parse(json),
  };
}

async function scheduled(adminCookie: string, clientEmail: string, doctorEmail: string, meetingDate: string, meetingTime: string) {
  const res = await ctx.request('POST', '/api/v1/meeting/create-meeting', {
    cookie: adminCookie,
    body: { clientId: clientEmail, doctorId: doctorEmail, meetingDate, meetingTime, meetingLink: 'https://meet.example.in/r', formLink: 'https://forms.example.in/f' },
  });
  expect(res.status).toBe(201);
  return meetingResponse.parse(await res.json()).meeting;
}

describe('admin grids: who may read them', () => {
  it('are 401 without a session and 403 for everyone but verified admins', async () => {
    for (const resource of ['meetings', 'users', 'coupons', 'audit']) {
      expect((await ctx.request('GET', `/api/v1/admin/${resource}`)).status).toBe(401);
      for (const [role, status] of [['user', undefined], ['doctor', 'verified'], ['admin', 'pending']] as const) {
        const { cookie } = await ctx.signedIn(role, status);
        const res = await ctx.request('GET', `/api/v1/admin/${resource}?range=${encodeURIComponent('[0,"x"]')}`, { cookie });
        expect(res.status, `${resource} ${role}`).toBe(403);
        expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.adminOnly);
      }
    }
  });
});

describe('GET /api/v1/admin/meetings', () => {
  it('pages, sorts and filters the whole history with a Content-Range total', async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.createUser({ role: 'user', name: 'Grid Client' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr. Grid' });
    const dates = ['2026-06-20', '2026-06-16', '2026-06-18', '2026-06-17', '2026-06-19'];
    const made = [];
    for (const date of dates) made.push({ date, ...(await scheduled(admin.cookie, client.email, doctor.email, date, '10:00 AM')) });
    const byDate = [...made].sort((a, b) => a.date.localeCompare(b.date));

    const first = await list(admin.cookie, 'meetings', { sort: ['startsAt', 'ASC'], range: [0, 1], filter: { clientId: client.email.toUpperCase() } });
    expect(first.status).toBe(200);
    expect(first.range).toBe('meetings 0-1/5');
    expect(first.body.map((m: { id: string }) => m.id)).toEqual([byDate[0]!._id, byDate[1]!._id]);
    for (const record of first.body) {
      expect(record.id).toBe(record._id);
      meetingSchema.parse(record);
    }

    const second = await list(admin.cookie, 'meetings', { sort: ['startsAt', 'ASC'], range: [2, 4], filter: { clientId: client.email } });
    expect(second.range).toBe('meetings 2-4/5');
    expect(second.body.map((m: { id: string }) => m.id)).toEqual(byDate.slice(2).map((m) => m._id));

    const desc = await list(admin.cookie, 'meetings', { sort: ['startsAt', 'DESC'], range: [0, 0], filter: { doctorId: doctor.email } });
    expect(desc.body[0]?.id).toBe(byDate[4]!._id);

    const days = await list(admin.cookie, 'meetings', { filter: { clientId: client.email, from: '2026-06-17', to: '2026-06-18' }, sort: ['startsAt', 'ASC'] });
    expect(days.body.map((m: { meetingDate: string }) => m.meetingDate)).toEqual(['2026-06-17', '2026-06-18']);

    const search = await list(admin.cookie, 'meetings', { filter: { q: client.email.slice(0, 12).toUpperCase() } });
    expect(search.body.length).toBe(5);
    const regexChars = await list(admin.cookie, 'meetings', { filter: { q: '.*' } });
    expect(regexChars.body).toEqual([]);
    expect(regexChars.range).toBe('meetings */0');

    const many = await list(admin.cookie, 'meetings', { filter: { id: [byDate[1]!._id, byDate[3]!._id] }, sort: ['startsAt', 'ASC'] });
    expect(many.body.map((m: { id: string }) => m.id)).toEqual([byDate[1]!._id, byDate[3]!._id]);
  });

  // Unfiltered, a page sorted by a date is read within the span every stored instant lies in, and
  // the total is the collection's count (findPage): both must be the whole history's, as a read of
  // every meeting gives them.
  it('pages the unfiltered history as a read of every meeting does, with its whole count', async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.createUser({ role: 'user', name: 'Whole Grid Client' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr. Whole Grid' });
    const other = await ctx.createUser({ role: 'user', name: 'Whole Grid Client Two' });
    const otherDoctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr. Whole Grid Two' });
    // Two meetings at one time (by other people), to be told apart by _id.
    for (const [date, time, who] of [
      ['2026-07-02', '10:00 AM', [client, doctor]],
      ['2026-07-01', '10:00 AM', [client, doctor]],
      ['2026-07-02', '10:00 AM', [other, otherDoctor]],
      ['2286-11-19', '11:59 PM', [client, doctor]],
      ['2026-06-15', '05:00 PM', [other, otherDoctor]],
    ] as const) {
      ctx.clock.advance(1000); // creation times apart
      await scheduled(admin.cookie, who[0].email, who[1].email, date, time);
    }
    const meetings = ctx.deps.db.collection('meetings');
    const total = await meetings.countDocuments({});
    for (const [field, stored] of [['startsAt', 'startsAt'], ['createdAt', 'createdAt'], ['id', '_id']] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const direction: 1 | -1 = order === 'ASC' ? 1 : -1;
        const sort: Record<string, 1 | -1> = stored === '_id' ? { _id: direction } : { [stored]: direction, _id: direction };
        const all = (await meetings.find({}).sort(sort).toArray()).map((m) => m._id.toHexString());
        for (const [start, end] of [[0, 0], [0, 2], [2, 3], [total - 2, total + 5]] as const) {
          const page = await list(admin.cookie, 'meetings', { sort: [field, order], range: [start, end] });
          expect(page.status).toBe(200);
          expect(page.body.map((m) => m.id), `${field} ${order} ${start}-${end}`).toEqual(all.slice(start, end + 1));
          expect(page.range).toBe(`meetings ${start}-${Math.min(end, total - 1)}/${total}`);
        }
      }
    }
    const last = await list(admin.cookie, 'meetings', { sort: ['startsAt', 'DESC'], range: [0, 0] });
    expect(last.body[0]?.meetingDate).toBe('2286-11-19');

    // Filtered to days only, the total is the count command's (on the embedded database SQLite's).
    const inDays = await meetings.countDocuments({ startsAt: { $gte: meetingInstant('2026-07-01', '12:00 AM')!, $lt: meetingInstant('2026-07-03', '12:00 AM')! } });
    expect(inDays).toBeGreaterThanOrEqual(3);
    const days = await list(admin.cookie, 'meetings', { filter: { from: '2026-07-01', to: '2026-07-02' }, sort: ['startsAt', 'ASC'], range: [0, 0] });
    expect(days.range).toBe(`meetings 0-0/${inDays}`);
    const fromDay = await list(admin.cookie, 'meetings', { filter: { from: '2026-07-01' }, sort: ['startsAt', 'DESC'], range: [0, 0] });
    expect(fromDay.range).toBe(`meetings 0-0/${await meetings.countDocuments({ startsAt: { $gte: meetingInstant('2026-07-01', '12:00 AM')! } })}`);
    expect(fromDay.body[0]?.meetingDate).toBe('2286-11-19');
  });

  it('refuses sort fields, filters and ranges outside the whitelist', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: ['meetingLink', 'ASC'] }, ADMIN_MESSAGES.invalidSort],
      [{ sort: ['startsAt', 'UP'] }, ADMIN_MESSAGES.invalidSort],
      [{ range: [0, 100] }, ADMIN_MESSAGES.rangeTooLarge],
      [{ range: [5, 2] }, ADMIN_MESSAGES.invalidRange],
      [{ range: [-1, 3] }, ADMIN_MESSAGES.invalidRange],
      [{ filter: { meetingLink: 'x' } }, ADMIN_MESSAGES.invalidFilter],
      [{ filter: { clientId: { $ne: null } } }, ADMIN_MESSAGES.invalidFilter],
      [{ filter: { from: '2026-02-30' } }, ADMIN_MESSAGES.invalidFilter],
    ];
    for (const [params, message] of cases) {
      const { status, error } = await list(admin.cookie, 'meetings', params);
      expect(status, JSON.stringify(params)).toBe(400);
      expect(error?.message, JSON.stringify(params)).toBe(message);
    }
    const broken = await ctx.request('GET', '/api/v1/admin/meetings?filter=%7Bnot-json', { cookie: admin.cookie });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).message).toBe(ADMIN_MESSAGES.invalidFilter);
    expect((await list(admin.cookie, 'meetings', { range: [0, 99] })).status).toBe(200);
  });

  it('reads one meeting and deletes it through the same service (audited)', async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.createUser({ role: 'user' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    const meeting = await scheduled(admin.cookie, client.email, doctor.email, '2026-06-21', '05:15 PM');

    const one = await ctx.request('GET', `/api/v1/admin/meetings/${meeting._id}`, { cookie: admin.cookie });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: meeting._id, clientId: client.email, meetingTime: '05:15 PM' });

    const del = await ctx.request('DELETE', `/api/v1/admin/meetings/${meeting._id}`, { cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect(await del.json()).toMatchObject({ id: meeting._id, doctorId: doctor.email });
    expect(await ctx.deps.cols.auditLog.findOne({ action: 'meeting.delete', 'target.id': meeting._id })).not.toBeNull();
    for (const method of ['GET', 'DELETE']) {
      const gone = await ctx.request(method, `/api/v1/admin/meetings/${meeting._id}`, { cookie: admin.cookie });
      expect(gone.status).toBe(404);
      expect((await errorOf(gone)).message).toBe(MEETING_MESSAGES.notFound);
    }
    expect((await ctx.request('GET', '/api/v1/admin/meetings/xyz', { cookie: admin.cookie })).status).toBe(400);
  });
});

describe('GET /api/v1/admin/users', () => {
  it('filters by role, status and text, and never includes a password hash', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const tag = randomBytes(3).toString('hex');
    const pending = await ctx.createUser({ role: 'doctor', isVerified: 'pending', name: `Pending ${tag}` });
    await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: `Verified ${tag}` });
    await ctx.createUser({ role: 'user', name: `Client ${tag}` });

    const all = await list(admin.cookie, 'users', { filter: { q: tag }, sort: ['name', 'ASC'] });
    expect(all.status).toBe(200);
    expect(all.range).toBe('users 0-2/3');
    expect(all.body.map((u: { name: string }) => u.name)).toEqual([`Client ${tag}`, `Pending ${tag}`, `Verified ${tag}`]);
    const text = JSON.stringify(all.body);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('$argon2');
    for (const record of all.body) publicUserSchema.parse(record);

    const doctors = await list(admin.cookie, 'users', { filter: { q: tag, role: 'doctor', isVerified: 'pending' } });
    expect(doctors.body.map((u: { id: string }) => u.id)).toEqual([pending.id]);

    const one = await ctx.request('GET', `/api/v1/admin/users/${pending.id}`, { cookie: admin.cookie });
    expect(one.status).toBe(200);
    const record = await one.json();
    expect(record).toMatchObject({ id: pending.id, email: pending.email, role: 'doctor', isVerified: 'pending' });
    expect(JSON.stringify(record)).not.toContain('argon2');

    const missing = await ctx.request('GET', '/api/v1/admin/users/0123456789abcdef01234567', { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(AUTH_MESSAGES.userNotFound);
    expect((await list(admin.cookie, 'users', { filter: { role: 'superadmin' } })).status).toBe(400);
    expect((await list(admin.cookie, 'users', { sort: ['passwordHash', 'ASC'] })).status).toBe(400);
  });
});

describe('GET /api/v1/admin/coupons', () => {
  it('lists coupons with ids, filtered by status and code', async () => {
    const admin = await ctx.signedIn('admin', 'verified');
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const links = {
      mentalHealthCounselling: { single: 'https://pay.example.in/a', bundle: 'https://pay.example.in/b' },
      cosmetologistConsultancy: { single: 'https://pay.example.in/c', bundle: 'https://pay.example.in/d' },
    };
    for (const [code, isActive] of [[`ON${tag}`, true], [`OFF${tag}`, false]] as const) {
      const res = await ctx.request('POST', '/api/v1/payments/coupon', { cookie: admin.cookie, body: { couponCode: code, isActive, forNewUsers: true, paymentLinks: links } });
      expect(res.status).toBe(201);
    }
    const active = await list(admin.cookie, 'coupons', { filter: { q: tag, isActive: true } });
    expect(active.status).toBe(200);
    expect(active.range).toBe('coupons 0-0/1');
    expect(active.body[0]).toMatchObject({ couponCode: `ON${tag}`, isActive: true });
    expect(active.body[0]?.id).toBe(active.body[0]?._id);
    couponSchema.parse(active.body[0]);
    const inactive = await list(admin.cookie, 'coupons', { filter: { q: tag.toLowerCase(), isActive: 'false' } });
    expect(inactive.body.map((c: { couponCode: string }) => c.couponCode)).toEqual([`OFF${tag}`]);
    const both = await list(admin.cookie, 'coupons', { filter: { q: tag }, sort: ['couponCode', 'ASC'] });
    expect(both.body.map((c: { couponCode: string }) => c.couponCode)).toEqual([`OFF${tag}`, `ON${tag}`]);
  });
});

describe('GET /api/v1/admin/audit', () => {
  it('shows who did what, when, to what; filtered by actor, action and India dates', async () => {
    ctx.clock.set('2026-06-15T18:00:00.000Z'); // 23:30 on 15 June in India
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.createUser({ role: 'user' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    const meeting = await scheduled(admin.cookie, client.email, doctor.email, '2026-06-22', '11:00 AM');
    ctx.clock.set('2026-06-15T19:00:00.000Z'); // 00:30 on 16 June in India
    await ctx.request('DELETE', `/api/v1/meeting/${meeting._id}`, { cookie: admin.cookie });

    const mine = await list(admin.cookie, 'audit', { filter: { actor: admin.email.toUpperCase() }, sort: ['at', 'ASC'] });
    expect(mine.status).toBe(200);
    expect(mine.range).toBe('audit 0-1/2');
    expect(mine.body.map((e: { action: string }) => e.action)).toEqual(['meeting.create', 'meeting.delete']);
    for (const row of mine.body) auditEntrySchema.parse(row);
    // The meeting is gone: its entries fall back to the participants and start they stored.
    expect(mine.body[0]).toMatchObject({ actor: admin.email, at: '2026-06-15T18:00:00.000Z', target: `${client.email} with ${doctor.email}, 2026-06-22 11:00 AM` });

    const deletes = await list(admin.cookie, 'audit', { filter: { actor: admin.email, action: 'meeting.delete' } });
    expect(deletes.body.length).toBe(1);
    const on15th = await list(admin.cookie, 'audit', { filter: { actor: admin.email, from: '2026-06-15', to: '2026-06-15' } });
    expect(on15th.body.map((e: { action: string }) => e.action)).toEqual(['meeting.create']);
    const from16th = await list(admin.cookie, 'audit', { filter: { actor: admin.email, from: '2026-06-16' } });
    expect(from16th.body.map((e: { action: string }) => e.action)).toEqual(['meeting.delete']);
    expect((await list(admin.cookie, 'audit', { filter: { action: 'meeting.explode' } })).status).toBe(400);
    ctx.clock.set(START);
  });
});

describe('GET /api/v1/admin/audit: the "On" column in words', () => {
  const OBJECT_ID = /\b[0-9a-f]{24}\b/i;

  it("names the account, meeting, coupon and plan each entry was done to, never a raw id, old entries included", async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const client = await ctx.createUser({ role: 'user', name: 'Asha Client' });
    const doctor = await ctx.createUser({ role: 'doctor', isVerified: 'verified', name: 'Dr. Ravi Rao' });
    const meeting = await scheduled(admin.cookie, client.email, doctor.email, '2026-06-22', '11:00 AM');
    const email = `kiran-${tag.toLowerCase()}@test.betterhealth.in`;
    const created = await ctx.request('POST', '/api/v1/user/register', {
      cookie: admin.cookie,
      body: { name: 'Kiran Mehta', email, password: 'Long-Enough-Pass-42', role: 'doctor' },
    });
    expect(created.status).toBe(201);
    const kiranId = accountCreatedResponseSchema.parse(await created.json()).user._id;
    const coupon = await ctx.request('POST', '/api/v1/payments/coupon', {
      cookie: admin.cookie,
      body: {
        couponCode: `AUD${tag}`,
        paymentLinks: {
          mentalHealthCounselling: { single: 'https://pay.example.in/a', bundle: 'https://pay.example.in/b' },
          cosmetologistConsultancy: { single: 'https://pay.example.in/c', bundle: 'https://pay.example.in/d' },
        },
      },
    });
    expect(coupon.status).toBe(201);
    const link = await ctx.request('PUT', '/api/v1/payments/default/mentalHealthCounselling/single', {
      cookie: admin.cookie,
      body: { paymentLink: 'https://pay.example.in/new' },
    });
    expect(link.status).toBe(200);
    // Entries written before labels were stored: one names a live account by id only, one an
    // account since deleted, one a deleted coupon.
    const gone = new ObjectId();
    await ctx.deps.cols.auditLog.insertMany([
      { _id: new ObjectId(), at: ctx.clock.now(), actor: { id: admin.id, email: admin.email, role: 'admin' }, action: 'password.change', target: { type: 'user', id: kiranId } },
      { _id: new ObjectId(), at: ctx.clock.now(), actor: { id: admin.id, email: admin.email, role: 'admin' }, action: 'account.create', target: { type: 'user', id: gone.toHexString() } },
      { _id: new ObjectId(), at: ctx.clock.now(), actor: { id: admin.id, email: admin.email, role: 'admin' }, action: 'coupon.delete', target: { type: 'coupon', id: new ObjectId().toHexString() } },
    ]);

    const { status, body } = await list(admin.cookie, 'audit', { filter: { actor: admin.email }, sort: ['id', 'ASC'] });
    expect(status).toBe(200);
    for (const row of body) auditEntrySchema.parse(row);
    const targets = body.map((row) => [row.action, row.target]);
    expect(targets).toEqual([
      ['meeting.create', `Asha Client with Dr. Ravi Rao, ${formatIst('2026-06-22T05:30:00.000Z')}`],
      ['account.create', `Kiran Mehta (${email})`],
      ['coupon.create', `AUD${tag}`],
      ['paymentLink.update', 'Mental Health Counselling, Single Session'],
      ['password.change', `Kiran Mehta (${email})`],
      ['account.create', ADMIN_MESSAGES.auditGoneAccount],
      ['coupon.delete', ADMIN_MESSAGES.auditGoneCoupon],
    ]);
    for (const [, target] of targets) expect(target).not.toMatch(OBJECT_ID);
    expect(meeting._id).toMatch(OBJECT_ID);
  });
});

describe('the Emails grid', () => {
  // Filtered by status, template or address and sorted by creation: on the embedded database SQLite
  // reads the page and counts the total through the outbox's indexes (docs/speed.md, "The admin grids").
  it('pages and counts each filter as a read of every email does, ties broken by id', async () => {
    ctx.clock.set(START);
    const admin = await ctx.signedIn('admin', 'verified');
    const outbox = ctx.deps.cols.outbox;
    const base = new Date('2026-06-01T00:00:00.000Z').getTime();
    await outbox.insertMany(
      Array.from({ length: 60 }, (_, i): OutboxDoc => {
        const createdAt = new Date(base + Math.floor(i / 3) * 60_000); // three a minute
        const failed = i % 7 === 0;
        return {
          _id: new ObjectId(),
          to: `grid${i % 4}@emails-grid.test`,
          template: i % 5 === 0 ? 'invitation' : 'meeting-reminder-1h',
          data: {},
          secret: null,
          status: failed ? 'failed' : 'sent',
          attempts: failed ? 5 : 1,
          lastError: failed ? 'Mailbox unavailable' : null,
          createdAt,
          dueAt: createdAt,
          nextAttemptAt: createdAt,
          expiresAt: null,
          meetingId: null,
          claims: 1,
          leaseUntil: null,
          sentAt: failed ? null : createdAt,
        };
      }),
    );
    const every = await outbox.find({}).toArray();
    const filters: Partial<Pick<OutboxDoc, 'status' | 'template' | 'to'>>[] = [
      {},
      { status: 'sent' },
      { status: 'failed' },
      { template: 'invitation' },
      { to: 'grid1@emails-grid.test' },
      { status: 'sent', template: 'meeting-reminder-1h', to: 'grid2@emails-grid.test' },
      { status: 'expired' },
    ];
    for (const filter of filters) {
      const kept = every.filter((d) => Object.entries(filter).every(([k, v]) => d[k as keyof OutboxDoc] === v));
      const oldest = kept
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a._id.toHexString().localeCompare(b._id.toHexString()))
        .map((d) => d._id.toHexString());
      const total = oldest.length;
      for (const order of ['ASC', 'DESC'] as const) {
        const all = order === 'ASC' ? oldest : oldest.slice().reverse();
        for (const [start, end] of [[0, 0], [0, 9], [7, 12], [Math.max(total - 2, 0), total + 3]] as const) {
          const page = await list(admin.cookie, 'emails', { filter, sort: ['createdAt', order], range: [start, end] });
          const label = `${JSON.stringify(filter)} ${order} ${start}-${end}`;
          expect(page.status, label).toBe(200);
          expect(page.body.map((e) => e.id), label).toEqual(all.slice(start, end + 1));
          const shown = Math.max(Math.min(end, total - 1) - start + 1, 0);
          expect(page.range, label).toBe(shown > 0 ? `emails ${start}-${start + shown - 1}/${total}` : `emails */${total}`);
        }
      }
      if (Object.keys(filter).length > 0 && filter.status !== 'expired') expect(total, JSON.stringify(filter)).toBeGreaterThan(2);
    }
  });
});
