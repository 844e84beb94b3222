import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApplicationDetail,
  type ApplicationRequest,
  checkVerifiedResponse,
  doctorDetailsResponse,
  maskLast4,
  ownApplicationResponse,
  profileResponseSchema,
  REGISTRATION_MESSAGES as M,
  statusListResponse,
  UPLOAD_MESSAGES,
} from '@bh/shared';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../../test/context.ts';
import { uploadFile } from '../../../test/uploads.ts';
import {
  AADHAAR_NUMBER,
  ACCOUNT_NUMBER,
  PAN_NUMBER,
  submittedApplicant,
  validApplication,
} from '../../../test/applications.ts';
import { revealNumbers } from '../../domain/applications/register.service.ts';
import { BLANK_APPLICATION_MESSAGES } from '@bh/shared/test/application-messages';

let ctx: TestContext;
let admin: { cookie: string; id: string; email: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin', 'verified');
});

const submit = (cookie: string | undefined, body: unknown) =>
  ctx.request('POST', '/api/v1/register/employees', { ...(cookie ? { cookie } : {}), body });

async function statusOf(id: string) {
  return (await ctx.deps.cols.users.findOne({ _id: new ObjectId(id) }))?.isVerified;
}

async function messages(res: Response): Promise<string[]> {
  return ((await errorOf(res)).errors ?? []).map((e) => e.message);
}

describe('POST /api/v1/register/employees: who may submit', () => {
  it('answers 401 to anonymous callers and 403 to clients, before looking at the body', async () => {
    expect((await submit(undefined, {})).status).toBe(401);
    const client = await ctx.signedIn('user');
    const res = await submit(client.cookie, {});
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(M.onlyAssociatesApply);
  });

  it('answers 409 to applicants already pending or verified, whatever they send', async () => {
    for (const [role, status, message] of [
      ['doctor', 'pending', M.alreadyPending],
      ['admin', 'pending', M.alreadyPending],
      ['doctor', 'verified', M.alreadyVerified],
      ['admin', 'verified', M.alreadyVerified],
    ] as const) {
      const account = await ctx.signedIn(role, status);
      const res = await submit(account.cookie, { nonsense: true });
      expect(res.status, `${role} ${status}`).toBe(409);
      expect((await errorOf(res)).message).toBe(message);
    }
  });

  it('accepts a complete application from an associate or admin who has not applied yet', async () => {
    for (const role of ['doctor', 'admin'] as const) {
      const applicant = await ctx.signedIn(role, 'not_submitted');
      const res = await submit(applicant.cookie, await validApplication(ctx, applicant.cookie));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ success: true, message: 'Form submitted successfully!', isVerified: 'pending' });
      expect(await statusOf(applicant.id)).toBe('pending');
      const check = await ctx.request('GET', '/api/v1/register/check-verified', { cookie: applicant.cookie });
      expect(await check.json()).toEqual({ success: true, isVerified: 'pending' });
    }
  });

  it('refuses a second submission while the first is pending', async () => {
    const applicant = await submittedApplicant(ctx);
    const res = await submit(applicant.cookie, applicant.body);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(M.alreadyPending);
  });

  it('lets exactly one of two concurrent submissions win', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, applicant.cookie);
    const results = await Promise.all([submit(applicant.cookie, body), submit(applicant.cookie, body), submit(applicant.cookie, body)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await ctx.deps.cols.applications.countDocuments({ userId: new ObjectId(applicant.id) })).toBe(1);
  });

  it('refuses unknown keys, so a body cannot set its own status', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = { ...(await validApplication(ctx, applicant.cookie)), isVerified: 'verified' };
    const res = await submit(applicant.cookie, body);
    expect(res.status).toBe(400);
    expect(await statusOf(applicant.id)).toBe('not_submitted');
  });
});

