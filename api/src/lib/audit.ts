import { ObjectId } from 'mongodb';
import type { AppDeps } from './deps.ts';
import type { AuthUser } from './types.ts';

export interface AuditEntry {
  _id: ObjectId;
  at: Date;
  actor: { id: string; email: string; role: string } | null;
  action: string;
  target: { type: string; id: string; label?: string };
  /** Plain facts only: never passwords, tokens or full identity or account numbers. */
  details?: Record<string, string | number | boolean | null>;
}

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
  await deps.db.collection<AuditEntry>('audit_log').insertOne(doc);
}
