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
import { clearDeletedBytes } from '../../db/vacuum.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { moveEmail } from '../../lib/user-emails.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthUser } from '../../lib/types.ts';
import { eraseParticipant } from '../meetings/meetings.store.ts';
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

/**
 * Without consent to the notice the account cannot be kept: an erasure request follows, unless one
 * is already open.
 */
export async function requestErasureOnWithdrawal(deps: Pick<AppDeps, 'cols' | 'clock'>, userId: ObjectId, details: string): Promise<void> {
  const open = await deps.cols.privacyRequests.findOne({ userId, kind: 'erasure', status: { $in: ['open', 'scheduled', 'erasing'] } });
  if (!open) await createPrivacyRequest(deps, userId, { kind: 'erasure', details });
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
  // What the erasures deleted leaves no bytes in the embedded database's files (DESIGN §2): deleted
  // rows were overwritten as they went, and the log that still held them is written out and emptied.
  if (done > 0) await clearDeletedBytes(deps.db, { rewrite: false });
  return done;
}

/** The stand-in name and address of an erased account (`.invalid` never delivers, RFC 2606). */
export const ERASED_NAME = 'Erased person';
export const erasedEmail = (userId: ObjectId) => `erased-${userId.toHexString()}@erased.invalid`;
/** What stands in a kept record for a text the erased person wrote (a reason, a request's details). */
export const ERASED_TEXT = '(erased)';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces a person's email, name and each word of their name (three letters or more, as a whole
 * word, in any case) in a text others wrote about them ("Priya asked to move it"), with the stand-ins.
 */
export function scrubberFor(person: { name: string; email: string }, stand: { name: string; email: string }): (text: string) => string {
  const words = [person.name.trim(), ...person.name.split(/\s+/)].filter((w) => w.length >= 3);
  const nameRe = words.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...new Set(words)].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu') : null;
  const emailRe = person.email ? new RegExp(escapeRegExp(person.email), 'gi') : null;
  return (text) => {
    let out = emailRe ? text.replace(emailRe, stand.email) : text;
    if (nameRe) out = out.replace(nameRe, stand.name);
    return out;
  };
}

/**
 * Erases one person's personal data (DPDP s. 12(3)) from every collection and keeps what the law
 * makes us keep (PRIVACY.md, "What an erasure removes and what it keeps"):
 * - ended: every session and one-time link; the account can no longer sign in (its email is
 *   replaced and its password is a hash of random bytes nobody knows);
 * - removed: the application (identity and bank numbers), every uploaded document, the nominee,
 *   unsent emails to them, the rate-limit entries named by their email;
 * - anonymised: their name and email wherever a kept record names them (meetings and every
 *   participant's list of them, cancellations and history, change requests, refunds, emails to
 *   others, the audit trail, the access log); the reasons and request texts they wrote become
 *   ERASED_TEXT, and the texts others wrote about them lose their name; a change request of theirs
 *   still open is closed (declined);
 * - kept: the audit trail, the document access log (Rule 6: at least a year), consent records
 *   (s. 6(10): proof of consent), the privacy requests with their answers, refunds' amounts band.
 * Everything that needs their name and email runs before the account itself is rewritten, so a run
 * that fails half-way finds them again when it is repeated (every step is safe to repeat).
 */
