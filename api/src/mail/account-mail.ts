import type { ObjectId } from 'mongodb';
import { ROLE_LABELS, type Role } from '@bh/shared';
import type { Outbox } from './outbox.ts';

interface Person {
  name: string;
  email: string;
}

/** The associate hears of the decision on their application; a rejection says why and where to fix it. */
export async function queueApplicationDecision(
  outbox: Outbox,
  user: Person,
  decision: { status: 'verified' } | { status: 'rejected'; reason: string },
): Promise<void> {
  await outbox.enqueue([
    decision.status === 'verified'
      ? { to: user.email, template: 'application-verified', data: { name: user.name } }
      : { to: user.email, template: 'application-rejected', data: { name: user.name, reason: decision.reason } },
  ]);
}

export async function queueInvitation(outbox: Outbox, user: Person & { role: Role }, link: string): Promise<ObjectId[]> {
  return outbox.enqueue([{ to: user.email, template: 'invitation', data: { name: user.name, roleLabel: ROLE_LABELS[user.role] }, link }]);
}

export async function queuePasswordReset(outbox: Outbox, user: Person, link: string): Promise<void> {
  await outbox.enqueue([{ to: user.email, template: 'password-reset', data: { name: user.name }, link }]);
}

export async function queuePasswordChanged(outbox: Outbox, user: Person, changedAt: Date): Promise<void> {
  await outbox.enqueue([{ to: user.email, template: 'password-changed', data: { name: user.name, changedAt: changedAt.toISOString() } }]);
}
