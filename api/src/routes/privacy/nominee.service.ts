import type { Db, ObjectId } from 'mongodb';
import type { Nominee } from '@bh/shared';
import type { AppDeps } from '../../lib/deps.ts';

/** The person a user names to exercise their rights (DPDP s. 14); one per user, `_id` the user's. */
export interface NomineeDoc {
  _id: ObjectId;
  name: string;
  email: string;
  relationship: string;
  updatedAt: Date;
}

export function nomineesCollection(db: Db) {
  return db.collection<NomineeDoc>('nominees');
}

export function toNominee(doc: NomineeDoc | null): Nominee | null {
  return doc ? { name: doc.name, email: doc.email, relationship: doc.relationship, updatedAt: doc.updatedAt.toISOString() } : null;
}

export async function getNominee(deps: Pick<AppDeps, 'db'>, userId: ObjectId): Promise<NomineeDoc | null> {
  return nomineesCollection(deps.db).findOne({ _id: userId });
}

export async function setNominee(deps: Pick<AppDeps, 'db' | 'clock'>, userId: ObjectId, input: Omit<NomineeDoc, '_id' | 'updatedAt'>): Promise<NomineeDoc> {
  const doc: NomineeDoc = { _id: userId, ...input, updatedAt: deps.clock.now() };
  await nomineesCollection(deps.db).replaceOne({ _id: userId }, doc, { upsert: true });
  return doc;
}

export async function removeNominee(deps: Pick<AppDeps, 'db'>, userId: ObjectId): Promise<boolean> {
  return (await nomineesCollection(deps.db).deleteOne({ _id: userId })).deletedCount === 1;
}
