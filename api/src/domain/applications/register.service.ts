import { MongoServerError, ObjectId, type Filter } from 'mongodb';
import {
  APPLICATION_CONSENT_VERSION,
  type ApplicantSummary,
  type ApplicationData,
  type ApplicationDetail,
  fileIdFromUrl,
  isKeptNumber,
  isKindAllowed,
  keptNumberErrors,
  maskLast4,
  personalDetailsOf,
  PRIVACY_MESSAGES,
  REGISTRATION_MESSAGES as M,
  type Role,
  type UploadField,
  uploadTypeMessage,
  type VerificationStatus,
} from '@bh/shared';
import { recordAudit } from '../../lib/audit.ts';
import { decryptField, encryptField } from '../../lib/crypto.ts';
import { queueApplicationDecision } from '../../mail/account-mail.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, type FieldError, notFound } from '../../lib/errors.ts';
import { collections, type ApplicationDoc, type ApplicationTransitionDoc, type StoredBankAccount, type StoredLegalDocument, type UserDoc } from '../../db/collections.ts';
import type { AuthUser } from '../../lib/types.ts';
import { findOwnedUploads } from '../uploads/uploads.service.ts';
import { findApplicationConsent, recordConsent, type ApplicationConsentState } from '../privacy/consents.service.ts';

/** Roles that apply for verification; clients need none. */
export const APPLICANT_ROLES: readonly Role[] = ['doctor', 'admin'];
/** The statuses from which an application may be (re)submitted. */
const OPEN_STATUSES: readonly VerificationStatus[] = ['not_submitted', 'rejected'];
/** status-pending is a work queue, not an archive: it never returns more than this. */
export const PENDING_LIST_MAX = 200;

/** Records a step; false when another request already took it. */
async function claimTransition(deps: Pick<AppDeps, 'db'>, doc: ApplicationTransitionDoc): Promise<boolean> {
  try {
    await collections(deps.db).applicationTransitions.insertOne(doc);
    return true;
  } catch (err) {
    if (err instanceof MongoServerError && err.code === 11000) return false;
    throw err;
  }
}

/** Additional authenticated data: ties each ciphertext to its applicant and field. */
export function accountNumberContext(userId: ObjectId): string {
  return `${userId.toHexString()}:bankAccount.accountNumber`;
}
export function documentIdContext(userId: ObjectId, index: number): string {
  return `${userId.toHexString()}:personalInfo.Doc.${index}.documentId`;
}

/** The refusal for an applicant whose status does not allow a submission. */
export function submissionConflict(status: VerificationStatus): Error | null {
  if (status === 'pending') return conflict(M.alreadyPending);
  if (status === 'verified') return conflict(M.alreadyVerified);
  return null;
}

/**
 * Every file the application points at must be an upload of the applicant's own, of a kind the
 * place it is used in allows. Someone else's upload gets the same answer as a missing one.
 */
async function checkFiles(deps: Pick<AppDeps, 'db'>, owner: ObjectId, data: ApplicationData): Promise<ObjectId[]> {
  const refs: { path: string; url: string; use: UploadField }[] = [
    { path: 'personalInfo.resumeUrl', url: data.personalInfo.resumeUrl, use: 'resume' },
    ...data.personalInfo.Doc.flatMap((doc, i) => [
      { path: `personalInfo.Doc.${i}.frontImage`, url: doc.frontImage, use: 'document' as const },
      { path: `personalInfo.Doc.${i}.backImage`, url: doc.backImage, use: 'document' as const },
    ]),
    ...data.salarySlip.map((url, i) => ({ path: `salarySlip.${i}`, url, use: 'salarySlip' as const })),
  ];
  const ids = refs.map((ref) => fileIdFromUrl(ref.url));
  const owned = await findOwnedUploads(deps, owner, ids.filter((id): id is string => id !== null).map((id) => new ObjectId(id)));
  const errors: FieldError[] = [];
  refs.forEach((ref, i) => {
    const id = ids[i];
    const file = id ? owned.get(id) : undefined;
    if (!file) errors.push({ path: ref.path, message: M.fileInvalid });
    else if (!isKindAllowed(ref.use, file.metadata.kind)) errors.push({ path: ref.path, message: uploadTypeMessage(ref.use) });
  });
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  return [...new Set(ids as string[])].map((id) => new ObjectId(id));
}

