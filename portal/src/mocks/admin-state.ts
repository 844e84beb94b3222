import {
  applicationRequest,
  uploadUrl,
  type ApplicationData,
  type ApplicationRequest,
  type AuditAction,
  type AuditEntry,
  type EmailRecord,
  type EmailTemplate,
  type Coupon,
  type PlanType,
  type ServiceKey,
} from '@bh/shared';
import { recordApplicationConsent } from './applications.ts';
import { addUser, objectId, type MockDb, type MockUser } from './db.ts';

/** What the admin calls need beyond the portal's mock state: coupons, the audit trail, link dates. */
export interface AdminMockState {
  coupons: Coupon[];
  audit: AuditEntry[];
  /** When each default link last changed; plans without a date were never set by an admin. */
  linkUpdatedAt: Partial<Record<`${ServiceKey}/${PlanType}`, string>>;
  /** The outbox as the Emails grid sees it. */
  emails: EmailRecord[];
  /** Accounts waiting on their invitation: user id → when it was last sent. */
  invitations: Record<string, string>;
}

export function createAdminMockState(): AdminMockState {
  return { coupons: [], audit: [], linkUpdatedAt: {}, emails: [], invitations: {} };
}

export function recordAudit(db: MockDb, state: AdminMockState, actor: string, action: AuditAction, target?: string): AuditEntry {
  const entry: AuditEntry = { id: objectId(db), at: db.now().toISOString(), actor, action, ...(target ? { target } : {}) };
  state.audit.push(entry);
  return entry;
}

/** A stored file reference, as the upload call hands them out. */
function fileRef(db: MockDb): string {
  return uploadUrl(objectId(db));
}

/**
 * A complete application that passes the shared schema, with distinct file references for every
 * document so tests can tell the links apart. `salarySlips` sets how many slips it carries.
 */
export function sampleApplication(
  db: MockDb,
  user: { name: string; email: string },
  options: { salarySlips?: number; employment?: boolean; resume?: boolean } = {},
): ApplicationData {
  const [firstName = 'Asha', ...rest] = user.name.trim().split(/\s+/).filter(Boolean);
  const lastName = rest.pop() ?? 'Rao';
  const body: ApplicationRequest = {
    personalInfo: {
      firstName,
      middleName: rest.join(' '),
      lastName,
      dob: '1990-04-12',
      gender: 'Female',
      currentAddress: '12 Lake Road',
      permanentAddress: '12 Lake Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      country: 'India',
      email: user.email,
      phone: '9876543210',
      emergencyContact: { name: 'Ravi Rao', relationship: 'Brother', phone: '9123456780' },
      resumeUrl: fileRef(db),
      linkedin: '',
      Doc: [
        { documentType: 'aadhar', documentId: '1234 5678 9012', frontImage: fileRef(db), backImage: fileRef(db) },
        { documentType: 'pan', documentId: 'ABCDE1234F', frontImage: fileRef(db), backImage: fileRef(db) },
      ],
      bloodGroup: 'O+',
    },
    employmentDetails: [
      {
        organization: 'Sunrise Clinic',
        jobTitle: 'Counsellor',
        startDate: '2018-06-01',
        endDate: '2021-03-31',
        employmentType: 'Full-time',
        isCurrentJob: false,
      },
      {
        organization: 'Mind Matters',
        jobTitle: 'Senior Counsellor',
        startDate: '2021-04-01',
        endDate: '',
        employmentType: 'Part-time',
        isCurrentJob: true,
      },
    ],
    salarySlip: Array.from({ length: options.salarySlips ?? 2 }, () => fileRef(db)),
    educationDetails: [
      {
        level: "Master's Degree",
        degreeName: 'MA Psychology',
        institutionName: 'University of Pune',
        graduationYear: 2016,
        major: 'Clinical Psychology',
      },
    ],
    bankAccount: {
      accountHolder: user.name.trim() || `${firstName} ${lastName}`,
      bankName: 'HDFC Bank',
      branchName: 'FC Road',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      upi: 'asha@okhdfc',
    },
    verificationConsent: true,
  };
  const parsed = applicationRequest.parse(body);
  // The detail view has to cope with applications that have no employment record or resume on file.
  if (options.employment === false) parsed.employmentDetails = [];
  if (options.resume === false) parsed.personalInfo.resumeUrl = '';
  return parsed;
}

/** An associate (or admin) whose application waits for review. */
export function addApplicant(
  db: MockDb,
  user: { name: string; email: string; role?: 'doctor' | 'admin'; isVerified?: 'pending' | 'verified' | 'rejected' },
  options: Parameters<typeof sampleApplication>[2] = {},
): { user: MockUser; application: ApplicationData } {
  const created = addUser(db, { name: user.name, email: user.email, role: user.role ?? 'doctor', isVerified: user.isVerified ?? 'pending' });
  const application = sampleApplication(db, created, options);
  db.applications.push({ userId: created._id, application, submittedAt: db.now().toISOString() });
  recordApplicationConsent(db, created._id, 'given');
  return { user: created, application };
}

export function addCoupon(
  db: MockDb,
  state: AdminMockState,
  coupon: { couponCode: string; forNewUsers?: boolean; isActive?: boolean; createdAt?: Date },
): Coupon {
  const at = (coupon.createdAt ?? db.now()).toISOString();
  const code = coupon.couponCode.toUpperCase();
  const link = (path: string) => `https://payments.example.com/coupon/${code.toLowerCase()}/${path}`;
  const created: Coupon = {
    _id: objectId(db),
    couponCode: code,
    forNewUsers: coupon.forNewUsers ?? false,
    isActive: coupon.isActive ?? true,
    paymentLinks: {
      mentalHealthCounselling: { single: link('mental-health-single'), bundle: link('mental-health-bundle') },
      cosmetologistConsultancy: { single: link('cosmetology-single'), bundle: link('cosmetology-bundle') },
    },
    createdAt: at,
    updatedAt: at,
  };
  state.coupons.unshift(created);
  return created;
}

/** An email the mock API "sends": delivered at once, as the real outbox does with a healthy server. */
export function queueEmail(db: MockDb, state: AdminMockState, to: string, template: EmailTemplate, status: EmailRecord['status'] = 'sent'): EmailRecord {
  const now = db.now().toISOString();
  const record: EmailRecord = {
    id: objectId(db),
    to,
    template,
    status,
    attempts: status === 'failed' ? 6 : 1,
    lastError: status === 'failed' ? '451 Try again later' : null,
    createdAt: now,
    dueAt: now,
    sentAt: status === 'sent' ? now : null,
  };
  state.emails.push(record);
  return record;
}
