import {
  APPLICATION_CONSENT_VERSION,
  applicationDetailSchema,
  isKeptNumber,
  keptNumberErrors,
  maskLast4,
  numberText,
  type ApplicationData,
  type ApplicationDetail,
  type VerificationConsent,
  verificationConsentOf,
} from '@bh/shared';
import { privacyState } from './privacy.ts';
import { objectId, type MockDb } from './db.ts';

/** The detail view of an application: numbers masked, slips as one link or a list (spec §2.10). */
export function applicationView(
  application: ApplicationData,
  submittedAt: string,
  verificationConsent: VerificationConsent<string> | null,
): ApplicationDetail {
  const { verificationConsent: _ticked, ...sent } = application;
  const slips = application.salarySlip;
  return applicationDetailSchema.parse({
    ...sent,
    verificationConsent,
    personalInfo: {
      ...application.personalInfo,
      Doc: application.personalInfo.Doc.map((doc) => ({ ...doc, documentId: maskLast4(numberText(doc.documentId)) })),
    },
    bankAccount: { ...application.bankAccount, accountNumber: maskLast4(numberText(application.bankAccount.accountNumber)) },
    salarySlip: slips.length === 0 ? null : slips.length === 1 ? slips[0] : slips,
    submittedAt,
  });
}

/** The applicant's latest application in the mock state. */
export function latestApplication(db: MockDb, userId: string): MockDb['applications'][number] | undefined {
  return db.applications.findLast((a) => a.userId === userId);
}

/**
 * The mock's side of a resubmission, as the API does it: numbers sent back masked take the
 * previous round's numbers (the mock keeps them in clear), or the application is refused.
 */
export function withKeptNumbers(
  data: ApplicationData,
  previous: ApplicationData | undefined,
): { data: ApplicationData } | { errors: { path: string; message: string }[] } {
  const stored = previous
    ? {
        Doc: previous.personalInfo.Doc.map((doc) => ({ documentType: doc.documentType, documentIdMasked: maskLast4(numberText(doc.documentId)) })),
        accountNumberMasked: maskLast4(numberText(previous.bankAccount.accountNumber)),
      }
    : null;
  const errors = keptNumberErrors(data, stored);
  if (errors.length > 0 || !previous) return errors.length > 0 ? { errors } : { data };
  const [first, second] = data.personalInfo.Doc;
  const keep = (doc: typeof first, i: 0 | 1) => (isKeptNumber(doc.documentId) ? { ...doc, documentId: previous.personalInfo.Doc[i].documentId } : doc);
  const account = data.bankAccount.accountNumber;
  return {
    data: {
      ...data,
      personalInfo: { ...data.personalInfo, Doc: [keep(first, 0), keep(second, 1)] },
      bankAccount: { ...data.bankAccount, accountNumber: isKeptNumber(account) ? previous.bankAccount.accountNumber : account },
    },
  };
}

/** Which submission of the applicant's application is the latest (1, 2, ...), as the API counts rounds. */
export function applicationRound(db: MockDb, userId: string): number {
  return db.applications.filter((a) => a.userId === userId).length;
}

/** A consent row for the applicant's latest round, in the mock privacy centre's record (newest first). */
export function recordApplicationConsent(db: MockDb, userId: string, action: 'given' | 'withdrawn', version: string = APPLICATION_CONSENT_VERSION): void {
  const consents = privacyState(db).consents;
  const row = { id: objectId(db), kind: 'application-verification' as const, action, version, at: db.now().toISOString(), network: null, round: applicationRound(db, userId) };
  consents.set(userId, [row, ...(consents.get(userId) ?? [])]);
}

/** The consent the applicant's latest round was sent under, read from the rows as the API reads its own. */
export function applicationConsent(db: MockDb, userId: string): VerificationConsent<string> | null {
  return verificationConsentOf(privacyState(db).consents.get(userId) ?? [], applicationRound(db, userId));
}