/** The stored (encrypted and masked) form of each number an application carries. */
export interface StoredNumbers {
  Doc: Pick<StoredLegalDocument, 'documentIdEncrypted' | 'documentIdMasked'>[];
  bankAccount: Pick<StoredBankAccount, 'accountNumberEncrypted' | 'accountNumberMasked'>;
}

/**
 * Encrypts each number typed in, and keeps the previous round's ciphertext for each number left
 * masked. A masked value is a KeptNumber (never a string), so it can only ever be swapped for what
 * is stored at the same place; when it does not match what is stored there (nothing stored, another
 * mask, a changed document type) the application is refused with the field's "required" message.
 */
export function storedNumbers(
  deps: Pick<AppDeps, 'config'>,
  userId: ObjectId,
  data: ApplicationData,
  previous: Pick<ApplicationDoc, 'personalInfo' | 'bankAccount'> | null,
): StoredNumbers {
  const errors = keptNumberErrors(data, previous ? { Doc: previous.personalInfo.Doc, accountNumberMasked: previous.bankAccount.accountNumberMasked } : null);
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  const key = deps.config.documentKey;
  const Doc = data.personalInfo.Doc.map(({ documentId }, i) => {
    if (!isKeptNumber(documentId)) {
      return { documentIdEncrypted: encryptField(key, documentId, documentIdContext(userId, i)), documentIdMasked: maskLast4(documentId) };
    }
    const before = previous!.personalInfo.Doc[i]!;
    return { documentIdEncrypted: before.documentIdEncrypted, documentIdMasked: before.documentIdMasked };
  });
  const { accountNumber } = data.bankAccount;
  const bankAccount = isKeptNumber(accountNumber)
    ? { accountNumberEncrypted: previous!.bankAccount.accountNumberEncrypted, accountNumberMasked: previous!.bankAccount.accountNumberMasked }
    : { accountNumberEncrypted: encryptField(key, accountNumber, accountNumberContext(userId)), accountNumberMasked: maskLast4(accountNumber) };
  return { Doc, bankAccount };
}

export function toStoredApplication(
  user: Pick<AuthUser, '_id' | 'name' | 'email' | 'role'>,
  data: ApplicationData,
  meta: { fileIds: ObjectId[]; round: number; now: Date; numbers: StoredNumbers },
): Omit<ApplicationDoc, '_id'> {
  const { Doc, ...personal } = data.personalInfo;
  const { accountNumber: _accountNumber, ...bank } = data.bankAccount;
  return {
    userId: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: 'pending',
    round: meta.round,
    personalInfo: {
      ...personal,
      Doc: Doc.map(({ documentId: _documentId, ...doc }, i) => ({ ...doc, ...meta.numbers.Doc[i]! })),
    },
    employmentDetails: data.employmentDetails,
    educationDetails: data.educationDetails,
    bankAccount: { ...bank, ...meta.numbers.bankAccount },
    salarySlip: data.salarySlip,
    fileIds: meta.fileIds,
    submittedAt: meta.now,
  };
}

/**
 * Submits (or, after a rejection, resubmits) the applicant's application.
 *
 * The round's `submit` step is claimed first (a unique id), so of concurrent submissions exactly
 * one goes on; the user's status then moves to pending with a conditional update, and only the
 * winner writes the application. If a later step fails, the claim and the status are undone so
 * the applicant can simply try again.
 */
