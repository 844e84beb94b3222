import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import {
  ERASURE_NOTICE_HOURS,
  PRIVACY_MESSAGES as M,
  PRIVACY_REQUEST_DAYS,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
  type QueuedPrivacyRequest,
} from '@bh/shared';
import type { PrivacyRequestDoc } from '../../db/collections.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { moveEmail } from '../../lib/user-emails.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthUser } from '../../lib/types.ts';
import { renameParticipant } from '../meetings/meetings.store.ts';
import { uploadsBucket } from '../uploads/uploads.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type { PrivacyRequestDoc } from '../../db/collections.ts';

export function toPrivacyRequest(doc: PrivacyRequestDoc): PrivacyRequest {
  return {
    id: doc._id.toHexString(),
    kind: doc.kind,
    details: doc.details,
    // 'erasing' lasts the moment the erasure runs; to the person it is still scheduled.
    status: doc.status === 'erasing' ? 'scheduled' : doc.status,
    createdAt: doc.createdAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    answer: doc.answer,
    decidedAt: doc.decidedAt?.toISOString() ?? null,
    erasureAt: doc.erasureAt?.toISOString() ?? null,
  };
}

/** The most requests one list holds (the person's own, or the admins' queue). */
export const PRIVACY_REQUEST_LIST_LIMIT = 200;

/**
 * Files a request with its due date. One open request of each kind at a time: a second would only
 * split the answer. (Checked, then inserted: two at once from one person can both land, which
 * costs nothing but a duplicate an admin closes.)
 */
export async function createPrivacyRequest(
  deps: Pick<AppDeps, 'cols' | 'clock'>,
  userId: ObjectId,
  input: { kind: PrivacyRequestKind; details: string },
): Promise<PrivacyRequestDoc> {
  const open = await deps.cols.privacyRequests.findOne({ userId, kind: input.kind, status: { $in: ['open', 'scheduled', 'erasing'] } });
  if (open) throw conflict(M.requestOpenAlready);
  const now = deps.clock.now();
  const doc: PrivacyRequestDoc = {
    _id: new ObjectId(),
    userId,
    kind: input.kind,
    details: input.details,
    status: 'open',
    createdAt: now,
    dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS[input.kind] * DAY_MS),
    answer: null,
    decidedAt: null,
    decidedBy: null,
    erasureAt: null,
  };
  await deps.cols.privacyRequests.insertOne(doc);
  return doc;
}

