import { strFromU8, unzipSync } from 'fflate';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_CONSENT_VERSION,
  doctorDetailsResponse,
  NOTICE_VERSION,
  noticeStatusResponse,
  PRIVACY_MESSAGES as P,
  REGISTRATION_MESSAGES as M,
  statusListResponse,
} from '@bh/shared';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../../test/context.ts';
import { submittedApplicant, validApplication } from '../../../test/applications.ts';

/**
 * Issue 19 item 1: submitting an application records a consent of its own to verify its
 * documents; withdrawing it is one call, says what follows, and stops the verification.
 */
let ctx: TestContext;
let admin: { cookie: string; id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin', 'verified');
});

const WITHDRAW = '/api/v1/privacy/application-consent/withdraw';

async function consentRows(userId: string) {
  return ctx.deps.cols.consents.find({ userId: new ObjectId(userId) }).sort({ at: 1, _id: 1 }).toArray();
}

async function details(userId: string) {
  return bodyOf(await ctx.request('GET', `/api/v1/register/doctor-details/${userId}`, { cookie: admin.cookie }), doctorDetailsResponse);
}

async function pendingIds(): Promise<string[]> {
  const res = await ctx.request('GET', '/api/v1/register/status-pending', { cookie: admin.cookie });
  return (await bodyOf(res, statusListResponse)).user.map((u) => u._id);
}

describe('submitting records a consent to verify the documents', () => {
  it('adds an application-verification row of its own (who, version, round, when), separate from the notice, shown to the admin', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    await ctx.request('POST', '/api/v1/privacy/notice/accept', { cookie: applicant.cookie, body: { version: NOTICE_VERSION } });
    const body = await validApplication(ctx, applicant.cookie);
    ctx.clock.advance(60_000);
    const submittedAt = ctx.clock.now();
    const res = await ctx.request('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body });
    expect(res.status).toBe(201);

    const rows = await consentRows(applicant.id);
    expect(rows.map((r) => [r.kind, r.action])).toEqual([
      ['notice', 'given'],
      ['application-verification', 'given'],
    ]);
    expect(rows[1]).toMatchObject({ userId: new ObjectId(applicant.id), version: APPLICATION_CONSENT_VERSION, round: 1, at: submittedAt });

    // The admin reviewing the application sees when consent was given.
    expect((await details(applicant.id)).employee.verificationConsent).toEqual({
      version: APPLICATION_CONSENT_VERSION,
      givenAt: submittedAt.toISOString(),
      withdrawnAt: null,
    });
    // The applicant finds it under their consents, and in their archive.
    const notice = await bodyOf(await ctx.request('GET', '/api/v1/privacy/notice', { cookie: applicant.cookie }), noticeStatusResponse);
    expect(notice.data.accepted).toBe(true);
    expect(notice.data.consents[0]).toMatchObject({ kind: 'application-verification', action: 'given', version: APPLICATION_CONSENT_VERSION, round: 1 });
    const zip = await ctx.request('GET', '/api/v1/privacy/archive', { cookie: applicant.cookie });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const archived = JSON.parse(strFromU8(files['consents.json']!)) as { kind: string; round?: number }[];
    expect(archived.map((c) => c.kind)).toEqual(['application-verification', 'notice']);
    const application = JSON.parse(strFromU8(files['application.json']!)) as { verificationConsent: unknown };
    expect(application.verificationConsent).toEqual({ version: APPLICATION_CONSENT_VERSION, givenAt: submittedAt.toISOString(), withdrawnAt: null });
  });

  it('refuses a submission without the consent with 400 and the field’s message, and records nothing', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const { verificationConsent: _given, ...withoutConsent } = await validApplication(ctx, applicant.cookie);
    for (const body of [withoutConsent, { ...withoutConsent, verificationConsent: false }, { ...withoutConsent, verificationConsent: 'yes' }]) {
      const res = await ctx.request('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.message).toBe(P.applicationConsentRequired);
      expect(error.errors).toEqual([{ path: 'verificationConsent', message: P.applicationConsentRequired }]);
    }
    expect(await consentRows(applicant.id)).toEqual([]);
    expect((await ctx.deps.cols.users.findOne({ _id: new ObjectId(applicant.id) }))?.isVerified).toBe('not_submitted');
  });
});