export async function submitApplication(deps: AppDeps, user: AuthUser, data: ApplicationData, ip?: string): Promise<void> {
  const fileIds = await checkFiles(deps, user._id, data);
  const now = deps.clock.now();
  const previous = await collections(deps.db).applications.findOne({ userId: user._id }, { projection: { round: 1, personalInfo: 1, bankAccount: 1 } });
  const numbers = storedNumbers(deps, user._id, data, previous);
  const round = (previous?.round ?? 0) + 1;
  const claimId = `${user._id.toHexString()}:${round}:submit`;
  const claimed = await claimTransition(deps, { _id: claimId, userId: user._id, round, step: 'submit', status: 'pending', at: now, by: user._id });
  const moved =
    claimed &&
    (
      await deps.cols.users.updateOne(
        { _id: user._id, role: { $in: [...APPLICANT_ROLES] }, isVerified: { $in: [...OPEN_STATUSES] } },
        { $set: { isVerified: 'pending', updatedAt: now }, $unset: { rejectionReason: '' } },
      )
    ).modifiedCount === 1;
  if (!moved) {
    if (claimed) await collections(deps.db).applicationTransitions.deleteOne({ _id: claimId });
    const current = await deps.cols.users.findOne({ _id: user._id });
    throw submissionConflict(current?.isVerified ?? 'pending') ?? conflict(M.alreadyPending);
  }

  try {
    // The consent to verify this round's documents (the schema made sure it was given) is a row of
    // its own, written before the application: an application is never stored without its consent.
    await recordConsent(deps, user._id, { kind: 'application-verification', action: 'given', version: APPLICATION_CONSENT_VERSION, round, ip });
    await collections(deps.db).applications.replaceOne({ userId: user._id }, toStoredApplication(user, data, { fileIds, round, now, numbers }), { upsert: true });
  } catch (err) {
    const restore: Partial<UserDoc> = { isVerified: user.isVerified, updatedAt: deps.clock.now() };
    if (user.rejectionReason) restore.rejectionReason = user.rejectionReason;
    await deps.cols.users.updateOne({ _id: user._id, isVerified: 'pending' }, { $set: restore }).catch(() => {});
    await collections(deps.db).applicationTransitions.deleteOne({ _id: claimId }).catch(() => {});
    throw err;
  }
  await recordAudit(deps, {
    actor: user,
    action: 'application.submit',
    target: { type: 'user', id: user._id.toHexString(), label: user.email },
    details: { round },
  });
}

/** The pending queue, oldest account first, bounded. */
export async function listPending(deps: Pick<AppDeps, 'cols'>): Promise<ApplicantSummary[]> {
  const users = await deps.cols.users
    .find({ role: { $in: [...APPLICANT_ROLES] }, isVerified: 'pending' }, { projection: { name: 1, email: 1, role: 1 } })
    .sort({ createdAt: 1, _id: 1 })
    .limit(PENDING_LIST_MAX)
    .toArray();
  return users.map(toSummary);
}

function toSummary(user: Pick<UserDoc, '_id' | 'name' | 'email' | 'role'>): ApplicantSummary {
  return { _id: user._id.toHexString(), name: user.name, email: user.email, role: user.role };
}

/** Escapes text for use inside a regular expression, so a search is always literal. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Verified BH Associates, newest first, a page at a time. The email search matches the start of
 * the stored (lower-case) email, so an exact address and a prefix both find the account, and an
 * anchored pattern can use the email index.
 */
export async function listVerified(
  deps: Pick<AppDeps, 'cols'>,
  query: { page: number; limit: number; email?: string | undefined },
): Promise<{ user: ApplicantSummary[]; pagination: { page: number; limit: number; hasNextPage: boolean } }> {
  const filter: Filter<UserDoc> = { role: 'doctor', isVerified: 'verified' };
  if (query.email) filter.email = { $regex: `^${escapeRegex(query.email.trim().toLowerCase())}` };
  const rows = await deps.cols.users
    .find(filter, { projection: { name: 1, email: 1, role: 1 } })
    .sort({ createdAt: -1, _id: -1 })
    .skip((query.page - 1) * query.limit)
    .limit(query.limit + 1)
    .toArray();
  const hasNextPage = rows.length > query.limit;
  return {
    user: rows.slice(0, query.limit).map(toSummary),
    pagination: { page: query.page, limit: query.limit, hasNextPage },
  };
}

