import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@bh/shared';
import { applicationRecordSchema } from '@bh/shared/schemas/registration-extra';
import { createTestContext, errorOf, type TestContext } from '../../../test/context.ts';
import { ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER, submittedApplicant } from '../../../test/applications.ts';

let ctx: TestContext;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin', 'verified');
});

async function list(params: Record<string, unknown> = {}, cookie = admin.cookie) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, JSON.stringify(value));
  const res = await ctx.request('GET', `/api/v1/admin/applications?${search.toString()}`, { cookie });
  const text = await res.text();
  return { status: res.status, range: res.headers.get('content-range'), text, body: JSON.parse(text) };
}

describe('GET /api/v1/admin/applications', () => {
  it('is 401 without a session and 403 for everyone but verified admins', async () => {
    expect((await ctx.request('GET', '/api/v1/admin/applications')).status).toBe(401);
    for (const [role, status] of [['user', undefined], ['doctor', 'verified'], ['doctor', 'pending'], ['admin', 'pending']] as const) {
      const { cookie } = await ctx.signedIn(role, status);
      const res = await ctx.request('GET', '/api/v1/admin/applications', { cookie });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.adminOnly);
    }
  });

  it('lists applications oldest first with Content-Range, filters by status, search and id', async () => {
    const first = await submittedApplicant(ctx);
    ctx.clock.advance(60_000);
    const second = await submittedApplicant(ctx, 'admin');
    ctx.clock.advance(60_000);
    const third = await submittedApplicant(ctx);
    await ctx.request('POST', `/api/v1/register/verify-doctor/${second.id}`, { cookie: admin.cookie });
    await ctx.request('POST', `/api/v1/register/reject-doctor/${third.id}`, { cookie: admin.cookie, body: { reason: 'Blurred scans' } });

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.range).toBe('applications 0-2/3');
    expect(all.body.map((r: { id: string }) => r.id)).toEqual([first.id, second.id, third.id]);
    for (const record of all.body) expect(applicationRecordSchema.strict().parse(record)).toEqual(record);
    expect(all.body[1]).toMatchObject({ userId: second.id, email: second.email, role: 'admin', status: 'verified', reviewedAt: ctx.clock.now().toISOString() });
    expect(all.body[2].status).toBe('rejected');
    for (const secret of [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER]) expect(all.text).not.toContain(secret);

    const pending = await list({ filter: { status: 'pending' } });
    expect(pending.body.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const search = await list({ filter: { q: third.email.slice(0, 12).toUpperCase() } });
    expect(search.body.map((r: { id: string }) => r.id)).toEqual([third.id]);
    const byId = await list({ filter: { id: [first.id, third.id] }, sort: ['submittedAt', 'DESC'] });
    expect(byId.body.map((r: { id: string }) => r.id)).toEqual([third.id, first.id]);
    const paged = await list({ range: [1, 1] });
    expect(paged.range).toBe('applications 1-1/3');
    expect(paged.body.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const none = await list({ filter: { q: '.*' } });
    expect(none.range).toBe('applications */0');
  });

  it('refuses filters and sorts it does not know with 400', async () => {
    for (const params of [{ filter: { status: 'not_submitted' } }, { filter: { 'bankAccount.accountNumber': '1' } }, { sort: ['bankAccount', 'ASC'] }]) {
      expect((await list(params)).status).toBe(400);
    }
  });

  it('GET /{id} gives one row by the applicant\'s user id, 404 when there is none', async () => {
    const applicant = await submittedApplicant(ctx);
    const res = await ctx.request('GET', `/api/v1/admin/applications/${applicant.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: applicant.id, status: 'pending' });
    const missing = await ctx.request('GET', `/api/v1/admin/applications/${new ObjectId().toHexString()}`, { cookie: admin.cookie });
    expect(missing.status).toBe(404);
  });
});
