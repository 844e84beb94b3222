import { z } from 'zod';
import {
  BLOOD_GROUPS,
  COUNTRIES,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
} from '../catalog/enums.ts';
import { ADMIN_MESSAGES } from '../messages/admin.ts';
import { PRIVACY_MESSAGES } from '../messages/privacy.ts';
import { REGISTRATION_MESSAGES as M } from '../messages/registration.ts';
import { isValidAccountNumber, isValidUpi, normalizeAccountNumber } from '../rules/bank.ts';
import { isValidDocumentId, normalizeDocumentId } from '../rules/identity.ts';
import { isValidIfsc, normalizeIfsc } from '../rules/ifsc.ts';
import { isMasked } from '../rules/masking.ts';
import { isValidPhone } from '../rules/phone.ts';
import { cleanEmail, cleanText, hasVisibleText } from '../rules/text.ts';
import { istDateString, parseIsoDate } from '../rules/time.ts';
import { isHttpUrl, URL_MAX_LENGTH } from '../rules/url.ts';
import { emailField, lineString, objectIdString, requiredLine, requiredText, successResponse } from './common.ts';
import {
  choiceField,
  type Clock,
  optionalLine,
  optionalText,
  pastOrTodayDateField,
  systemClock,
  whenFieldsValid,
  whenPathsValid,
} from './fields.ts';
import { fileReferenceField } from './upload.ts';
import { ROLES, VERIFICATION_STATUSES } from './user.ts';

export const GRADUATION_YEAR_MIN = 1950;
/** Salary slips cover the last 3 to 6 months (spec §9). */
export const MAX_SALARY_SLIPS = 6;
/** Enough for any real career; stops a request from carrying thousands of records. */
export const MAX_RECORDS = 20;
export const REJECTION_REASON_MAX = 1000;
export const VERIFIED_PAGE_SIZE = 10;

/** Nobody applying today was born before this; earlier dates are typing mistakes. */
const EARLIEST_DOB = '1900-01-01';

const fileRef = (required: string) => fileReferenceField(required, M.fileInvalid);

function phoneField(required: string, invalid: string) {
  return lineString(required).trim().min(1, required).max(30, invalid).refine(isValidPhone, invalid);
}

/** LinkedIn is optional; when given it must be a link that opens safely. */
const optionalLink = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, M.linkedinInvalid)
  .refine((v) => v === '' || isHttpUrl(v), M.linkedinInvalid)
  .default('');

/**
 * A number the applicant left exactly as the form showed it back, masked ('••••9012'), when
 * resubmitting after a rejection: it stands for the number already stored, never for a number.
 * It is a distinct type, not a string, so a masked value cannot be encrypted and stored as if it
 * were the real number; the API swaps it for the stored ciphertext or refuses it.
 */
export interface KeptNumber {
  readonly keep: string;
}

export function isKeptNumber(value: string | KeptNumber): value is KeptNumber {
  return typeof value !== 'string';
}

/** The text a number field holds: the number, or the masked form standing for the stored one. */
export function numberText(value: string | KeptNumber): string {
  return typeof value === 'string' ? value : value.keep;
}

/** A masked value becomes a KeptNumber; anything else is a number, normalised. */
function keepOr(normalize: (text: string) => string) {
  return (text: string): string | KeptNumber => (isMasked(text) ? { keep: text } : normalize(text));
}

function legalDocument(n: 1 | 2) {
  return z
    .strictObject({
      documentType: choiceField(DOCUMENT_TYPES, M.documentTypeRequired(n), M.invalidOption),
      documentId: z
        .string({ error: M.documentIdRequired(n) })
        .trim()
        .min(1, M.documentIdRequired(n))
        .max(40, M.documentIdInvalid(n))
        .transform(keepOr(normalizeDocumentId)),
      frontImage: fileRef(M.documentFrontRequired(n)),
      backImage: fileRef(M.documentBackRequired(n)),
    })
    .refine((v) => isKeptNumber(v.documentId) || isValidDocumentId(v.documentType, v.documentId), {
      message: M.documentIdInvalid(n),
      path: ['documentId'],
      when: whenFieldsValid('documentType', 'documentId'),
    });
}