/**
 * The application as admins see it. Built field by field: encrypted values never reach a
 * response, and numbers appear only in their masked form.
 */
export function toApplicationDetail(app: ApplicationDoc, consent: ApplicationConsentState | null): ApplicationDetail {
  const p = app.personalInfo;
  const b = app.bankAccount;
  return {
    personalInfo: {
      ...personalDetailsOf(p),
      emergencyContact: { name: p.emergencyContact.name, relationship: p.emergencyContact.relationship, phone: p.emergencyContact.phone },
      resumeUrl: p.resumeUrl,
      linkedin: p.linkedin,
      Doc: p.Doc.map((doc) => ({
        documentType: doc.documentType,
        documentId: doc.documentIdMasked,
        frontImage: doc.frontImage,
        backImage: doc.backImage,
      })),
      bloodGroup: p.bloodGroup,
    },
    employmentDetails: app.employmentDetails.map((e) => ({
      ...(e.id !== undefined ? { id: e.id } : {}),
      organization: e.organization,
      jobTitle: e.jobTitle,
      startDate: e.startDate,
      endDate: e.endDate,
      employmentType: e.employmentType,
      isCurrentJob: e.isCurrentJob,
    })),
    educationDetails: app.educationDetails.map((e) => ({
      ...(e.id !== undefined ? { id: e.id } : {}),
      level: e.level,
      degreeName: e.degreeName,
      institutionName: e.institutionName,
      graduationYear: e.graduationYear,
      major: e.major,
    })),
    bankAccount: {
      accountHolder: b.accountHolder,
      bankName: b.bankName,
      branchName: b.branchName,
      accountNumber: b.accountNumberMasked,
      ifsc: b.ifsc,
      upi: b.upi,
    },
    salarySlip: app.salarySlip.length > 0 ? [...app.salarySlip] : null,
    submittedAt: app.submittedAt.toISOString(),
    verificationConsent: consent
      ? { version: consent.version, givenAt: consent.givenAt.toISOString(), withdrawnAt: consent.withdrawnAt?.toISOString() ?? null }
      : null,
  };
}

/** The application as its detail, with the consent its round was submitted under. */
export async function applicationDetail(deps: Pick<AppDeps, 'cols'>, app: ApplicationDoc): Promise<ApplicationDetail> {
  return toApplicationDetail(app, await findApplicationConsent(deps, app.userId, app.round));
}

