import { ObjectId } from 'mongodb';
import { NOTICE_VERSION, verificationConsentOf, type ConsentKind, type ConsentRecord, type VerificationConsent } from '@bh/shared';
import type { ConsentDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { networkOf } from '../../lib/network.ts';

export type { ConsentDoc } from '../../db/collections.ts';

export async function recordConsent(
  deps: Pick<AppDeps, 'cols' | 'clock'>,
  userId: ObjectId,
  input: { kind: ConsentKind; action: 'given' | 'withdrawn'; version?: string; round?: number; ip?: string | undefined; at?: Date },
): Promise<ConsentDoc> {
  const doc: ConsentDoc = {
    _id: new ObjectId(),
    userId,
    kind: input.kind,
    action: input.action,
    version: input.version ?? NOTICE_VERSION,
    at: input.at ?? deps.clock.now(),
    network: networkOf(input.ip).network,
    ...(input.round !== undefined ? { round: input.round } : {}),
  };
  await deps.cols.consents.insertOne(doc);
  return doc;
}

export function toConsentRecord(doc: ConsentDoc): ConsentRecord {
  return {
    id: doc._id.toHexString(),
    kind: doc.kind,
    action: doc.action,
    version: doc.version,
    at: doc.at.toISOString(),
    network: doc.network,
    ...(doc.round !== undefined ? { round: doc.round } : {}),
  };
}

/** A person's consents, newest first (a bounded list: one row per act). */
export async function listConsents(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<ConsentDoc[]> {
  return deps.cols.consents.find({ userId }).sort({ at: -1, _id: -1 }).limit(200).toArray();
}

/** Whether the latest notice act is an acceptance of the version in force. */
export function noticeAccepted(consents: readonly ConsentDoc[]): boolean {
  const latest = consents.find((c) => c.kind === 'notice');
  return !!latest && latest.action === 'given' && latest.version === NOTICE_VERSION;
}

/** The consent an application's round was submitted under, and its withdrawal if any. */
export type ApplicationConsentState = VerificationConsent<Date>;

/** The consent to verify round `round` of a person's application, from their rows (newest first). */
export function applicationConsentOf(consents: readonly ConsentDoc[], round: number): ApplicationConsentState | null {
  return verificationConsentOf(consents, round);
}

/**
 * The application-verification consent of one round, read from the person's rows: the record is
 * the authority, the application holds no copy.
 */
export async function findApplicationConsent(deps: Pick<AppDeps, 'cols'>, userId: ObjectId, round: number): Promise<ApplicationConsentState | null> {
  const rows = await deps.cols.consents.find({ userId, kind: 'application-verification', round }).sort({ at: -1, _id: -1 }).limit(50).toArray();
  return applicationConsentOf(rows, round);
}