const legalDocuments = z
  .tuple([legalDocument(1), legalDocument(2)], { error: M.documentsRequired })
  .refine((docs) => docs[0].documentType !== docs[1].documentType, {
    message: M.documentsMustDiffer,
    path: [1, 'documentType'],
    when: whenPathsValid([0, 'documentType'], [1, 'documentType']),
  });

const emergencyContact = z.strictObject({
  name: requiredLine(M.emergencyNameRequired, 100),
  relationship: requiredLine(M.emergencyRelationshipRequired, 50),
  phone: phoneField(M.emergencyPhoneRequired, M.emergencyPhoneInvalid),
});

function personalInfoShape(now: Clock) {
  return {
    firstName: requiredLine(M.firstNameRequired, 50),
    middleName: optionalLine(50, M.tooLong(50)),
    lastName: requiredLine(M.lastNameRequired, 50),
    dob: pastOrTodayDateField(M.dobRequired, M.dateInvalid, M.dobInFuture, now).refine(
      (v) => parseIsoDate(v) === null || v >= EARLIEST_DOB,
      M.dateInvalid,
    ),
    gender: choiceField(GENDERS, M.genderRequired, M.invalidOption),
    currentAddress: requiredText(M.currentAddressRequired, 300),
    permanentAddress: requiredText(M.permanentAddressRequired, 300),
    city: requiredLine(M.cityRequired, 100),
    state: requiredLine(M.stateRequired, 100),
    postalCode: requiredLine(M.postalCodeRequired, 20),
    country: choiceField(COUNTRIES, M.countryRequired, M.invalidOption),
    email: emailField(M.emailRequired, M.emailInvalid),
    phone: phoneField(M.phoneRequired, M.phoneInvalid),
    emergencyContact,
    resumeUrl: fileRef(M.resumeRequired),
    linkedin: optionalLink,
    Doc: legalDocuments,
    bloodGroup: choiceField(BLOOD_GROUPS, M.bloodGroupRequired, M.invalidOption),
  };
}

/** A client-side key for repeatable records, kept so the form can re-render the same rows. */
const recordId = z.string().trim().max(64).optional();

function employmentRecord(now: Clock) {
  const isDate = (v: string | null | undefined) => typeof v === 'string' && parseIsoDate(v) !== null;
  // Each check below only runs while endDate has no issue yet, so the record shows one end-date message.
  const endDateChecked = whenFieldsValid('endDate', 'isCurrentJob');
  return z
    .strictObject({
      id: recordId,
      organization: requiredLine(M.organizationRequired, 200),
      jobTitle: requiredLine(M.jobTitleRequired, 200),
      startDate: pastOrTodayDateField(M.startDateRequired, M.dateInvalid, M.startDateInFuture, now),
      endDate: z.string({ error: M.dateInvalid }).trim().nullish(),
      employmentType: choiceField(EMPLOYMENT_TYPES, M.employmentTypeRequired, M.invalidOption),
      isCurrentJob: z.boolean().default(false),
    })
    .refine((v) => v.isCurrentJob || (v.endDate ?? '') !== '', {
      message: M.endDateRequired,
      path: ['endDate'],
      when: endDateChecked,
    })
    .refine((v) => v.isCurrentJob || isDate(v.endDate), {
      message: M.dateInvalid,
      path: ['endDate'],
      when: endDateChecked,
    })
    .refine((v) => v.isCurrentJob || (v.endDate ?? '') <= istDateString(now()), {
      message: M.endDateInFuture,
      path: ['endDate'],
      when: endDateChecked,
    })
    .refine((v) => v.isCurrentJob || (v.endDate ?? '') >= v.startDate, {
      message: M.endBeforeStart,
      path: ['endDate'],
      when: whenFieldsValid('endDate', 'isCurrentJob', 'startDate'),
    })
    // A current job has no end date, whatever the form still held.
    .transform((v) => ({ ...v, endDate: v.isCurrentJob ? null : (v.endDate ?? null) }));
}

