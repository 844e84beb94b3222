import {
  applicationDetailSchema,
  isKeptNumber,
  keptNumberErrors,
  maskLast4,
  numberText,
  type ApplicationData,
  type ApplicationDetail,
} from '@bh/shared';
import type { MockDb } from './db.ts';

/** The detail view of an application: numbers masked, slips as one link or a list (spec §2.10). */
export function applicationView(application: ApplicationData, submittedAt: string): ApplicationDetail {
  const slips = application.salarySlip;
  return applicationDetailSchema.parse({
    ...application,
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