export async function eraseAccount(deps: Pick<AppDeps, 'db' | 'cols' | 'clock'>, userId: ObjectId): Promise<void> {
  const { cols } = deps;
  const user = await cols.users.findOne({ _id: userId });
  const email = erasedEmail(userId);
  const hex = userId.toHexString();
  await cols.sessions.deleteMany({ userId });
  await cols.accountLinks.deleteMany({ userId });
  // The account as it was (once rewritten, a repeated run finds only the stand-ins).
  const person = user && user.email !== email ? { name: user.name, email: user.email } : null;
  const scrub = person ? scrubberFor(person, { name: ERASED_NAME, email }) : (text: string) => text;
  const now = deps.clock.now();

  // Change requests: theirs keep no reason and no address, and one still open is closed.
  const closed = new Set<string>();
  for (const request of await cols.meetingChangeRequests.find({ 'by.id': userId }).toArray()) {
    const open = request.status === 'open';
    if (open) closed.add(request._id.toHexString());
    await cols.meetingChangeRequests.updateOne(
      { _id: request._id },
      { $set: { by: { ...request.by, email }, reason: ERASED_TEXT, ...(open ? { status: 'declined' as const, decidedAt: now, decidedBy: null } : {}) } },
    );
  }
  for (const request of await cols.meetingChangeRequests.find({ 'decidedBy.id': userId }).toArray()) {
    await cols.meetingChangeRequests.updateOne({ _id: request._id }, { $set: { 'decidedBy.email': email } });
  }

  // Meetings, with every participant's card of them.
  const byThem = <T extends { by: { id: ObjectId; email: string }; reason: string }>(entry: T): T =>
    entry.by.id.equals(userId) ? { ...entry, by: { ...entry.by, email }, reason: entry.reason ? ERASED_TEXT : '' } : { ...entry, reason: scrub(entry.reason) };
  const meetingIds = await eraseParticipant(deps, userId, (m) => ({
    ...(m.clientId.equals(userId) ? { clientName: ERASED_NAME, clientEmail: email } : {}),
    ...(m.doctorId.equals(userId) ? { doctorName: ERASED_NAME, doctorEmail: email } : {}),
    history: (m.history ?? []).map(byThem),
    cancellation: m.cancellation ? byThem(m.cancellation) : null,
    openRequestId: m.openRequestId && closed.has(m.openRequestId.toHexString()) ? null : (m.openRequestId ?? null),
  }));
  const meetingHexes = meetingIds.map((id) => id.toHexString());

  // Requests others made on those meetings keep their reason, less the person's name.
  for (const request of await cols.meetingChangeRequests.find({ meetingId: { $in: meetingIds } }).toArray()) {
    if (request.by.id.equals(userId)) continue;
    const reason = scrub(request.reason);
    if (reason !== request.reason) await cols.meetingChangeRequests.updateOne({ _id: request._id }, { $set: { reason } });
  }

  // Refunds stay for the accounts (band, dates, status, reference), without the name or address.
  for (const refund of [...(await cols.refunds.find({ _id: { $in: meetingIds } }).toArray()), ...(await cols.refunds.find({ 'refundedBy.id': userId }).toArray())]) {
    await cols.refunds.updateOne(
      { _id: refund._id },
      {
        $set: {
          ...(refund.clientId.equals(userId) ? { clientName: ERASED_NAME, clientEmail: email } : {}),
          doctorName: scrub(refund.doctorName),
          ...(refund.refundedBy?.id.equals(userId) ? { 'refundedBy.email': email } : {}),
        },
      },
    );
  }

  // Emails: unsent ones to them are cancelled, and every stored one keeps neither their address nor
  // what they held; emails to others about their meetings (reminders, confirmations) name the stand-in.
  const theirMail: ObjectId[] = [];
  if (person) {
    const outbox = cols.outbox;
    for (const doc of await outbox.find({ to: person.email }, { projection: { _id: 1 } }).toArray()) theirMail.push(doc._id);
    await outbox.updateMany({ to: person.email, status: { $in: ['pending', 'sending'] } }, { $set: { status: 'cancelled', secret: null } });
    await cols.outboxQueue.deleteMany({ to: person.email });
    await outbox.updateMany({ to: person.email }, { $set: { to: email, data: {}, secret: null, lastError: null } });
    for (const doc of await outbox.find({ meetingId: { $in: meetingHexes } }).toArray()) {
      const data = Object.fromEntries(Object.entries(doc.data).map(([k, v]) => [k, scrub(v)]));
      await outbox.updateOne({ _id: doc._id }, { $set: { data, ...(doc.lastError ? { lastError: scrub(doc.lastError) } : {}) } });
    }
    // Rate-limit entries named by their address (failed sign-ins, familiar addresses, resets, coupon mail).
    await cols.rateLimits.deleteMany({ key: { $regex: `(^|[:|])${escapeRegExp(person.email)}($|[|])`, $options: 'i' } });
  }

  // The audit trail stays (proof of what was done, by whom), naming the account by its id only.
  const targets = [hex, ...meetingHexes, ...theirMail.map((id) => id.toHexString())];
  const entries = [...(await cols.auditLog.find({ 'actor.id': hex }).toArray()), ...(await cols.auditLog.find({ 'target.id': { $in: targets } }).toArray())];
  for (const entry of new Map(entries.map((e) => [e._id.toHexString(), e])).values()) {
    const details = entry.details ? Object.fromEntries(Object.entries(entry.details).map(([k, v]) => [k, typeof v === 'string' ? scrub(v) : v])) : undefined;
    await cols.auditLog.updateOne(
      { _id: entry._id },
      {
        $set: {
          ...(entry.actor?.id === hex ? { 'actor.email': email } : {}),
          ...(entry.target.label !== undefined ? { 'target.label': entry.target.id === hex ? email : scrub(entry.target.label) } : {}),
          ...(details ? { details } : {}),
        },
      },
    );
  }
  // The access log stays (Rule 6): reads by them name the stand-in; what was read of theirs loses their name.
  await cols.documentAccessLog.updateMany({ actorId: userId }, { $set: { actorName: ERASED_NAME } });
  for (const row of await cols.documentAccessLog.find({ subjectId: userId }).toArray()) {
    const what = scrub(row.what);
    if (what !== row.what) await cols.documentAccessLog.updateOne({ _id: row._id }, { $set: { what } });
  }
  // Their privacy requests stay as the record of redress (s. 13), their texts less their name.
  for (const request of await cols.privacyRequests.find({ userId }).toArray()) {
    await cols.privacyRequests.updateOne({ _id: request._id }, { $set: { details: scrub(request.details), answer: request.answer === null ? null : scrub(request.answer) } });
  }

  await cols.applications.deleteMany({ userId });
  const files = await cols.uploadFiles.find({ 'metadata.ownerId': userId }, { projection: { _id: 1 } }).toArray();
  const bucket = uploadsBucket(deps.db);
  for (const file of files) await bucket.delete(file._id).catch(() => {});
  await cols.nominees.deleteOne({ _id: userId });

  // Last, the account: it can no longer sign in, and its address is free.
  if (user && person) {
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    await cols.users.updateOne(
      { _id: userId },
      {
        $set: { name: ERASED_NAME, email, passwordHash: unusable, updatedAt: now, erasedAt: now },
        $unset: { rejectionReason: '', invitation: '' },
      },
    );
    await moveEmail(cols, userId, person.email, email);
  }
  await cols.sessions.deleteMany({ userId });
  await recordAudit(deps, { actor: null, action: 'privacy.erase', target: { type: 'user', id: hex, label: email } });
}