/** Accepts the number or the text a year input gives; outputs the year as a number. */
function graduationYearField(now: Clock) {
  return z.union([z.number(), z.string()], { error: M.graduationYearRequired }).transform((raw, ctx) => {
    const text = typeof raw === 'number' ? (Number.isNaN(raw) ? '' : String(raw)) : raw.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: M.graduationYearRequired });
      return z.NEVER;
    }
    const maxYear = Number(istDateString(now()).slice(0, 4));
    const year = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
    if (!(year >= GRADUATION_YEAR_MIN && year <= maxYear)) {
      ctx.addIssue({ code: 'custom', message: M.graduationYearRange(maxYear) });
      return z.NEVER;
    }
    return year;
  });
}

function educationRecord(now: Clock) {
  return z.strictObject({
    id: recordId,
    level: choiceField(EDUCATION_LEVELS, M.educationLevelRequired, M.invalidOption),
    degreeName: requiredLine(M.degreeNameRequired, 200),
    institutionName: requiredLine(M.institutionNameRequired, 200),
    graduationYear: graduationYearField(now),
    major: optionalLine(200, M.tooLong(200)),
  });
}

/** Optional: one slip, several, or none ('' and null count as none). Always an array once parsed. */
const salarySlip = z
  .union([z.literal(''), fileRef(M.fileInvalid), z.array(fileRef(M.fileInvalid))], { error: M.fileInvalid })
  .nullish()
  .refine((v) => !Array.isArray(v) || v.length <= MAX_SALARY_SLIPS, M.tooManySalarySlips)
  .transform((v): string[] => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? [v] : v));

const bankAccount = z.strictObject({
  accountHolder: requiredLine(M.accountHolderRequired, 100),
  bankName: requiredLine(M.bankNameRequired, 100),
  branchName: requiredLine(M.branchNameRequired, 100),
  accountNumber: z
    .string({ error: M.accountNumberRequired })
    .trim()
    .min(1, M.accountNumberRequired)
    .max(40, M.accountNumberInvalid)
    .refine((v) => isMasked(v) || isValidAccountNumber(v), M.accountNumberInvalid)
    .transform(keepOr(normalizeAccountNumber)),
  ifsc: z
    .string({ error: M.ifscRequired })
    .trim()
    .min(1, M.ifscRequired)
    .max(20, M.ifscInvalid)
    .refine(isValidIfsc, M.ifscInvalid)
    .transform(normalizeIfsc),
  upi: z.string({ error: M.upiRequired }).trim().min(1, M.upiRequired).max(320, M.upiInvalid).refine(isValidUpi, M.upiInvalid),
});

function applicationShape(now: Clock) {
  return {
    employmentDetails: z
      .array(employmentRecord(now), { error: M.employmentRequired })
      .min(1, M.employmentRequired)
      .max(MAX_RECORDS, M.employmentRequired),
    salarySlip,
    educationDetails: z
      .array(educationRecord(now), { error: M.educationRequired })
      .min(1, M.educationRequired)
      .max(MAX_RECORDS, M.educationRequired),
    bankAccount,
    /**
     * The applicant's consent to verify the documents (DPDP s. 6), separate from the privacy notice:
     * never ticked in advance, and a submission without it is refused. The API records it as a
     * consent row of its own (`application-verification`).
     */
    verificationConsent: z.literal(true, { error: PRIVACY_MESSAGES.applicationConsentRequired }),
  };
}

/**
 * POST /api/v1/register/employees: a BH Associate's (or admin's) verification application,
 * with the spec §3 payload and every §5 "Document submission" message. Dates are checked against
 * India's today from `now`.
 */
export function createApplicationRequestSchema(now: Clock = systemClock) {
  return z.strictObject({
    personalInfo: z.strictObject(personalInfoShape(now)),
    ...applicationShape(now),
  });
}
export const applicationRequest = createApplicationRequestSchema();
export type ApplicationRequest = z.input<typeof applicationRequest>;
export type ApplicationData = z.output<typeof applicationRequest>;

/**
 * The /details form: the request's fields plus the "same as current" tick, which makes the
 * permanent address optional. Turn its values into the body with toApplicationRequest.
 */
