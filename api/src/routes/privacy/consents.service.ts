import { ObjectId, type Db } from 'mongodb';
import { NOTICE_VERSION, type ConsentKind, type ConsentRecord } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';
import { networkOf } from '../../lib/network.ts';

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
}

export function consentsCollection(db: Db) {
  return db.collection<ConsentDoc>('consents');
}

export async function recordConsent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
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
  await consentsCollection(deps.db).insertOne(doc);
  return doc;
}

export function toConsentRecord(doc: ConsentDoc): ConsentRecord {
  return { id: doc._id.toHexString(), kind: doc.kind, action: doc.action, version: doc.version, at: doc.at.toISOString(), network: doc.network };
}

/** A person's consents, newest first (a bounded list: one row per act). */
export async function listConsents(deps: Pick<AppDeps, 'db'>, userId: ObjectId): Promise<ConsentDoc[]> {
  return consentsCollection(deps.db).find({ userId }).sort({ at: -1, _id: -1 }).limit(200).toArray();
}

/** Whether the latest notice act is an acceptance of the version in force. */
export function noticeAccepted(consents: readonly ConsentDoc[]): boolean {
  const latest = consents.find((c) => c.kind === 'notice');
  return !!latest && latest.action === 'given' && latest.version === NOTICE_VERSION;
}
