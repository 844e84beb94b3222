import { ObjectId } from 'mongodb';
import { collections, type AuditEntry } from '../db/collections.ts';
import type { AppDeps } from './deps.ts';
import type { AuthUser } from './types.ts';

export async function recordAudit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  entry: {
    actor: AuthUser | null;
    action: string;
    target: AuditEntry['target'];
    details?: AuditEntry['details'];
  },
): Promise<void> {
  const doc: AuditEntry = {
    _id: new ObjectId(),
    at: deps.clock.now(),
    actor: entry.actor ? { id: entry.actor._id.toHexString(), email: entry.actor.email, role: entry.actor.role } : null,
    action: entry.action,
    target: entry.target,
    ...(entry.details ? { details: entry.details } : {}),
  };
  await collections(deps.db).auditLog.insertOne(doc);
}
