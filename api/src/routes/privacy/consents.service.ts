import { ObjectId } from 'mongodb';
import { NOTICE_VERSION, type ConsentKind, type ConsentRecord } from '@bh/shared';
import type { ConsentDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { networkOf } from '../../lib/network.ts';

export type { ConsentDoc } from '../../db/collections.ts';

export async function recordConsent(
  deps: Pick<AppDeps, 'cols' | 'clock'>,
  userId: ObjectId,
  input: { kind: ConsentKind; action: 'given' | 'withdrawn'; version?: string; ip?: string },
): Promise<ConsentDoc> {
  const doc: ConsentDoc = {
    _id: new ObjectId(),
    userId,
    kind: input.kind,
    action: input.action,
    version: input.version ?? NOTICE_VERSION,
    at: deps.clock.now(),
    network: networkOf(input.ip).network,
  };
  await deps.cols.consents.insertOne(doc);
  return doc;
}

export function toConsentRecord(doc: ConsentDoc): ConsentRecord {
  return { id: doc._id.toHexString(), kind: doc.kind, action: doc.action, version: doc.version, at: doc.at.toISOString(), network: doc.network };
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
