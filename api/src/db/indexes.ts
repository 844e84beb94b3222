import type { Db } from 'mongodb';
import { collections, type Collections } from './collections.ts';

type IndexSpec = { collection: keyof Collections; key: Record<string, 1 | -1>; unique?: boolean; name: string };

/**
 * Every index the API's queries use. Plain and unique indexes only (no TTL, partial or collation),
 * so the same list works on MongoDB 6+ and FerretDB.
 * A route that adds a query adds its index here.
 */
const INDEXES: IndexSpec[] = [
  { collection: 'users', key: { email: 1 }, unique: true, name: 'email_unique' },
  { collection: 'users', key: { role: 1, isVerified: 1, createdAt: -1 }, name: 'role_status' },
  { collection: 'sessions', key: { userId: 1 }, name: 'by_user' },
  { collection: 'sessions', key: { absoluteExpiresAt: 1 }, name: 'by_expiry' },
  { collection: 'rateLimits', key: { key: 1, at: -1 }, name: 'by_key_time' },
  { collection: 'rateLimits', key: { expiresAt: 1 }, name: 'by_expiry' },
  { collection: 'auditLog', key: { at: -1 }, name: 'by_time' },
  { collection: 'auditLog', key: { action: 1, at: -1 }, name: 'by_action' },
  { collection: 'auditLog', key: { 'actor.email': 1, at: -1 }, name: 'by_actor' },
  // Meetings: each participant's list and overlap check, the admin window, the lookup by email.
  { collection: 'meetings', key: { clientId: 1, startsAt: 1 }, name: 'by_client_start' },
  { collection: 'meetings', key: { doctorId: 1, startsAt: 1 }, name: 'by_doctor_start' },
  { collection: 'meetings', key: { startsAt: 1 }, name: 'by_start' },
  { collection: 'meetings', key: { clientEmail: 1, startsAt: 1 }, name: 'by_client_email' },
  { collection: 'meetings', key: { doctorEmail: 1, startsAt: 1 }, name: 'by_doctor_email' },
  // Coupon codes are stored upper case, so a plain unique index refuses duplicates in any case.
  { collection: 'coupons', key: { couponCode: 1 }, unique: true, name: 'code_unique' },
  { collection: 'coupons', key: { createdAt: -1 }, name: 'by_created' },
  // Admin grid sorts that no other index serves.
  { collection: 'meetings', key: { createdAt: -1 }, name: 'by_created' },
  // Booking changes: the admin's request queue and the refunds due (issue 18).
  { collection: 'meetingChangeRequests', key: { status: 1, createdAt: 1 }, name: 'by_status_created' },
  { collection: 'refunds', key: { status: 1, cancelledAt: -1 }, name: 'by_status_cancelled' },
  { collection: 'coupons', key: { updatedAt: -1 }, name: 'by_updated' },
  { collection: 'users', key: { createdAt: -1 }, name: 'by_created' },
  { collection: 'users', key: { name: 1 }, name: 'by_name' },
  // Applications: one per applicant, and the admin grid's sorts and status filter.
  { collection: 'applications', key: { userId: 1 }, unique: true, name: 'user_unique' },
  { collection: 'applications', key: { submittedAt: 1 }, name: 'by_submitted' },
  { collection: 'applications', key: { status: 1, submittedAt: 1 }, name: 'by_status' },
  { collection: 'applications', key: { name: 1 }, name: 'by_name' },
  { collection: 'applications', key: { email: 1 }, name: 'by_email' },
  // Uploads (GridFS bucket 'uploads'): the driver's own two indexes under the names it would
  // give them, so start-up and the driver never disagree, and the owner check on applications.
  { collection: 'uploadFiles', key: { filename: 1, uploadDate: 1 }, name: 'filename_1_uploadDate_1' },
  { collection: 'uploadChunks', key: { files_id: 1, n: 1 }, unique: true, name: 'files_id_1_n_1' },
  { collection: 'uploadFiles', key: { 'metadata.ownerId': 1 }, name: 'by_owner' },
  // Outbox: what is due, the admin grid's sorts and filters, a meeting's reminders.
  { collection: 'outbox', key: { status: 1, nextAttemptAt: 1 }, name: 'by_due' },
  { collection: 'outbox', key: { createdAt: -1 }, name: 'by_created' },
  { collection: 'outbox', key: { meetingId: 1 }, name: 'by_meeting' },
  { collection: 'outbox', key: { to: 1, createdAt: -1 }, name: 'by_recipient' },
  { collection: 'outbox', key: { status: 1, createdAt: -1 }, name: 'by_status_created' },
  { collection: 'outbox', key: { template: 1, createdAt: -1 }, name: 'by_template_created' },
  { collection: 'outboxClaims', key: { expiresAt: 1 }, name: 'by_expiry' },
  // The unfinished messages: a sender's look (in due order), a meeting's reminders, one address's.
  { collection: 'outboxQueue', key: { nextAttemptAt: 1, _id: 1 }, name: 'by_due' },
  { collection: 'outboxQueue', key: { meetingId: 1 }, name: 'by_meeting' },
  { collection: 'outboxQueue', key: { to: 1 }, name: 'by_recipient' },
  // The oldest message still waiting since it was due (/metrics).
  { collection: 'outboxQueue', key: { dueAt: 1 }, name: 'by_first_due' },
  // One-time links (invitations, resets) of an account, and pending invitations.
  { collection: 'accountLinks', key: { userId: 1, purpose: 1, createdAt: -1 }, name: 'by_user' },
  { collection: 'users', key: { invitation: 1, createdAt: -1 }, name: 'by_invitation' },
  // The privacy page's log of who read a person's documents.
  { collection: 'documentAccessLog', key: { subjectId: 1, at: -1 }, name: 'by_subject' },
  // Privacy centre: a person's consents and requests, the admins' queue, the erasure runner.
  { collection: 'consents', key: { userId: 1, at: -1 }, name: 'by_user' },
  { collection: 'privacyRequests', key: { userId: 1, createdAt: -1 }, name: 'by_user' },
  { collection: 'privacyRequests', key: { status: 1, dueAt: 1 }, name: 'by_status_due' },
  { collection: 'privacyRequests', key: { decidedAt: -1 }, name: 'by_decided' },
  { collection: 'privacyRequests', key: { kind: 1, status: 1, erasureAt: 1 }, name: 'by_erasure' },
];

/** Idempotent: safe on every start-up and from several processes at once. */
export async function ensureIndexes(db: Db): Promise<void> {
  const cols = collections(db);
  for (const spec of INDEXES) {
    await cols[spec.collection].createIndex(spec.key, { name: spec.name, unique: spec.unique ?? false });
  }
}
