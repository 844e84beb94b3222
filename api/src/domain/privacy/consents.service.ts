import { ObjectId } from 'mongodb';
import { NOTICE_VERSION, verificationConsentOf, type ConsentKind, type ConsentRecord, type VerificationConsent } from '@bh/shared';
import { consentOrder, type ConsentDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { networkOf } from '../../lib/network.ts';
import { appendSlot, IN_BATCH, slotItems } from '../../lib/owner-slots.ts';

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
  // Listed first: a listed row that never came is skipped; a row nobody listed would be lost to
  // its owner's reads.
  await appendSlot(deps.cols.consentSlots, userId.toHexString(), doc._id);
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

/**
 * Every consent row of a person, newest first. Read through the person's list of rows
 * (`consent_slots`, lib/owner-slots.ts) and then by `_id`: the portal asks for them on every start
 * (the notice gate), and a query by `userId` read every person's consents on FerretDB.
 */
async function consentsOf(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<ConsentDoc[]> {
  const ids = await slotItems(deps.cols.consentSlots, userId.toHexString());
  const rows: ConsentDoc[] = [];
  for (let i = 0; i < ids.length; i += IN_BATCH) rows.push(...(await deps.cols.consents.find({ _id: { $in: ids.slice(i, i + IN_BATCH) } }).toArray()));
  return rows
    .filter((row) => row.userId.equals(userId))
    .sort((a, b) => consentOrder(b, a));
}

/** A person's consents, newest first (a bounded list: one row per act). */
export async function listConsents(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<ConsentDoc[]> {
  return (await consentsOf(deps, userId)).slice(0, 200);
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
  const rows = (await consentsOf(deps, userId)).filter((row) => row.kind === 'application-verification' && row.round === round);
  return applicationConsentOf(rows, round);
}
