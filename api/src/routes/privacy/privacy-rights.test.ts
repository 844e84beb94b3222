import { unzipSync, strFromU8 } from 'fflate';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERASURE_NOTICE_HOURS,
  NOTICE_VERSION,
  nomineeResponse,
  noticeStatusResponse,
  PRIVACY_MESSAGES as M,
  privacyQueueResponse,
  privacyRequestResponse,
  privacyRequestsResponse,
} from '@bh/shared';
import { bodyOf, errorOf, TEST_PASSWORD, type TestContext } from '../../../test/context.ts';
import { createMailContext, type TestMail } from '../../../test/mail.ts';
import { storeMeetingBetween } from '../../../test/meetings.ts';
import { ACCOUNT_NUMBER, AADHAAR_NUMBER, submittedApplicant } from '../../../test/applications.ts';
import { ARCHIVE_LIMITS } from '../../domain/privacy/archive.ts';
import { runDueErasures } from '../../domain/privacy/requests.service.ts';

let ctx: TestContext;
let mail: TestMail;
beforeAll(async () => ({ ctx, mail } = await createMailContext()));

const HOUR = 60 * 60 * 1000;

async function archiveOf(cookie: string): Promise<Record<string, Uint8Array>> {
  const res = await ctx.request('GET', '/api/v1/privacy/archive', { cookie });
  expect(res.status, await res.clone().text().catch(() => '')).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="better-health-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}
const jsonIn = (files: Record<string, Uint8Array>, name: string): unknown => JSON.parse(strFromU8(files[name]!));

describe('notice and consent', () => {
  it('records who accepted which version, when and from where; withdrawal opens an erasure request', async () => {
    const client = await ctx.signedIn('user');
    const status = async () => noticeStatusResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/notice', { cookie: client.cookie })).json()).data;
    expect(await status()).toEqual({ version: NOTICE_VERSION, accepted: false, consents: [] });

    const stale = await ctx.request('POST', '/api/v1/privacy/notice/accept', { cookie: client.cookie, body: { version: '2001-01' } });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(M.noticeChanged);

    const accepted = await ctx.request('POST', '/api/v1/privacy/notice/accept', { cookie: client.cookie, body: { version: NOTICE_VERSION } });
    expect(accepted.status).toBe(200);
    const now = await status();
    expect(now.accepted).toBe(true);
    expect(now.consents).toEqual([{ id: expect.any(String), kind: 'notice', action: 'given', version: NOTICE_VERSION, at: ctx.clock.now().toISOString(), network: null }]);

    ctx.clock.advance(60_000);
    const withdrawn = await ctx.request('POST', '/api/v1/privacy/notice/withdraw', { cookie: client.cookie, body: { kind: 'notice' } });
    expect(withdrawn.status).toBe(200);
    expect((await bodyOf(withdrawn, noticeStatusResponse)).message).toBe(M.consentWithdrawn);
    const after = await status();
    expect(after.accepted).toBe(false);
    expect(after.consents.map((c) => c.action)).toEqual(['withdrawn', 'given']);
    const requests = privacyRequestsResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/requests', { cookie: client.cookie })).json()).data;
    expect(requests.map((r) => [r.kind, r.status])).toEqual([['erasure', 'open']]);
    // Withdrawing again files no second request.
    await ctx.request('POST', '/api/v1/privacy/notice/withdraw', { cookie: client.cookie, body: { kind: 'notice' } });
    expect(privacyRequestsResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/requests', { cookie: client.cookie })).json()).data).toHaveLength(1);
  });
});

describe('archive', () => {
  it('holds the owner’s meetings and full numbers and documents, and nothing of anyone else’s', async () => {
    const associate = await submittedApplicant(ctx);
    const client = await ctx.signedIn('user');
    const otherClient = await ctx.signedIn('user');
    const mine = await storeMeetingBetween(ctx, client.id, associate.id, { startsAt: new Date(ctx.clock.now().getTime() + 24 * HOUR), meetingLink: 'https://meet.example.in/mine' });
    await storeMeetingBetween(ctx, otherClient.id, associate.id, { startsAt: new Date(ctx.clock.now().getTime() + 48 * HOUR), meetingLink: 'https://meet.example.in/theirs' });

    const files = await archiveOf(client.cookie);
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'access-log.json', 'application.json', 'consents.json', 'meetings.json', 'nominee.json', 'profile.json', 'requests.json', 'sessions.json'].sort(),
    );
    expect((jsonIn(files, 'meetings.json') as { _id: string }[]).map((m) => m._id)).toEqual([mine]);
    const everything = Object.values(files).map((f) => strFromU8(f)).join('\n');
    expect(everything).not.toContain(otherClient.email);
    expect(everything).not.toContain('meet.example.in/theirs');
    expect(jsonIn(files, 'profile.json')).toMatchObject({ id: client.id, email: client.email, role: 'user' });

    // The associate's own archive: their application with the numbers in full, and their documents.
    const own = await archiveOf(associate.cookie);
    const application = jsonIn(own, 'application.json') as { fullNumbers: { accountNumber: string; documentIds: string[] } };
    expect(application.fullNumbers.accountNumber).toBe(ACCOUNT_NUMBER);
    expect(application.fullNumbers.documentIds[0]).toBe(AADHAAR_NUMBER);
    const documents = Object.keys(own).filter((n) => n.startsWith('documents/'));
    expect(documents.length).toBeGreaterThanOrEqual(6);
    const resume = documents.find((n) => n.endsWith('resume.pdf'))!;
    expect(strFromU8(own[resume]!.subarray(0, 5))).toBe('%PDF-');
    expect((jsonIn(own, 'meetings.json') as unknown[]).length).toBe(2);
  });

  it('is limited to three an hour per account', async () => {
    const client = await ctx.signedIn('user');
    for (let i = 0; i < ARCHIVE_LIMITS.perAccount; i += 1) await archiveOf(client.cookie);
    const refused = await ctx.request('GET', '/api/v1/privacy/archive', { cookie: client.cookie });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(M.tooManyArchives);
    ctx.clock.advance(ARCHIVE_LIMITS.windowMs + 1000);
    await archiveOf(client.cookie);
  });
});

