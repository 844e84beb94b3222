import type { Binary, Db, GridFSFile, ObjectId } from 'mongodb';
import type { ParticipantMeetingsDoc } from './meeting-cards.ts';
import type { OwnerSlotDoc } from '../lib/owner-slots.ts';
import type {
  AccessAction,
  ApplicationData,
  Availability,
  CancelReason,
  ChangeRequestKind,
  ConsentKind,
  EmailTemplate,
  FileKind,
  HistoryKind,
  MeetingStatus,
  NoShowParty,
  OutboxStatus,
  PaymentLinks,
  PlanType,
  PrivacyRequestKind,
  PrivacyRequestStatus,
  RefundBand,
  Role,
  SessionPlace,
  ServiceKey,
  UploadField,
  VerificationStatus,
} from '@bh/shared';
import type { ApplicationStatus } from '@bh/shared/schemas/registration-extra';
import type { FILE_ENCRYPTION_VERSION } from '../lib/crypto.ts';

/**
 * Every collection the product stores, with the shape of its documents: the one way code reaches
 * a collection (`collections(db).meetings`), so a name is written once and every read and write
 * is typed. Only the backup tool copies collections by the names the server lists.
 */

export interface UserDoc {
  _id: ObjectId;
  name: string;
  /** Trimmed and lower-cased: unique index, no collation needed. */
  email: string;
  passwordHash: string;
  role: Role;
  isVerified: VerificationStatus;
  rejectionReason?: string;
  /** Set while an account made by invitation has no password of its own yet (or was revoked). */
  invitation?: 'pending' | 'revoked';
  /** Set when the person's data was erased on their request (privacy/requests.service.ts). */
  erasedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionDoc {
  /** SHA-256 of the cookie token, hex: the token itself is never stored. */
  _id: string;
  userId: ObjectId;
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  remember: boolean;
  /** The browser's User-Agent at sign-in (at most 512 characters), for the privacy page's device list. */
  userAgent?: string | null;
  /** The address range signed in from (IPv4 /24, IPv6 /48) and its kind; never the full address. */
  network?: string | null;
  place?: SessionPlace;
}

/**
 * One counted event for a rate-limit key: a reserved slot (`_id` `key|window|n`, see
 * rate-limit.ts) or a remembered fact (`_id` the key itself). Hits that earlier versions counted
 * by querying (`_id` an ObjectId: resets, uploads) stay until their expiry purges them.
 */
export interface RateLimitDoc {
  _id: ObjectId | string;
  key: string;
  at: Date;
  expiresAt: Date;
}

export interface AuditEntry {
  _id: ObjectId;
  at: Date;
  actor: { id: string; email: string; role: string } | null;
  action: string;
  target: { type: string; id: string; label?: string };
  /** Plain facts only: never passwords, tokens or full identity or account numbers. */
  details?: Record<string, string | number | boolean | null>;
}

export type AccountLinkPurpose = 'invitation' | 'reset';

/** A one-time link as stored: only the SHA-256 of its token, which is also its _id. */
export interface AccountLinkDoc {
  _id: string;
  purpose: AccountLinkPurpose;
  userId: ObjectId;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  usedAt: Date | null;
}

/** One document per used link: its unique _id (the token's hash) makes each link single-use, even on FerretDB. */
export interface AccountLinkUseDoc {
  _id: string;
  at: Date;
}

type LegalDocument = ApplicationData['personalInfo']['Doc'][number];

/** An identity document with its number encrypted; only the masked form is kept in clear. */
export interface StoredLegalDocument extends Omit<LegalDocument, 'documentId'> {
  documentIdEncrypted: string;
  documentIdMasked: string;
}

export interface StoredBankAccount extends Omit<ApplicationData['bankAccount'], 'accountNumber'> {
  accountNumberEncrypted: string;
  accountNumberMasked: string;
}

/** One per applicant (unique userId); a resubmission replaces it. */
export interface ApplicationDoc {
  _id: ObjectId;
  userId: ObjectId;
  /** The account's name and email at submission, for sorting and searching the admin grid. */
  name: string;
  email: string;
  role: Role;
  /** Mirrors the user's isVerified for the grid; the user document is the authority. */
  status: ApplicationStatus;
  /** 1 for the first submission, one more for each resubmission after a rejection. */
  round: number;
  personalInfo: Omit<ApplicationData['personalInfo'], 'Doc'> & { Doc: StoredLegalDocument[] };
  employmentDetails: ApplicationData['employmentDetails'];
  educationDetails: ApplicationData['educationDetails'];
  bankAccount: StoredBankAccount;
  salarySlip: string[];
  /** Every upload the application points at. */
  fileIds: ObjectId[];
  submittedAt: Date;
  reviewedAt?: Date;
  reviewedBy?: ObjectId;
}

/**
 * One document per step of an application's life: `<userId>:<round>:submit` and
 * `<userId>:<round>:decision`. Their ids are unique, so each step can happen once per round
 * however many requests race for it. Conditional updates alone are not enough: FerretDB applies
 * them without isolation, and two requests can both see `pending` and both succeed.
 */
export interface ApplicationTransitionDoc {
  _id: string;
  userId: ObjectId;
  round: number;
  step: 'submit' | 'decision';
  status: ApplicationStatus;
  at: Date;
  by: ObjectId;
}

/** Who made a change, as the meeting records it (the person's email and role at the time). */
export interface ChangeActor {
  id: ObjectId;
  email: string;
  role: Role;
}

export interface HistoryEntryDoc {
  kind: HistoryKind;
  at: Date;
  by: ChangeActor;
  reason: string;
  from: Date | null;
  to: Date | null;
}

export interface CancellationDoc {
  at: Date;
  by: ChangeActor;
  cause: CancelReason;
  reason: string;
  band: RefundBand;
}

/**
 * A meeting as stored. Participants are referenced by id and, because there is no $lookup,
 * their email and name at creation are copied in for lists and lookups.
 */
export interface MeetingDoc {
  _id: ObjectId;
  /** 'YYYY-MM-DD' and '02:30 PM' as entered (India's calendar and clock). */
  meetingDate: string;
  meetingTime: string;
  /** The UTC instant of the start: sorting, join windows and conflicts use this. */
  startsAt: Date;
  meetingLink: string;
  formLink: string;
  clientId: ObjectId;
  clientEmail: string;
  clientName: string;
  doctorId: ObjectId;
  doctorEmail: string;
  doctorName: string;
  userJoinedAt: Date | null;
  docJoinedAt: Date | null;
  reportLink: string;
  createdAt: Date;
  createdBy: ObjectId;
  /** The life cycle; meetings stored before it are migrated to 'scheduled' (db/migrations/003-meeting-status-v1.ts). */
  status: MeetingStatus;
  cancellation: CancellationDoc | null;
  noShowBy: NoShowParty | null;
  history: HistoryEntryDoc[];
  /** The calendar SEQUENCE: raised on every reschedule and on cancellation (same UID). */
  sequence: number;
  /** The id of the change request waiting for an admin; one at a time. */
  openRequestId: ObjectId | null;
}

/** A short lease on one participant while a booking for them is checked and written. */
export interface BookingClaimDoc {
  /** The participant's user id: the unique _id makes the claim exclusive. */
  _id: string;
  token: string;
  expiresAt: Date;
}

// A participant's list of meeting cards and how it is packed: db/meeting-cards.ts.
export { meetingCard, packCards, unpackCards, type MeetingCard, type MeetingRef, type ParticipantMeetingsDoc } from './meeting-cards.ts';

/**
 * A migration's record (`_id` its id, with `finishedAt` once it ran) or a claim on running it
 * (`<id>:claim:<n>`); see migrations/runner.ts.
 */
export interface MigrationDoc {
  _id: string;
  finishedAt?: Date;
  /** What the run reported (e.g. how many files it encrypted). */
  summary?: string;
  /** On a claim: when the run started, and when the instance running it last said it was alive. */
  startedAt?: Date;
  renewedAt?: Date;
  /** Records written before the runner existed carry these instead of `finishedAt`/`summary`. */
  files?: number;
  at?: Date;
}

/**
 * The database's own records (db/migrations/schema-version.ts): `schema`, the highest schema version
 * a release has brought it to; `import`, present while `pnpm db:import` writes (or after it died).
 */
export interface MetaDoc {
  _id: 'schema' | 'import';
  /** On `schema`. */
  version?: number;
  /** On `import`: the file's name, and when the import began. */
  file?: string;
  startedAt?: Date;
}

/** The GridFS bucket that holds uploads: `uploads.files` and `uploads.chunks`. */
export const UPLOAD_BUCKET = 'uploads';

/** How a stored file's bytes are encrypted (see fileEncryptor); the tag is set once the file is complete. */
export interface FileEncryptionMeta {
  v: typeof FILE_ENCRYPTION_VERSION;
  iv: Binary;
  tag: Binary | null;
}

/** The additional authenticated data of a stored file: a file's bytes moved under another id or owner fail to decrypt. */
export function uploadContext(fileId: ObjectId, ownerId: ObjectId): string {
  return `upload:${fileId.toHexString()}:${ownerId.toHexString()}`;
}

export interface UploadMetadata {
  ownerId: ObjectId;
  /** Absent only on files stored before encryption at rest, until the start-up migration. */
  encryption?: FileEncryptionMeta;
  /** Null only while the file streams in ahead of its `field` part. */
  field: UploadField | null;
  kind: FileKind;
  originalName: string;
  size: number;
}

export type UploadFileDoc = Omit<GridFSFile, 'metadata'> & { metadata: UploadMetadata };

export interface UploadChunkDoc {
  _id: ObjectId;
  files_id: ObjectId;
  n: number;
  data: Binary;
}

export interface CouponDoc {
  _id: ObjectId;
  /** Upper case; the unique index makes codes unique without collation. */
  couponCode: string;
  forNewUsers: boolean;
  isActive: boolean;
  paymentLinks: PaymentLinks;
  createdAt: Date;
  updatedAt: Date;
  createdBy: ObjectId;
}

/** One default link per service and plan; the _id is "service:planType". */
export interface PaymentLinkDoc {
  _id: string;
  service: ServiceKey;
  planType: PlanType;
  paymentLink: string;
  updatedAt: Date;
  updatedBy: ObjectId | null;
}

/**
 * One entry per unfinished outbox message (`pending` or `sending`), under the message's `_id`: what
 * a sender's look and the cancellations read, so that neither reads the whole outbox on FerretDB
 * (which hands SQLite only `_id` filters). The message decides; an entry only points at it. It is
 * written before its message, follows the message's next attempt time, and goes when the message
 * is finished (`mail/outbox.ts`, `mail/sender.ts`).
 */
export interface OutboxQueueDoc {
  _id: ObjectId;
  /** The message's nextAttemptAt when the entry was written; a sender corrects it from the message. */
  nextAttemptAt: Date;
  /**
   * The message's first due time, which retries do not move: how long it has waited (/metrics).
   * Entries written before it was kept got it from their messages (migration 009-outbox-queue-due-v1).
   */
  dueAt?: Date;
  /** When the entry was written: one whose message never came (its writer died) goes after a lease. */
  queuedAt: Date;
  /** Fresh on every write, so a sender removes or corrects only the entry it read. */
  token: string;
  to: string;
  template: EmailTemplate;
  meetingId: string | null;
}

/**
 * One email, stored before anything is sent (DESIGN §7). `data` holds only what the template
 * shows: names, times, the meeting link. A one-time link (invitation, reset) is kept apart in
 * `secret`, encrypted with the document key, and removed once the email has gone.
 */
export interface OutboxDoc {
  _id: ObjectId;
  to: string;
  template: EmailTemplate;
  data: Record<string, string>;
  /** AES-256-GCM of the one-time link, bound to this message's id; null once sent. */
  secret: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When it should go (later than createdAt for reminders). */
  dueAt: Date;
  /** When a sender may next pick it up: its due time, the next retry, or the end of a lease. */
  nextAttemptAt: Date;
  /** A message not sent by then is dropped as `expired` (a reminder for a meeting that started). */
  expiresAt: Date | null;
  /** The meeting it is about, so deleting the meeting can cancel its reminders. */
  meetingId: string | null;
  /** How many leases have been taken on it; the next claim is `<id>:<claims + 1>`. */
  claims: number;
  leaseUntil: Date | null;
  sentAt: Date | null;
  /**
   * The Message-ID header, given when the message is queued, so that every try sends the same one
   * and a mail client shows a repeat as one email. Absent on messages queued by earlier versions:
   * the sender then uses `<id@domain>` (the same on every try too).
   */
  messageId?: string;
}

/** The claim of one lease on one message: its unique _id makes the lease exclusive. */
export interface OutboxClaimDoc {
  _id: string;
  owner: string;
  expiresAt: Date;
}

export interface RefundDoc {
  /** The cancelled meeting's id: at most one refund per meeting. */
  _id: ObjectId;
  clientId: ObjectId;
  clientEmail: string;
  clientName: string;
  doctorName: string;
  startsAt: Date;
  band: RefundBand;
  cause: CancelReason;
  cancelledAt: Date;
  status: 'due' | 'refunded';
  refundedAt: Date | null;
  refundedBy: ChangeActor | null;
  reference: string | null;
}

export interface ChangeRequestDoc {
  _id: ObjectId;
  meetingId: ObjectId;
  kind: ChangeRequestKind;
  status: 'open' | 'approved' | 'declined';
  by: ChangeActor;
  reason: string;
  proposed: { meetingDate: string; meetingTime: string; startsAt: Date } | null;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: ChangeActor | null;
}

export interface AvailabilityDoc extends Availability {
  /** The associate's user id. */
  _id: ObjectId;
  updatedAt: Date;
  updatedBy: ObjectId;
}


/**
 * One act of consent or of its withdrawal (DPDP ss. 6(4), 6(10)): who, which notice version, when
 * and from what address range. Rows are only ever added, never changed, so the record proves what
 * each person agreed to and when; an erasure keeps them (s. 6(10) puts the proof on us).
 */
export interface ConsentDoc {
  _id: ObjectId;
  userId: ObjectId;
  kind: ConsentKind;
  action: 'given' | 'withdrawn';
  version: string;
  at: Date;
  network: string | null;
  /** An application-verification consent: the application's submission round it belongs to. */
  round?: number;
}

/** Consent rows in the order they were given: by time, then by id. */
export function consentOrder(a: Pick<ConsentDoc, '_id' | 'at'>, b: Pick<ConsentDoc, '_id' | 'at'>): number {
  return a.at.getTime() - b.at.getTime() || a._id.toHexString().localeCompare(b._id.toHexString());
}

/** A correction, erasure or grievance request (DPDP ss. 12-13): who, what, when due, and its answer. */
export interface PrivacyRequestDoc {
  _id: ObjectId;
  userId: ObjectId;
  kind: PrivacyRequestKind;
  details: string;
  status: PrivacyRequestStatus | 'erasing';
  createdAt: Date;
  dueAt: Date;
  answer: string | null;
  decidedAt: Date | null;
  decidedBy: ObjectId | null;
  erasureAt: Date | null;
}

/**
 * One read of someone's documents or application by another person (an admin), kept for the
 * person to see (DPDP Rules 2025, Rule 6: logs of access kept at least one year). Nothing removes
 * these rows: not housekeeping and not an erasure, whose audit trail the law makes us keep.
 */
export interface AccessLogDoc {
  _id: ObjectId;
  /** Whose data was read. */
  subjectId: ObjectId;
  actorId: ObjectId;
  /** The reader's name and role as they were then, so the entry stays readable if they change. */
  actorName: string;
  actorRole: Role;
  action: AccessAction;
  /** What was read: a document's file name, or 'Application'. */
  what: string;
  at: Date;
}

/** The person a user names to exercise their rights (DPDP s. 14); one per user, `_id` the user's. */
export interface NomineeDoc {
  _id: ObjectId;
  name: string;
  email: string;
  relationship: string;
  updatedAt: Date;
}

/**
 * An account's email, reached by `_id` (the email itself, as `users` stores it): FerretDB 1.24 hands
 * SQLite only an exact `_id` filter, so finding an account by `email` read every account until it
 * came to it (`lib/user-emails.ts`).
 */
export interface UserEmailDoc {
  _id: string;
  userId: ObjectId;
}

/** The readiness probe's one document per process while the disk is full (lib/storage.ts), removed after each probe. */
export interface StorageProbeDoc {
  _id: string;
  at: Date;
  pad: Binary;
}

function build(db: Db) {
  return {
    users: db.collection<UserDoc>('users'),
    userEmails: db.collection<UserEmailDoc>('user_emails'),
    sessions: db.collection<SessionDoc>('sessions'),
    rateLimits: db.collection<RateLimitDoc>('rate_limits'),
    auditLog: db.collection<AuditEntry>('audit_log'),
    accountLinks: db.collection<AccountLinkDoc>('account_links'),
    accountLinkUses: db.collection<AccountLinkUseDoc>('account_link_uses'),
    applications: db.collection<ApplicationDoc>('applications'),
    applicationTransitions: db.collection<ApplicationTransitionDoc>('application_transitions'),
    meetings: db.collection<MeetingDoc>('meetings'),
    meetingBookingClaims: db.collection<BookingClaimDoc>('meeting_booking_claims'),
    meetingChangeRequests: db.collection<ChangeRequestDoc>('meeting_change_requests'),
    refunds: db.collection<RefundDoc>('refunds'),
    associateAvailability: db.collection<AvailabilityDoc>('associate_availability'),
    participantMeetings: db.collection<ParticipantMeetingsDoc>('participant_meetings'),
    migrations: db.collection<MigrationDoc>('migrations'),
    /** The database's own records: its schema version, and an import that has not finished (db/migrations/schema-version.ts). */
    meta: db.collection<MetaDoc>('meta'),
    storageProbes: db.collection<StorageProbeDoc>('storage_probes'),
    uploadFiles: db.collection<UploadFileDoc>(`${UPLOAD_BUCKET}.files`),
    uploadChunks: db.collection<UploadChunkDoc>(`${UPLOAD_BUCKET}.chunks`),
    coupons: db.collection<CouponDoc>('coupons'),
    paymentLinks: db.collection<PaymentLinkDoc>('payment_links'),
    outbox: db.collection<OutboxDoc>('outbox'),
    outboxClaims: db.collection<OutboxClaimDoc>('outbox_claims'),
    outboxQueue: db.collection<OutboxQueueDoc>('outbox_queue'),
    consents: db.collection<ConsentDoc>('consents'),
    /** Each person's consent rows by number (lib/owner-slots.ts): `<userId>:<n>`. */
    consentSlots: db.collection<OwnerSlotDoc>('consent_slots'),
    privacyRequests: db.collection<PrivacyRequestDoc>('privacy_requests'),
    documentAccessLog: db.collection<AccessLogDoc>('document_access_log'),
    nominees: db.collection<NomineeDoc>('nominees'),
  };
}

export type Collections = ReturnType<typeof build>;

const built = new WeakMap<Db, Collections>();

/** The typed collections of `db`, made once per database object. */
export function collections(db: Db): Collections {
  let cols = built.get(db);
  if (!cols) {
    cols = build(db);
    built.set(db, cols);
  }
  return cols;
}
