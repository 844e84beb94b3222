import type { ObjectId } from 'mongodb';
import type { Nominee } from '@bh/shared';
import type { NomineeDoc } from '../../db/collections.ts';
import type { AppDeps } from '../../lib/deps.ts';

export type { NomineeDoc } from '../../db/collections.ts';

export function toNominee(doc: NomineeDoc | null): Nominee | null {
  return doc ? { name: doc.name, email: doc.email, relationship: doc.relationship, updatedAt: doc.updatedAt.toISOString() } : null;
}

export async function getNominee(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<NomineeDoc | null> {
  return deps.cols.nominees.findOne({ _id: userId });
}

export async function setNominee(deps: Pick<AppDeps, 'cols' | 'clock'>, userId: ObjectId, input: Omit<NomineeDoc, '_id' | 'updatedAt'>): Promise<NomineeDoc> {
  const doc: NomineeDoc = { _id: userId, ...input, updatedAt: deps.clock.now() };
  await deps.cols.nominees.replaceOne({ _id: userId }, doc, { upsert: true });
  return doc;
}

export async function removeNominee(deps: Pick<AppDeps, 'cols'>, userId: ObjectId): Promise<boolean> {
  return (await deps.cols.nominees.deleteOne({ _id: userId })).deletedCount === 1;
}