describe('requests and the admins’ queue', () => {
  it('gives each request its due date; only verified admins see and decide the queue, with reasons', async () => {
    const client = await ctx.signedIn('user');
    const other = await ctx.signedIn('doctor', 'verified');
    const admin = await ctx.signedIn('admin', 'verified');
    const created = await ctx.request('POST', '/api/v1/privacy/requests', { cookie: client.cookie, body: { kind: 'grievance', details: 'My session link came late.' } });
    expect(created.status).toBe(201);
    const grievance = privacyRequestResponse.parse(await created.json()).data;
    expect(Date.parse(grievance.dueAt) - Date.parse(grievance.createdAt)).toBe(90 * 24 * HOUR);
    const correction = privacyRequestResponse.parse(
      await (await ctx.request('POST', '/api/v1/privacy/requests', { cookie: client.cookie, body: { kind: 'correction', details: 'My name is Kavya, not Kavita.' } })).json(),
    ).data;
    expect(Date.parse(correction.dueAt) - Date.parse(correction.createdAt)).toBe(30 * 24 * HOUR);
    const again = await ctx.request('POST', '/api/v1/privacy/requests', { cookie: client.cookie, body: { kind: 'grievance', details: 'Again' } });
    expect(again.status).toBe(409);
    const empty = await ctx.request('POST', '/api/v1/privacy/requests', { cookie: client.cookie, body: { kind: 'correction', details: '  ' } });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe(M.requestDetailsRequired);

    // Nobody else sees them.
    expect(privacyRequestsResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/requests', { cookie: other.cookie })).json()).data).toEqual([]);
    expect((await ctx.request('GET', '/api/v1/privacy/requests/queue', { cookie: other.cookie })).status).toBe(403);
    expect((await ctx.request('POST', `/api/v1/privacy/requests/${grievance.id}/decide`, { cookie: client.cookie, body: { decision: 'accept', answer: 'Done' } })).status).toBe(403);

    const queue = privacyQueueResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/requests/queue', { cookie: admin.cookie })).json()).data;
    const row = queue.find((r) => r.id === grievance.id)!;
    expect(row.person).toEqual({ id: client.id, name: expect.any(String), email: client.email, role: 'user' });

    const noReason = await ctx.request('POST', `/api/v1/privacy/requests/${grievance.id}/decide`, { cookie: admin.cookie, body: { decision: 'accept', answer: '' } });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).message).toBe(M.answerRequired);
    const decided = await ctx.request('POST', `/api/v1/privacy/requests/${grievance.id}/decide`, { cookie: admin.cookie, body: { decision: 'accept', answer: 'We have spoken to the associate.' } });
    expect(decided.status).toBe(200);
    expect(privacyRequestResponse.parse(await decided.json()).data).toMatchObject({ status: 'answered', answer: 'We have spoken to the associate.' });
    const twice = await ctx.request('POST', `/api/v1/privacy/requests/${grievance.id}/decide`, { cookie: admin.cookie, body: { decision: 'reject', answer: 'No' } });
    expect(twice.status).toBe(409);
    expect((await ctx.request('POST', `/api/v1/privacy/requests/${new ObjectId().toHexString()}/decide`, { cookie: admin.cookie, body: { decision: 'reject', answer: 'No' } })).status).toBe(404);
    const audit = await ctx.deps.cols.auditLog.findOne({ action: 'privacy.decide', 'target.id': client.id });
    expect(audit?.details).toEqual({ kind: 'grievance', decision: 'accept' });
  });

  it('an accepted erasure is announced, waits 48 hours, then removes the person’s data and sign-in while the trail stands', async () => {
    const associate = await submittedApplicant(ctx);
    const admin = await ctx.signedIn('admin', 'verified');
    const client = await ctx.signedIn('user');
    const meeting = new ObjectId(await storeMeetingBetween(ctx, client.id, associate.id, { startsAt: new Date(ctx.clock.now().getTime() + 24 * HOUR) }));
    // An admin reads the associate's application: the access log must outlive the erasure.
    expect((await ctx.request('GET', `/api/v1/register/doctor-details/${associate.id}`, { cookie: admin.cookie })).status).toBe(200);
    await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: associate.cookie, body: { name: 'Rohan Desai', email: 'rohan@example.in', relationship: 'Spouse' } });
    await ctx.request('POST', '/api/v1/privacy/notice/accept', { cookie: associate.cookie, body: { version: NOTICE_VERSION } });

    const filed = privacyRequestResponse.parse(
      await (await ctx.request('POST', '/api/v1/privacy/requests', { cookie: associate.cookie, body: { kind: 'erasure', details: 'Please erase my data.' } })).json(),
    ).data;
    const decided = privacyRequestResponse.parse(
      await (await ctx.request('POST', `/api/v1/privacy/requests/${filed.id}/decide`, { cookie: admin.cookie, body: { decision: 'accept', answer: 'Erasing as asked.' } })).json(),
    ).data;
    expect(decided.status).toBe('scheduled');
    expect(Date.parse(decided.erasureAt!) - ctx.clock.now().getTime()).toBe(ERASURE_NOTICE_HOURS * HOUR);
    await mail.deliver();
    const [announcement] = mail.to(associate.email);
    expect(announcement?.subject).toBe('Your Better Health data will be erased');

    // Not before the 48 hours are over.
    ctx.clock.advance(ERASURE_NOTICE_HOURS * HOUR - 60_000);
    expect(await runDueErasures(ctx.deps)).toBe(0);
    // Until then they can still sign in (and download their data).
    const lastDay = await ctx.login(associate.email);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: lastDay })).status).toBe(200);
    ctx.clock.advance(60_000);
    expect(await runDueErasures(ctx.deps)).toBe(1);
    expect(await runDueErasures(ctx.deps)).toBe(0);

    const userId = new ObjectId(associate.id);
    expect((await ctx.request('GET', '/api/v1/user/profile', { cookie: lastDay })).status).toBe(401);
    const login = await ctx.request('POST', '/api/v1/user/login', { body: { email: associate.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(401);
    const stored = await ctx.deps.cols.users.findOne({ _id: userId });
    expect(stored).toMatchObject({ name: 'Erased person', email: `erased-${associate.id}@erased.invalid` });
    expect(await ctx.deps.cols.applications.countDocuments({ userId })).toBe(0);
    expect(await ctx.deps.cols.uploadFiles.countDocuments({ 'metadata.ownerId': userId })).toBe(0);
    expect(await ctx.deps.cols.nominees.countDocuments({ _id: userId })).toBe(0);
    expect(await ctx.deps.cols.sessions.countDocuments({ userId })).toBe(0);
    expect(await ctx.deps.cols.outbox.countDocuments({ to: associate.email })).toBe(0);
    const kept = await ctx.deps.cols.meetings.findOne({ _id: meeting });
    expect(kept).toMatchObject({ doctorName: 'Erased person', clientEmail: client.email });
    // What the law keeps: the audit trail, the access log, the consent record, the request.
    expect(await ctx.deps.cols.auditLog.countDocuments({ 'target.id': associate.id, action: { $in: ['application.submit', 'privacy.decide', 'privacy.erase'] } })).toBe(3);
    expect(await ctx.deps.cols.documentAccessLog.countDocuments({ subjectId: userId })).toBe(1);
    // Both consents stay: the notice's, and the one given with the application to verify it.
    expect((await ctx.deps.cols.consents.find({ userId }).toArray()).map((c) => c.kind).sort()).toEqual(['application-verification', 'notice']);
    expect(await ctx.deps.cols.privacyRequests.findOne({ _id: new ObjectId(filed.id) })).toMatchObject({ status: 'completed' });
  });
});