describe('POST /api/v1/register/employees: stored encrypted, shown masked', () => {
  it('stores bank and identity numbers encrypted, keeping only masked forms in clear', async () => {
    const applicant = await submittedApplicant(ctx);
    const stored = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) });
    expect(stored).not.toBeNull();
    const raw = JSON.stringify(stored);
    for (const secret of [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER, '9182 7364 5501', '4829 1573 6204']) {
      expect(raw).not.toContain(secret);
      expect(raw.toUpperCase()).not.toContain(secret.toUpperCase());
    }
    expect(stored!.bankAccount.accountNumberMasked).toBe('••••5501');
    expect(stored!.personalInfo.Doc.map((d) => d.documentIdMasked)).toEqual(['••••6204', '••••391M']);
    expect(stored!.bankAccount.accountNumberEncrypted).toMatch(/^v1\./);
    // The stored values decrypt with the key and the applicant's context, and only with them.
    expect(revealNumbers(ctx.deps, stored!)).toEqual({ accountNumber: ACCOUNT_NUMBER, documentIds: [AADHAAR_NUMBER, PAN_NUMBER] });
    expect(() => revealNumbers(ctx.deps, { ...stored!, userId: new ObjectId() })).toThrow();
  });

  it('records the submission in the audit log without the numbers', async () => {
    const applicant = await submittedApplicant(ctx);
    const entry = await ctx.deps.cols.auditLog.findOne({ action: 'application.submit', 'target.id': applicant.id });
    expect(entry).toMatchObject({ actor: { email: applicant.email }, target: { type: 'user', label: applicant.email } });
    expect(JSON.stringify(entry)).not.toContain(ACCOUNT_NUMBER);
  });
});

describe('POST /api/v1/register/employees: files must be the applicant\'s own uploads', () => {
  it('refuses another associate\'s upload with 400 and leaves the status alone', async () => {
    const owner = await ctx.signedIn('doctor', 'not_submitted');
    const theirs = await uploadFile(ctx, owner.cookie, 'resume');
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, applicant.cookie);
    body.personalInfo.resumeUrl = theirs;
    const res = await submit(applicant.cookie, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: M.fileInvalid,
      errors: [{ path: 'personalInfo.resumeUrl', message: M.fileInvalid }],
    });
    expect(await statusOf(applicant.id)).toBe('not_submitted');
  });

  it('refuses an admin\'s upload too: ownership, not role, decides', async () => {
    const adminFile = await uploadFile(ctx, admin.cookie, 'document');
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, applicant.cookie);
    body.personalInfo.Doc[1]!.backImage = adminFile;
    const res = await submit(applicant.cookie, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual([{ path: 'personalInfo.Doc.1.backImage', message: M.fileInvalid }]);
  });

  it('refuses ids that were never uploaded and links that are not uploads', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, applicant.cookie);
    body.personalInfo.Doc[0]!.frontImage = `/api/v1/uploads/${new ObjectId().toHexString()}`;
    body.salarySlip = ['https://files.example.com/slip.pdf'];
    const res = await submit(applicant.cookie, body);
    expect(res.status).toBe(400);
    const json = await errorOf(res);
    expect(json.errors).toContainEqual({ path: 'salarySlip.0', message: M.fileInvalid });

    const body2 = await validApplication(ctx, applicant.cookie);
    body2.personalInfo.Doc[0]!.frontImage = `/api/v1/uploads/${new ObjectId().toHexString()}`;
    const res2 = await submit(applicant.cookie, body2);
    expect((await errorOf(res2)).errors).toEqual([{ path: 'personalInfo.Doc.0.frontImage', message: M.fileInvalid }]);
  });

  it('refuses an image of the applicant\'s own as a resume', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, applicant.cookie);
    body.personalInfo.resumeUrl = await uploadFile(ctx, applicant.cookie, 'document');
    const res = await submit(applicant.cookie, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual([{ path: 'personalInfo.resumeUrl', message: UPLOAD_MESSAGES.resumePdfOnly }]);
  });
});