export function createApplicationFormSchema(now: Clock = systemClock) {
  const personalInfo = z
    .strictObject({
      ...personalInfoShape(now),
      permanentAddress: optionalText(300, M.tooLong(300)),
      sameAsCurrent: z.boolean().default(false),
    })
    .refine((v) => v.sameAsCurrent || v.permanentAddress !== '', {
      message: M.permanentAddressRequired,
      path: ['permanentAddress'],
      when: whenFieldsValid('permanentAddress', 'sameAsCurrent'),
    });
  return z.strictObject({ personalInfo, ...applicationShape(now) });
}
export const applicationForm = createApplicationFormSchema();
export type ApplicationFormInput = z.input<typeof applicationForm>;
export type ApplicationFormValues = z.output<typeof applicationForm>;

export function toApplicationRequest(form: ApplicationFormValues): ApplicationRequest {
  const { sameAsCurrent, Doc, ...personalInfo } = form.personalInfo;
  return {
    ...form,
    personalInfo: {
      ...personalInfo,
      Doc: [
        { ...Doc[0], documentId: numberText(Doc[0].documentId) },
        { ...Doc[1], documentId: numberText(Doc[1].documentId) },
      ],
      permanentAddress: sameAsCurrent ? personalInfo.currentAddress : personalInfo.permanentAddress,
    },
    bankAccount: { ...form.bankAccount, accountNumber: numberText(form.bankAccount.accountNumber) },
  };
}

/** What is already stored of each number, in its masked form, to check a KeptNumber against. */
export interface StoredNumbersView {
  Doc: readonly { documentType: string; documentIdMasked: string }[];
  accountNumberMasked: string;
}

/**
 * The errors of an application that keeps numbers it may not keep: a kept number must be the
 * masked form of the number stored at the same place (and, for a document, of the same type);
 * with nothing stored, or after the type changed, the number has to be typed again.
 */
export function keptNumberErrors(data: ApplicationData, stored: StoredNumbersView | null): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  data.personalInfo.Doc.forEach((doc, i) => {
    if (!isKeptNumber(doc.documentId)) return;
    const before = stored?.Doc[i];
    if (!before || before.documentType !== doc.documentType || before.documentIdMasked !== doc.documentId.keep) {
      errors.push({ path: `personalInfo.Doc.${i}.documentId`, message: M.documentIdRequired(i === 0 ? 1 : 2) });
    }
  });
  const account = data.bankAccount.accountNumber;
  if (isKeptNumber(account) && (!stored || stored.accountNumberMasked !== account.keep)) {
    errors.push({ path: 'bankAccount.accountNumber', message: M.accountNumberRequired });
  }
  return errors;
}

/** POST /api/v1/register/reject-doctor/{userId}: the admin's reason, shown to the applicant. */
export const rejectRequest = z.strictObject({
  reason: z
    .string({ error: M.rejectionReasonRequired })
    .overwrite(cleanText)
    .trim()
    .min(1, M.rejectionReasonRequired)
    .refine((v) => v === '' || hasVisibleText(v), M.rejectionReasonRequired)
    .max(REJECTION_REASON_MAX, M.rejectionReasonTooLong),
});
export type RejectRequest = z.input<typeof rejectRequest>;

/** Path parameter of doctor-details, verify-doctor and reject-doctor. */
export const applicantIdParam = z.strictObject({ userId: objectIdString });

/** GET /api/v1/register/status-verified query: pages of 10, optionally narrowed by (part of) an email. */
export const statusVerifiedQuery = z.strictObject({
  page: z.coerce.number({ error: ADMIN_MESSAGES.invalidPage }).int(ADMIN_MESSAGES.invalidPage).min(1, ADMIN_MESSAGES.invalidPage).default(1),
  limit: z.coerce
    .number({ error: ADMIN_MESSAGES.invalidLimit })
    .int(ADMIN_MESSAGES.invalidLimit)
    .min(1, ADMIN_MESSAGES.invalidLimit)
    .max(100, ADMIN_MESSAGES.invalidLimit)
    .default(VERIFIED_PAGE_SIZE),
  // A blank search means the full list (spec §5).
  email: z
    .string()
    .overwrite(cleanEmail)
    .trim()
    .max(254)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});

// ---- Responses -------------------------------------------------------------------------------