describe('POST /api/v1/privacy/application-consent/withdraw', () => {
  it('withdraws a pending application from review: recorded, verification refused, given again by resubmitting', async () => {
    const applicant = await submittedApplicant(ctx);
    expect(await pendingIds()).toContain(applicant.id);
    ctx.clock.advance(60_000);
    const withdrawnAt = ctx.clock.now();

    const res = await ctx.request('POST', WITHDRAW, { cookie: applicant.cookie });
    expect(res.status).toBe(200);
    const answer = await bodyOf(res, noticeStatusResponse);
    expect(answer.message).toBe(P.applicationConsentWithdrawn);
    expect(answer.data.consents[0]).toMatchObject({ kind: 'application-verification', action: 'withdrawn', version: APPLICATION_CONSENT_VERSION, round: 1, at: withdrawnAt.toISOString() });

    // Out of review: not in the queue, the status lets the applicant submit again.
    expect(await pendingIds()).not.toContain(applicant.id);
    expect((await ctx.deps.cols.users.findOne({ _id: new ObjectId(applicant.id) }))?.isVerified).toBe('not_submitted');
    expect((await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) }))?.status).toBe('withdrawn');
    expect((await details(applicant.id)).employee.verificationConsent?.withdrawnAt).toBe(withdrawnAt.toISOString());

    // An admin can no longer verify (or reject) it, and is told why.
    for (const path of [`/api/v1/register/verify-doctor/${applicant.id}`, `/api/v1/register/reject-doctor/${applicant.id}`]) {
      const refused = await ctx.request('POST', path, { cookie: admin.cookie, body: path.includes('reject') ? { reason: 'Too late' } : undefined });
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toBe(P.applicationConsentWithdrawnByApplicant);
    }
    expect((await ctx.deps.cols.users.findOne({ _id: new ObjectId(applicant.id) }))?.isVerified).toBe('not_submitted');

    // Nothing is left to withdraw.
    const again = await ctx.request('POST', WITHDRAW, { cookie: applicant.cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(P.noApplicationConsent);

    // Submitting again gives consent anew (round 2), and that application can be verified.
    const resubmitted = await ctx.request('POST', '/api/v1/register/employees', { cookie: applicant.cookie, body: await validApplication(ctx, applicant.cookie) });
    expect(resubmitted.status).toBe(201);
    const rows = await consentRows(applicant.id);
    expect(rows.map((r) => [r.action, r.round])).toEqual([
      ['given', 1],
      ['withdrawn', 1],
      ['given', 2],
    ]);
    expect((await details(applicant.id)).employee.verificationConsent?.withdrawnAt).toBeNull();
    expect((await ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie })).status).toBe(200);
  });

  it('lets a verified associate withdraw: recorded, and they stay verified', async () => {
    const applicant = await submittedApplicant(ctx);
    expect((await ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie })).status).toBe(200);
    const res = await ctx.request('POST', WITHDRAW, { cookie: applicant.cookie });
    expect(res.status).toBe(200);
    expect((await consentRows(applicant.id)).map((r) => r.action)).toEqual(['given', 'withdrawn']);
    expect((await ctx.deps.cols.users.findOne({ _id: new ObjectId(applicant.id) }))?.isVerified).toBe('verified');
    expect((await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) }))?.status).toBe('verified');
  });

  it("reaches only the caller's own consent: nobody else can withdraw it", async () => {
    const applicant = await submittedApplicant(ctx);
    // Another applicant (with nothing submitted), a client, an admin and no session at all.
    const other = await ctx.signedIn('doctor', 'not_submitted');
    const otherRes = await ctx.request('POST', WITHDRAW, { cookie: other.cookie });
    expect(otherRes.status).toBe(409);
    expect((await errorOf(otherRes)).message).toBe(P.noApplicationConsent);
    const adminRes = await ctx.request('POST', WITHDRAW, { cookie: admin.cookie });
    expect(adminRes.status).toBe(409);
    const client = await ctx.signedIn('user');
    const clientRes = await ctx.request('POST', WITHDRAW, { cookie: client.cookie });
    expect(clientRes.status).toBe(403);
    expect((await errorOf(clientRes)).message).toBe(M.onlyAssociatesApply);
    expect((await ctx.request('POST', WITHDRAW)).status).toBe(401);
    // The call takes nothing that could name another person.
    const smuggled = await ctx.request('POST', WITHDRAW, { cookie: other.cookie, body: { userId: applicant.id } });
    expect([400, 409, 415]).toContain(smuggled.status);

    expect((await consentRows(applicant.id)).map((r) => r.action)).toEqual(['given']);
    expect(await pendingIds()).toContain(applicant.id);
  });

  it('lets exactly one of a withdrawal and a verification racing it happen', async () => {
    for (let i = 0; i < 3; i += 1) {
      const applicant = await submittedApplicant(ctx);
      const [withdrawal, verification] = await Promise.all([
        ctx.request('POST', WITHDRAW, { cookie: applicant.cookie }),
        ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie }),
      ]);
      // The withdrawal is always recorded; the application ends verified or withdrawn, never both.
      expect(withdrawal.status).toBe(200);
      const user = await ctx.deps.cols.users.findOne({ _id: new ObjectId(applicant.id) });
      const application = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) });
      if (verification.status === 200) {
        expect([user?.isVerified, application?.status]).toEqual(['verified', 'verified']);
      } else {
        expect(verification.status).toBe(409);
        expect([user?.isVerified, application?.status]).toEqual(['not_submitted', 'withdrawn']);
      }
    }
  });
});