describe('POST /api/v1/register/employees: the spec\'s validation messages', () => {
  it('names every missing required field', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const blank = {
      personalInfo: {
        firstName: '',
        lastName: '',
        dob: '',
        gender: '',
        currentAddress: '',
        permanentAddress: '',
        city: '',
        state: '',
        postalCode: '',
        country: '',
        email: '',
        phone: '',
        emergencyContact: { name: '', relationship: '', phone: '' },
        resumeUrl: '',
        Doc: [
          { documentType: '', documentId: '', frontImage: '', backImage: '' },
          { documentType: '', documentId: '', frontImage: '', backImage: '' },
        ],
        bloodGroup: '',
      },
      employmentDetails: [{ organization: '', jobTitle: '', startDate: '', endDate: '', employmentType: '', isCurrentJob: false }],
      educationDetails: [{ level: '', degreeName: '', institutionName: '', graduationYear: '' }],
      bankAccount: { accountHolder: '', bankName: '', branchName: '', accountNumber: '', ifsc: '', upi: '' },
    };
    const res = await submit(applicant.cookie, blank);
    expect(res.status).toBe(400);
    const found = await messages(res);
    const expected = BLANK_APPLICATION_MESSAGES;
    for (const message of expected) expect(found, message).toContain(message);
    expect(await statusOf(applicant.id)).toBe('not_submitted');
  });

  it('names badly formatted email, phones, IFSC, graduation year and future dates', async () => {
    const applicant = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, applicant.cookie);
    body.personalInfo.email = 'not-an-email';
    body.personalInfo.phone = '12345';
    body.personalInfo.emergencyContact.phone = '98-76';
    body.bankAccount.ifsc = 'HDFC1000123';
    body.educationDetails[0]!.graduationYear = 1949;
    // The test clock says 2026-06-15 in India.
    body.personalInfo.dob = '2026-06-16';
    const res = await submit(applicant.cookie, body);
    expect(res.status).toBe(400);
    const found = await messages(res);
    expect(found).toEqual(
      expect.arrayContaining([
        'Invalid email format',
        'Invalid phone number format',
        'Invalid emergency contact phone format',
        'Invalid IFSC code format',
        M.graduationYearRange(2026),
        M.dobInFuture,
      ]),
    );
  });
});

describe('GET /api/v1/register/check-verified', () => {
  it('needs a session', async () => {
    expect((await ctx.request('GET', '/api/v1/register/check-verified')).status).toBe(401);
  });

  it('tells every signed-in account its own status', async () => {
    for (const [role, status] of [
      ['user', 'not_submitted'],
      ['doctor', 'not_submitted'],
      ['doctor', 'verified'],
      ['admin', 'pending'],
    ] as const) {
      const account = await ctx.signedIn(role, status);
      const res = await ctx.request('GET', '/api/v1/register/check-verified', { cookie: account.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, isVerified: status });
    }
  });
});