const legalDocumentView = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  /** Masked: last 4 characters only. */
  documentId: z.string(),
  frontImage: z.string(),
  backImage: z.string(),
});

const employmentView = z.object({
  id: z.string().optional(),
  organization: z.string(),
  jobTitle: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  isCurrentJob: z.boolean(),
});

const educationView = z.object({
  id: z.string().optional(),
  level: z.enum(EDUCATION_LEVELS),
  degreeName: z.string(),
  institutionName: z.string(),
  graduationYear: z.number(),
  major: z.string(),
});

/** An application as admins see it: account and document numbers masked (DESIGN §4). */
export const applicationDetailSchema = z.object({
  personalInfo: z.object({
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    dob: z.string(),
    gender: z.enum(GENDERS),
    currentAddress: z.string(),
    permanentAddress: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
    emergencyContact: z.object({ name: z.string(), relationship: z.string(), phone: z.string() }),
    resumeUrl: z.string(),
    linkedin: z.string(),
    Doc: z.array(legalDocumentView),
    bloodGroup: z.enum(BLOOD_GROUPS),
  }),
  employmentDetails: z.array(employmentView),
  educationDetails: z.array(educationView),
  bankAccount: z.object({
    accountHolder: z.string(),
    bankName: z.string(),
    branchName: z.string(),
    /** Masked: last 4 digits only. */
    accountNumber: z.string(),
    ifsc: z.string(),
    upi: z.string(),
  }),
  /** One link or several (spec §2.10); null when none was given. */
  salarySlip: z.union([z.string(), z.array(z.string())]).nullable(),
  submittedAt: z.iso.datetime(),
  /**
   * The applicant's consent to verify this submission's documents: the text's version, when it was
   * given and, if so, withdrawn. Null for an application sent before that consent was asked for.
   */
  verificationConsent: z
    .object({ version: z.string(), givenAt: z.iso.datetime(), withdrawnAt: z.iso.datetime().nullable() })
    .nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** An application's personal details held as plain text: no numbers, files, contacts or lists. */
export type PersonalDetails = Pick<
  ApplicationDetail['personalInfo'],
  'firstName' | 'middleName' | 'lastName' | 'dob' | 'gender' | 'currentAddress' | 'permanentAddress' | 'city' | 'state' | 'postalCode' | 'country' | 'email' | 'phone'
>;

/**
 * Those details, copied field by field (whatever else the object holds stays behind): the one list
 * the admin's view of a stored application and the form refilled from it both use.
 */
export function personalDetailsOf(p: PersonalDetails): PersonalDetails {
  return {
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    dob: p.dob,
    gender: p.gender,
    currentAddress: p.currentAddress,
    permanentAddress: p.permanentAddress,
    city: p.city,
    state: p.state,
    postalCode: p.postalCode,
    country: p.country,
    email: p.email,
    phone: p.phone,
  };
}

/** GET /api/v1/register/doctor-details/{userId}. */
export const doctorDetailsResponse = successResponse({
  user: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    isVerified: z.enum(VERIFICATION_STATUSES),
    rejectionReason: z.string().optional(),
  }),
  employee: applicationDetailSchema,
});
export type DoctorDetailsResponse = z.infer<typeof doctorDetailsResponse>;

export const applicantSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type ApplicantSummary = z.infer<typeof applicantSummarySchema>;

/** GET /api/v1/register/status-pending and status-verified (the latter paged). */
export const statusListResponse = successResponse({
  user: z.array(applicantSummarySchema),
  pagination: z
    .object({ page: z.number().int(), limit: z.number().int(), hasNextPage: z.boolean() })
    .optional(),
});

/** GET /api/v1/register/check-verified: the caller's own status. */
export const checkVerifiedResponse = successResponse({
  isVerified: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().optional(),
});

/**
 * GET /api/v1/register/application: the caller's own latest application, numbers masked, so a
 * rejected applicant gets the form back filled with what was sent.
 */
export const ownApplicationResponse = successResponse({
  application: applicationDetailSchema,
});

/** Answer of POST /api/v1/register/employees: the caller's status is now pending. */
export const applicationSubmitResponse = successResponse({
  message: z.string(),
  isVerified: z.literal('pending'),
});