describe('nominee', () => {
  it('is named, shown, replaced and removed by its person only', async () => {
    const client = await ctx.signedIn('user');
    const other = await ctx.signedIn('user');
    const get = async (cookie: string) => nomineeResponse.parse(await (await ctx.request('GET', '/api/v1/privacy/nominee', { cookie })).json()).data;
    expect(await get(client.cookie)).toBeNull();
    const bad = await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: client.cookie, body: { name: 'Asha', email: 'not-an-email', relationship: 'Sister' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(M.nomineeEmailInvalid);
    const saved = await ctx.request('PUT', '/api/v1/privacy/nominee', { cookie: client.cookie, body: { name: 'Asha Rao', email: ' Asha@Example.in ', relationship: 'Sister' } });
    expect(saved.status).toBe(200);
    expect(await get(client.cookie)).toMatchObject({ name: 'Asha Rao', email: 'asha@example.in', relationship: 'Sister' });
    expect(await get(other.cookie)).toBeNull();
    expect((await ctx.request('DELETE', '/api/v1/privacy/nominee', { cookie: other.cookie })).status).toBe(404);
    expect((await ctx.request('DELETE', '/api/v1/privacy/nominee', { cookie: client.cookie })).status).toBe(200);
    expect(await get(client.cookie)).toBeNull();
  });
});