describe('admin review: verify-doctor and reject-doctor', () => {
  it('verifies a pending applicant once, and records who did it', async () => {
    const applicant = await submittedApplicant(ctx);
    const res = await ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'BH Associate verified successfully!' });
    expect(await statusOf(applicant.id)).toBe('verified');
    const check = await ctx.request('GET', '/api/v1/register/check-verified', { cookie: applicant.cookie });
    expect(await check.json()).toEqual({ success: true, isVerified: 'verified' });
    const entry = await ctx.deps.cols.auditLog.findOne({ action: 'application.verify', 'target.id': applicant.id });
    expect(entry).toMatchObject({ actor: { email: admin.email } });
    expect((await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) }))?.status).toBe('verified');

    const again = await ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(M.notPending);
  });

  it('lets only one of two concurrent decisions on one application win', async () => {
    const applicant = await submittedApplicant(ctx);
    const [a, b] = await Promise.all([
      ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie }),
      ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body: { reason: 'Blurred scan' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('answers 404 for accounts with no application, clients and unknown ids, 400 for bad ids', async () => {
    const notApplied = await ctx.createUser({ role: 'doctor', isVerified: 'not_submitted' });
    const client = await ctx.createUser({ role: 'user' });
    for (const id of [notApplied.id, client.id, new ObjectId().toHexString()]) {
      for (const [path, body] of [['verify-doctor', undefined], ['reject-doctor', { reason: 'x' }]] as const) {
        const res = await ctx.request('POST', `/api/v1/register/${path}/${id}`, { cookie: admin.cookie, ...(body ? { body } : {}) });
        expect(res.status).toBe(404);
        expect((await errorOf(res)).message).toBe('BH Associate not found');
      }
    }
    expect((await ctx.request('POST', '/api/v1/register/verify-doctor/not-an-id', { cookie: admin.cookie })).status).toBe(400);
  });

  it('rejects with a reason the applicant sees, and lets them resubmit', async () => {
    const applicant = await submittedApplicant(ctx);
    const reason = 'The PAN card scan is unreadable. Please upload a clearer image.';
    const res = await ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body: { reason: `  ${reason} ` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: M.rejected });

    const check = await ctx.request('GET', '/api/v1/register/check-verified', { cookie: applicant.cookie });
    expect(await check.json()).toEqual({ success: true, isVerified: 'rejected', rejectionReason: reason });
    const profile = await ctx.request('GET', '/api/v1/user/profile', { cookie: applicant.cookie });
    expect((await bodyOf(profile, profileResponseSchema)).user).toMatchObject({ isVerified: 'rejected', rejectionReason: reason });
    const entry = await ctx.deps.cols.auditLog.findOne({ action: 'application.reject', 'target.id': applicant.id });
    expect(entry).toMatchObject({ actor: { email: admin.email } });

    const before = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) });
    const body = await validApplication(ctx, applicant.cookie);
    body.personalInfo.city = 'Nashik';
    const again = await submit(applicant.cookie, body);
    expect(again.status).toBe(201);
    const check2 = await ctx.request('GET', '/api/v1/register/check-verified', { cookie: applicant.cookie });
    expect(await check2.json()).toEqual({ success: true, isVerified: 'pending' });
    const docs = await ctx.deps.cols.applications.find({ userId: new ObjectId(applicant.id) }).toArray();
    expect(docs).toHaveLength(1);
    expect(docs[0]!._id.equals(before!._id)).toBe(true);
    expect(docs[0]!.personalInfo.city).toBe('Nashik');
    expect(docs[0]!.status).toBe('pending');
  });

  it('needs a reason of at most 1000 characters', async () => {
    const applicant = await submittedApplicant(ctx);
    for (const [body, message] of [
      [{}, M.rejectionReasonRequired],
      [{ reason: '   ' }, M.rejectionReasonRequired],
      [{ reason: 'x'.repeat(1001) }, M.rejectionReasonTooLong],
    ] as const) {
      const res = await ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await statusOf(applicant.id)).toBe('pending');
  });

  it('cannot reject an applicant who is already verified', async () => {
    const applicant = await submittedApplicant(ctx);
    await ctx.request('POST', `/api/v1/register/verify-doctor/${applicant.id}`, { cookie: admin.cookie });
    const res = await ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body: { reason: 'late' } });
    expect(res.status).toBe(409);
    expect(await statusOf(applicant.id)).toBe('verified');
  });
});