/** The applicant's own latest application, as its detail (numbers masked), or null when they have none. */
export async function ownApplicationDetail(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<ApplicationDetail | null> {
  const application = await deps.cols.applications.findOne({ userId });
  return application ? applicationDetail(deps, application) : null;
}

/** The applicant's account and application, or 404 'BH Associate not found'. */
export async function findApplicant(deps: Pick<AppDeps, 'cols' | 'db'>, userId: ObjectId): Promise<{ user: UserDoc; application: ApplicationDoc }> {
  const [user, application] = await Promise.all([
    deps.cols.users.findOne({ _id: userId, role: { $in: [...APPLICANT_ROLES] } }),
    collections(deps.db).applications.findOne({ userId }),
  ]);
  if (!user || !application) throw notFound(M.associateNotFound);
  return { user, application };
}

/**
 * Moves a pending applicant to verified or rejected. The round's `decision` step is claimed
 * first, so exactly one decision is taken per submission: a second one, or one racing it, gets 409.
 */
export async function decideApplication(
  deps: AppDeps,
  admin: AuthUser,
  userId: ObjectId,
  decision: { status: 'verified' } | { status: 'rejected'; reason: string },
): Promise<void> {
  const { user, application } = await findApplicant(deps, userId);
  // Without the applicant's consent in force their documents may not be verified (DPDP s. 6(4)).
  // A withdrawal also claims the round's decision (below), so one racing this loses either way.
  const consent = await findApplicationConsent(deps, userId, application.round);
  if (application.status === 'withdrawn' || consent?.withdrawnAt) throw conflict(PRIVACY_MESSAGES.applicationConsentWithdrawnByApplicant);
  if (user.isVerified !== 'pending' || application.status !== 'pending') throw conflict(M.notPending);
  const now = deps.clock.now();
  const claimed = await claimTransition(deps, {
    _id: `${userId.toHexString()}:${application.round}:decision`,
    userId,
    round: application.round,
    step: 'decision',
    status: decision.status,
    at: now,
    by: admin._id,
  });
  if (!claimed) throw conflict(M.notPending);
  const update =
    decision.status === 'verified'
      ? { $set: { isVerified: 'verified' as const, updatedAt: now }, $unset: { rejectionReason: '' as const } }
      : { $set: { isVerified: 'rejected' as const, rejectionReason: decision.reason, updatedAt: now } };
  await deps.cols.users.updateOne({ _id: userId, isVerified: 'pending' }, update);
  await collections(deps.db).applications.updateOne({ userId, round: application.round }, { $set: { status: decision.status, reviewedAt: now, reviewedBy: admin._id } });
  await queueApplicationDecision(deps.outbox, user, decision);
  await recordAudit(deps, {
    actor: admin,
    action: decision.status === 'verified' ? 'application.verify' : 'application.reject',
    target: { type: 'user', id: userId.toHexString(), label: user.email },
    details: { round: application.round },
  });
}

/**
 * Withdraws the applicant's consent to verify their latest application (DPDP s. 6(4)), recorded
 * as a row of its own. A pending application leaves review: the withdrawal claims the round's
 * decision step, so of a withdrawal and an admin's verify or reject exactly one happens; the
 * applicant's status returns to not_submitted, so the queue drops them and they may submit again
 * (giving consent anew). A decided application stays as decided. Nothing is deleted.
 */
export async function withdrawApplicationConsent(deps: AppDeps, user: AuthUser, ip?: string): Promise<void> {
  const application = await collections(deps.db).applications.findOne({ userId: user._id }, { projection: { round: 1, status: 1 } });
  const consent = application ? await findApplicationConsent(deps, user._id, application.round) : null;
  if (!application || !consent || consent.withdrawnAt) throw conflict(PRIVACY_MESSAGES.noApplicationConsent);
  const { round } = application;
  await recordConsent(deps, user._id, { kind: 'application-verification', action: 'withdrawn', version: consent.version, round, ip });
  if (application.status !== 'pending') return;
  const now = deps.clock.now();
  const claimed = await claimTransition(deps, { _id: `${user._id.toHexString()}:${round}:decision`, userId: user._id, round, step: 'decision', status: 'withdrawn', at: now, by: user._id });
  if (!claimed) return; // an admin decided it first; the withdrawal is recorded all the same
  await deps.cols.users.updateOne({ _id: user._id, isVerified: 'pending' }, { $set: { isVerified: 'not_submitted', updatedAt: now } });
  await collections(deps.db).applications.updateOne({ userId: user._id, round }, { $set: { status: 'withdrawn' } });
}

/**
 * The clear numbers of a stored application. No response needs them today (admins see masked
 * numbers only); this exists for a future payout integration and proves the stored values decrypt.
 */
export function revealNumbers(deps: Pick<AppDeps, 'config'>, app: ApplicationDoc): { accountNumber: string; documentIds: string[] } {
  const key = deps.config.documentKey;
  return {
    accountNumber: decryptField(key, app.bankAccount.accountNumberEncrypted, accountNumberContext(app.userId)),
    documentIds: app.personalInfo.Doc.map((doc, i) => decryptField(key, doc.documentIdEncrypted, documentIdContext(app.userId, i))),
  };
}