export async function listOwnRequests(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<PrivacyRequestDoc[]> {
  return deps.cols.privacyRequests.find({ userId }).sort({ createdAt: -1, _id: -1 }).limit(PRIVACY_REQUEST_LIST_LIMIT).toArray();
}

/** The verified admins' queue: open requests first, soonest due first, then the latest decided. */
export async function listQueue(deps: Pick<AppDeps, 'cols'>): Promise<QueuedPrivacyRequest[]> {
  const col = deps.cols.privacyRequests;
  const open = await col.find({ status: 'open' }).sort({ dueAt: 1, _id: 1 }).limit(PRIVACY_REQUEST_LIST_LIMIT).toArray();
  const decided = await col
    .find({ status: { $ne: 'open' } })
    .sort({ decidedAt: -1, _id: -1 })
    .limit(Math.max(0, PRIVACY_REQUEST_LIST_LIMIT - open.length))
    .toArray();
  const docs = [...open, ...decided];
  const people = await deps.cols.users
    .find({ _id: { $in: [...new Set(docs.map((d) => d.userId.toHexString()))].map((id) => new ObjectId(id)) } }, { projection: { passwordHash: 0 } })
    .toArray();
  const byId = new Map(people.map((p) => [p._id.toHexString(), p]));
  return docs.map((doc) => {
    const person = byId.get(doc.userId.toHexString());
    return {
      ...toPrivacyRequest(doc),
      person: { id: doc.userId.toHexString(), name: person?.name ?? '', email: person?.email ?? '', role: person?.role ?? 'user' },
    };
  });
}

/**
 * A verified admin decides an open request, with reasons. An accepted erasure is scheduled
 * ERASURE_NOTICE_HOURS ahead and announced to the person by email at once (DPDP Rules 2025);
 * anything else is answered. The open → decided step is one conditional update, so two admins
 * deciding at once cannot both win.
 */
export async function decideRequest(
  deps: Pick<AppDeps, 'db' | 'cols' | 'clock' | 'outbox'>,
  admin: AuthUser,
  id: ObjectId,
  input: { decision: 'accept' | 'reject'; answer: string },
): Promise<PrivacyRequestDoc> {
  const col = deps.cols.privacyRequests;
  const current = await col.findOne({ _id: id });
  if (!current) throw notFound(M.requestNotFound);
  const now = deps.clock.now();
  const erasure = current.kind === 'erasure' && input.decision === 'accept';
  const status: PrivacyRequestStatus = input.decision === 'reject' ? 'rejected' : erasure ? 'scheduled' : current.kind === 'grievance' ? 'answered' : 'completed';
  const erasureAt = erasure ? new Date(now.getTime() + ERASURE_NOTICE_HOURS * HOUR_MS) : null;
  const decided = await col.findOneAndUpdate(
    { _id: id, status: 'open' },
    { $set: { status, answer: input.answer, decidedAt: now, decidedBy: admin._id, erasureAt } },
    { returnDocument: 'after' },
  );
  if (!decided) throw conflict(M.requestAlreadyDecided);
  const person = await deps.cols.users.findOne({ _id: decided.userId });
  if (erasure && erasureAt && person) {
    await deps.outbox.enqueue([{ to: person.email, template: 'erasure-scheduled', data: { name: person.name, erasureAt: erasureAt.toISOString() } }]);
  }
  await recordAudit(deps, {
    actor: admin,
    action: 'privacy.decide',
    target: { type: 'user', id: decided.userId.toHexString(), label: person?.email ?? '' },
    details: { kind: decided.kind, decision: input.decision },
  });
  return decided;
}

/**
 * Carries out every scheduled erasure whose 48 hours are over. Each is claimed by one conditional
 * update (scheduled → erasing), so several instances never erase twice; one that fails half-way
 * stays `erasing` and is taken up again by the next run (every step is safe to repeat).
 */
export async function runDueErasures(deps: Pick<AppDeps, 'db' | 'cols' | 'clock' | 'outbox'>): Promise<number> {
  const col = deps.cols.privacyRequests;
  const now = deps.clock.now();
  let done = 0;
  const due = await col.find({ kind: 'erasure', status: { $in: ['scheduled', 'erasing'] }, erasureAt: { $lte: now } }).limit(50).toArray();
  for (const request of due) {
    const claimed = await col.findOneAndUpdate({ _id: request._id, status: request.status }, { $set: { status: 'erasing' } }, { returnDocument: 'after' });
    if (!claimed) continue;
    await eraseAccount(deps, request.userId);
    await col.updateOne({ _id: request._id }, { $set: { status: 'completed' } });
    done += 1;
  }
  return done;
}

/** The stand-in name and address of an erased account (`.invalid` never delivers, RFC 2606). */
export const ERASED_NAME = 'Erased person';
export const erasedEmail = (userId: ObjectId) => `erased-${userId.toHexString()}@erased.invalid`;

/**
 * Erases one person's personal data (DPDP s. 12(3)) and keeps what the law makes us keep
 * (PRIVACY.md, "What an erasure keeps"):
 * - ended: every session and one-time link; the account can no longer sign in (its email is
 *   replaced and its password is a hash of random bytes nobody knows);
 * - removed: the application (identity and bank numbers), every uploaded document, the nominee,
 *   unsent emails to them, and their name and address in the outbox;
 * - anonymised: their name and email in meetings, which stay as the other participant's records;
 * - kept: the audit trail, the document access log (Rule 6: at least a year), consent records
 *   (s. 6(10): proof of consent) and the privacy requests with their answers.
 */
export async function eraseAccount(deps: Pick<AppDeps, 'db' | 'cols' | 'clock'>, userId: ObjectId): Promise<void> {
  const user = await deps.cols.users.findOne({ _id: userId });
  const email = erasedEmail(userId);
  await deps.cols.sessions.deleteMany({ userId });
  await deps.cols.accountLinks.deleteMany({ userId });
  if (user && user.email !== email) {
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    await deps.cols.users.updateOne(
      { _id: userId },
      {
        $set: { name: ERASED_NAME, email, passwordHash: unusable, updatedAt: deps.clock.now(), erasedAt: deps.clock.now() },
        $unset: { rejectionReason: '', invitation: '' },
      },
    );
    await moveEmail(deps.cols, userId, user.email, email);
    const outbox = deps.cols.outbox;
    await outbox.updateMany({ to: user.email, status: { $in: ['pending', 'sending'] } }, { $set: { status: 'cancelled', secret: null } });
    await deps.cols.outboxQueue.deleteMany({ to: user.email });
    await outbox.updateMany({ to: user.email }, { $set: { to: email, data: {}, secret: null } });
  }
  await deps.cols.sessions.deleteMany({ userId });
  await deps.cols.applications.deleteMany({ userId });
  const files = await deps.cols.uploadFiles.find({ 'metadata.ownerId': userId }, { projection: { _id: 1 } }).toArray();
  const bucket = uploadsBucket(deps.db);
  for (const file of files) await bucket.delete(file._id).catch(() => {});
  await deps.cols.nominees.deleteOne({ _id: userId });
  // The meetings and every participant's list of them (the meetings store keeps both in step); a
  // list held by a booking for too long fails the run, and the next run repeats this step.
  await renameParticipant(deps, userId, { name: ERASED_NAME, email });
  await recordAudit(deps, { actor: null, action: 'privacy.erase', target: { type: 'user', id: userId.toHexString(), label: email } });
}