describe('GET /api/v1/register/doctor-details/{userId}', () => {
  it('shows the application with account and document numbers masked to the last 4', async () => {
    const applicant = await submittedApplicant(ctx);
    const res = await ctx.request('GET', `/api/v1/register/doctor-details/${applicant.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of [ACCOUNT_NUMBER, AADHAAR_NUMBER, PAN_NUMBER, 'Encrypted']) expect(text).not.toContain(secret);
    const body = JSON.parse(text);
    expect(body.user).toEqual({ _id: applicant.id, name: expect.any(String), email: applicant.email, isVerified: 'pending' });
    expect(body.employee.bankAccount).toEqual({
      accountHolder: 'Anika Desai',
      bankName: 'HDFC Bank',
      branchName: 'FC Road',
      accountNumber: '••••5501',
      ifsc: 'HDFC0000123',
      upi: 'anika@okhdfc',
    });
    expect(body.employee.personalInfo.Doc).toEqual([
      { documentType: 'aadhar', documentId: '••••6204', frontImage: applicant.body.personalInfo.Doc[0]!.frontImage, backImage: applicant.body.personalInfo.Doc[0]!.backImage },
      { documentType: 'pan', documentId: '••••391M', frontImage: applicant.body.personalInfo.Doc[1]!.frontImage, backImage: applicant.body.personalInfo.Doc[1]!.backImage },
    ]);
    expect(body.employee.salarySlip).toEqual(applicant.body.salarySlip);
    expect(body.employee.employmentDetails[1]).toMatchObject({ organization: 'MindCare Clinic', isCurrentJob: true, endDate: null });
    expect(body.employee.educationDetails[0]).toMatchObject({ graduationYear: 2014, major: 'Clinical Psychology' });
    expect(body.employee.submittedAt).toBe(ctx.clock.now().toISOString());
  });

  it('lets the verified admin open the applicant\'s files from the links it gives', async () => {
    const applicant = await submittedApplicant(ctx);
    const res = await ctx.request('GET', `/api/v1/register/doctor-details/${applicant.id}`, { cookie: admin.cookie });
    const { employee } = await bodyOf(res, doctorDetailsResponse);
    // A missing file is asked for under a path that is no upload, and fails.
    for (const url of [employee.personalInfo.resumeUrl, employee.personalInfo.Doc[0]?.frontImage ?? 'no document', employee.salarySlip?.[0] ?? 'no salary slip']) {
      expect((await ctx.request('GET', url, { cookie: admin.cookie })).status).toBe(200);
    }
  });

  it('answers 404 "BH Associate not found" for an account without an application', async () => {
    const plain = await ctx.createUser({ role: 'doctor', isVerified: 'verified' });
    for (const id of [plain.id, new ObjectId().toHexString()]) {
      const res = await ctx.request('GET', `/api/v1/register/doctor-details/${id}`, { cookie: admin.cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'BH Associate not found' });
    }
  });
});

describe('admin-only calls refuse everyone else', () => {
  it('answers 401 without a session and 403 to clients, associates and unverified admins', async () => {
    const applicant = await submittedApplicant(ctx);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/register/status-pending'],
      ['GET', '/api/v1/register/status-verified'],
      ['GET', `/api/v1/register/doctor-details/${applicant.id}`],
      ['POST', `/api/v1/register/verify-doctor/${applicant.id}`],
      ['POST', `/api/v1/register/reject-doctor/${applicant.id}`, { reason: 'no' }],
    ];
    const others = [
      await ctx.signedIn('user'),
      await ctx.signedIn('doctor', 'not_submitted'),
      await ctx.signedIn('doctor', 'verified'),
      await ctx.signedIn('admin', 'not_submitted'),
      await ctx.signedIn('admin', 'pending'),
    ];
    for (const [method, path, body] of calls) {
      expect((await ctx.request(method, path, body ? { body } : {})).status, `${method} ${path}`).toBe(401);
      for (const other of [...others, applicant]) {
        const res = await ctx.request(method, path, { cookie: other.cookie, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await statusOf(applicant.id)).toBe('pending');
  });
});

describe('status lists', () => {
  let listCtx: TestContext;
  let listAdmin: string;
  const day = 24 * 60 * 60 * 1000;

  /** Accounts straight into the database: the lists only read users, and hashing 200 passwords is slow. */
  async function insertUsers(rows: { name: string; email: string; role: 'user' | 'doctor' | 'admin'; isVerified: 'not_submitted' | 'pending' | 'verified' | 'rejected'; createdAt: Date }[]) {
    const docs = rows.map((r) => ({ _id: new ObjectId(), passwordHash: 'not-a-hash', updatedAt: r.createdAt, ...r }));
    await listCtx.deps.cols.users.insertMany(docs);
    return docs.map((d) => d._id.toHexString());
  }

  beforeAll(async () => {
    listCtx = await createTestContext();
    listAdmin = (await listCtx.signedIn('admin', 'verified')).cookie;
  });

  it('status-pending lists pending associates and admins, oldest first, with four fields', async () => {
    const base = new Date('2026-01-01T00:00:00Z').getTime();
    const [newer, older, pendingAdmin] = await insertUsers([
      { name: 'Newer Doc', email: 'newer@list.test', role: 'doctor', isVerified: 'pending', createdAt: new Date(base + 2 * day) },
      { name: 'Older Doc', email: 'older@list.test', role: 'doctor', isVerified: 'pending', createdAt: new Date(base) },
      { name: 'Pending Admin', email: 'padmin@list.test', role: 'admin', isVerified: 'pending', createdAt: new Date(base + day) },
    ]);
    await insertUsers([
      { name: 'Client', email: 'client@list.test', role: 'user', isVerified: 'pending', createdAt: new Date(base) },
      { name: 'Verified', email: 'verified@list.test', role: 'doctor', isVerified: 'verified', createdAt: new Date(base) },
      { name: 'Rejected', email: 'rejected@list.test', role: 'doctor', isVerified: 'rejected', createdAt: new Date(base) },
    ]);
    const res = await listCtx.request('GET', '/api/v1/register/status-pending', { cookie: listAdmin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      user: [
        { _id: older, name: 'Older Doc', email: 'older@list.test', role: 'doctor' },
        { _id: pendingAdmin, name: 'Pending Admin', email: 'padmin@list.test', role: 'admin' },
        { _id: newer, name: 'Newer Doc', email: 'newer@list.test', role: 'doctor' },
      ],
    });
  });

  it('status-pending returns at most 200 entries', async () => {
    const base = new Date('2026-02-01T00:00:00Z').getTime();
    await insertUsers(
      Array.from({ length: 205 }, (_, i) => ({
        name: `Bulk ${i}`,
        email: `bulk${i}@list.test`,
        role: 'doctor' as const,
        isVerified: 'pending' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const res = await listCtx.request('GET', '/api/v1/register/status-pending', { cookie: listAdmin });
    const body = await bodyOf(res, statusListResponse);
    expect(body.user).toHaveLength(200);
    // The three from the previous test are older than the bulk ones.
    expect(body.user[3]?.email).toBe('bulk0@list.test');
    await listCtx.deps.cols.users.deleteMany({ email: { $regex: '^bulk' } });
  });

  it('status-verified pages verified associates 10 at a time with hasNextPage', async () => {
    const base = new Date('2025-01-01T00:00:00Z').getTime();
    await insertUsers(
      Array.from({ length: 12 }, (_, i) => ({
        name: `Verified ${i}`,
        email: `v${String(i).padStart(2, '0')}@paged.test`,
        role: 'doctor' as const,
        isVerified: 'verified' as const,
        createdAt: new Date(base + i * day),
      })),
    );
    const page1 = await bodyOf(await listCtx.request('GET', '/api/v1/register/status-verified?page=1', { cookie: listAdmin }), statusListResponse);
    // Newest first: 'verified@list.test' from the pending test (2026) leads, then v11 down to v03.
    // The list's own admin is verified too, but an admin is not a BH Associate.
    expect(page1.pagination).toEqual({ page: 1, limit: 10, hasNextPage: true });
    expect(page1.user).toHaveLength(10);
    expect(page1.user[0]).toEqual({ _id: expect.any(String), name: 'Verified', email: 'verified@list.test', role: 'doctor' });
    expect(page1.user[1]).toEqual({ _id: expect.any(String), name: 'Verified 11', email: 'v11@paged.test', role: 'doctor' });
    const page2 = await bodyOf(await listCtx.request('GET', '/api/v1/register/status-verified?page=2&limit=10', { cookie: listAdmin }), statusListResponse);
    expect(page2.user.map((u: { email: string }) => u.email)).toEqual(['v02@paged.test', 'v01@paged.test', 'v00@paged.test']);
    expect(page2.pagination).toEqual({ page: 2, limit: 10, hasNextPage: false });
    const small = await bodyOf(await listCtx.request('GET', '/api/v1/register/status-verified?page=3&limit=5', { cookie: listAdmin }), statusListResponse);
    expect(small.user).toHaveLength(3);
    expect(small.pagination?.hasNextPage).toBe(false);
    const all = [...page1.user, ...page2.user].map((u) => u.role);
    expect(new Set(all)).toEqual(new Set(['doctor']));
  });

  it('status-verified searches by email: exact or prefix, trimmed, in any case, literally', async () => {
    const search = async (email: string) => {
      const res = await listCtx.request('GET', `/api/v1/register/status-verified?email=${encodeURIComponent(email)}`, { cookie: listAdmin });
      expect(res.status).toBe(200);
      return (await bodyOf(res, statusListResponse)).user.map((u) => u.email).sort();
    };
    expect(await search('v03@paged.test')).toEqual(['v03@paged.test']);
    expect(await search('  V03@PAGED.TEST ')).toEqual(['v03@paged.test']);
    expect(await search('v1')).toEqual(['v10@paged.test', 'v11@paged.test']);
    expect(await search('.*')).toEqual([]);
    expect(await search('v0.@paged.test')).toEqual([]);
    expect(await search('paged')).toEqual([]);
    expect(await search('older@list.test')).toEqual([]);
    expect((await search('   ')).length).toBe(10);
  });

  it('status-verified refuses bad paging values with 400', async () => {
    for (const query of ['page=0', 'page=abc', 'limit=0', 'limit=1000', 'page=1.5', 'other=1']) {
      const res = await listCtx.request('GET', `/api/v1/register/status-verified?${query}`, { cookie: listAdmin });
      expect(res.status, query).toBe(400);
    }
  });
});

describe('ownership: two applicants of each role', () => {
  it('never shows one applicant another\'s application or status, and never lets one use another\'s files', async () => {
    const applicants = [
      await submittedApplicant(ctx, 'doctor'),
      await submittedApplicant(ctx, 'doctor'),
      await submittedApplicant(ctx, 'admin'),
      await submittedApplicant(ctx, 'admin'),
    ];
    // Decide one of each role, so their own statuses differ from their twin's.
    await ctx.request('POST', `/api/v1/register/verify-doctor/${applicants[0]!.id}`, { cookie: admin.cookie });
    await ctx.request('POST', `/api/v1/register/reject-doctor/${applicants[2]!.id}`, { cookie: admin.cookie, body: { reason: 'Unreadable scan' } });
    const expectedStatus = ['verified', 'pending', 'rejected', 'pending'];

    for (const [i, reader] of applicants.entries()) {
      const check = await bodyOf(await ctx.request('GET', '/api/v1/register/check-verified', { cookie: reader.cookie }), checkVerifiedResponse);
      expect(check.isVerified).toBe(expectedStatus[i]);
      for (const other of applicants) {
        const res = await ctx.request('GET', `/api/v1/register/doctor-details/${other.id}`, { cookie: reader.cookie });
        // Applicant 0 is now a verified associate: still not an admin, so still refused.
        expect(res.status, `applicant ${i} reads ${other.email}`).toBe(403);
        if (other !== reader) {
          const theirFile = other.body.personalInfo.resumeUrl;
          expect((await ctx.request('GET', theirFile, { cookie: reader.cookie })).status).toBe(404);
        }
      }
    }

    // The rejected admin resubmits with the other admin's resume: refused as not theirs.
    const [, , rejectedAdmin, otherAdmin] = applicants;
    const body = await validApplication(ctx, rejectedAdmin!.cookie);
    body.personalInfo.resumeUrl = otherAdmin!.body.personalInfo.resumeUrl;
    const res = await submit(rejectedAdmin!.cookie, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual([{ path: 'personalInfo.resumeUrl', message: M.fileInvalid }]);
  });
});

describe('GET /api/v1/register/application and resubmitting a rejected application', () => {
  /** The form's round trip: what the applicant is shown, sent back as the request body. */
  function asRequest(application: ApplicationDetail): ApplicationRequest {
    const { submittedAt: _submittedAt, verificationConsent: _consent, salarySlip, ...rest } = application;
    return { ...rest, salarySlip: salarySlip ?? [], verificationConsent: true } as ApplicationRequest;
  }

  async function rejected() {
    const applicant = await submittedApplicant(ctx);
    const res = await ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body: { reason: 'Blurred PAN scan' } });
    expect(res.status).toBe(200);
    return applicant;
  }

  async function ownApplication(cookie: string) {
    const res = await ctx.request('GET', '/api/v1/register/application', { cookie });
    expect(res.status).toBe(200);
    return ownApplicationResponse.parse(await res.json()).application;
  }

  it('gives the applicant what they sent, every field and file, with the numbers masked to the last 4', async () => {
    const applicant = await rejected();
    const application = await ownApplication(applicant.cookie);
    const sent = applicant.body;
    expect(application.personalInfo).toMatchObject({
      firstName: sent.personalInfo.firstName,
      city: sent.personalInfo.city,
      resumeUrl: sent.personalInfo.resumeUrl,
      Doc: [
        { documentType: 'aadhar', documentId: maskLast4(AADHAAR_NUMBER), frontImage: sent.personalInfo.Doc[0].frontImage, backImage: sent.personalInfo.Doc[0].backImage },
        { documentType: 'pan', documentId: maskLast4(PAN_NUMBER), frontImage: sent.personalInfo.Doc[1].frontImage, backImage: sent.personalInfo.Doc[1].backImage },
      ],
    });
    expect(application.bankAccount).toMatchObject({ accountNumber: '••••5501', ifsc: sent.bankAccount.ifsc, upi: sent.bankAccount.upi });
    expect(application.salarySlip).toEqual(sent.salarySlip);
    const text = JSON.stringify(application);
    for (const number of [AADHAAR_NUMBER, PAN_NUMBER, ACCOUNT_NUMBER]) expect(text).not.toContain(number);
  });

  it('keeps the stored numbers when they come back masked, and stores new ones typed instead', async () => {
    const applicant = await rejected();
    const shown = asRequest(await ownApplication(applicant.cookie));
    shown.personalInfo.city = 'Nashik';
    const again = await submit(applicant.cookie, shown);
    expect(again.status, await again.clone().text()).toBe(201);
    const stored = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) });
    expect(stored?.round).toBe(2);
    expect(stored?.personalInfo.city).toBe('Nashik');
    expect(revealNumbers(ctx.deps, stored!)).toEqual({ accountNumber: ACCOUNT_NUMBER, documentIds: [AADHAAR_NUMBER, PAN_NUMBER] });

    // Rejected again; this time the account number is typed anew, the documents left masked.
    expect((await ctx.request('POST', `/api/v1/register/reject-doctor/${applicant.id}`, { cookie: admin.cookie, body: { reason: 'Wrong account' } })).status).toBe(200);
    const next = asRequest(await ownApplication(applicant.cookie));
    next.bankAccount.accountNumber = '5566 7788 9900';
    expect((await submit(applicant.cookie, next)).status).toBe(201);
    const third = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) });
    expect(revealNumbers(ctx.deps, third!)).toEqual({ accountNumber: '556677889900', documentIds: [AADHAAR_NUMBER, PAN_NUMBER] });
    expect(third?.bankAccount.accountNumberMasked).toBe('••••9900');
  });

  it('never takes a masked value for a number: other masks, a changed type or nothing stored are refused', async () => {
    const applicant = await rejected();
    const shown = asRequest(await ownApplication(applicant.cookie));
    const before = await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) });

    const otherMask = structuredClone(shown);
    otherMask.bankAccount.accountNumber = '••••0000';
    const wrongMask = await submit(applicant.cookie, otherMask);
    expect(wrongMask.status).toBe(400);
    expect(await messages(wrongMask)).toEqual([M.accountNumberRequired]);

    const retyped = structuredClone(shown);
    retyped.personalInfo.Doc[0] = { ...retyped.personalInfo.Doc[0], documentType: 'dl' };
    const changedType = await submit(applicant.cookie, retyped);
    expect(changedType.status).toBe(400);
    expect(await messages(changedType)).toEqual([M.documentIdRequired(1)]);

    // Nothing was written by the refusals; the applicant is still rejected and may try again.
    expect(await statusOf(applicant.id)).toBe('rejected');
    expect((await ctx.deps.cols.applications.findOne({ userId: new ObjectId(applicant.id) }))?.round).toBe(before?.round);

    // A first application has nothing stored to keep.
    const newcomer = await ctx.signedIn('doctor', 'not_submitted');
    const body = await validApplication(ctx, newcomer.cookie);
    body.personalInfo.Doc[1] = { ...body.personalInfo.Doc[1], documentId: maskLast4(PAN_NUMBER) };
    body.bankAccount.accountNumber = maskLast4(ACCOUNT_NUMBER);
    const first = await submit(newcomer.cookie, body);
    expect(first.status).toBe(400);
    expect(await messages(first)).toEqual([M.documentIdRequired(2), M.accountNumberRequired]);
    expect(await statusOf(newcomer.id)).toBe('not_submitted');
  });

  it('is 404 before anything was submitted and 403 for clients', async () => {
    const newcomer = await ctx.signedIn('doctor', 'not_submitted');
    const none = await ctx.request('GET', '/api/v1/register/application', { cookie: newcomer.cookie });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ success: false, message: M.noApplication });
    const client = await ctx.signedIn('user');
    expect((await ctx.request('GET', '/api/v1/register/application', { cookie: client.cookie })).status).toBe(403);
  });
});
