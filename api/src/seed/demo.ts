import type { AppDeps } from '../lib/deps.ts';
import type { AuthUser } from '../lib/types.ts';
import { createAccount, type NewAccount } from '../domain/accounts/user.service.ts';
import { seedMeetings } from './meetings.ts';
import { seedPayments } from './payments.ts';
import { seedApplications } from './applications.ts';
import { seedConsents } from './privacy.ts';

/** Demo accounts for a first start on the embedded database (never with MONGODB_URI). */
export const DEMO_PASSWORD = 'Demo-Health-2025';
export const DEMO_ACCOUNTS: NewAccount[] = [
  { name: 'Asha Admin', email: 'admin@demo.betterhealth.in', password: DEMO_PASSWORD, role: 'admin', isVerified: 'verified' },
  { name: 'Dr. Meera Rao', email: 'meera@demo.betterhealth.in', password: DEMO_PASSWORD, role: 'doctor', isVerified: 'verified' },
  { name: 'Vikram Shah', email: 'vikram@demo.betterhealth.in', password: DEMO_PASSWORD, role: 'doctor', isVerified: 'not_submitted' },
  { name: 'Priya Nair', email: 'priya@demo.betterhealth.in', password: DEMO_PASSWORD, role: 'user' },
  { name: 'Rahul Verma', email: 'rahul@demo.betterhealth.in', password: DEMO_PASSWORD, role: 'user' },
];

/** A seeding step for one domain, given the demo accounts by email (meetings.ts, payments.ts, applications.ts). */
export type SeedStep = (deps: AppDeps, accounts: Map<string, AuthUser>) => Promise<void>;

export const SEED_STEPS: SeedStep[] = [seedMeetings, seedPayments, seedApplications, seedConsents];

/** Seeds only an empty database; returns the logins to print, or null when it did nothing. */
export async function seedDemoData(deps: AppDeps): Promise<{ email: string; role: string; password: string }[] | null> {
  if ((await deps.cols.users.estimatedDocumentCount()) > 0) return null;
  const accounts = new Map<string, AuthUser>();
  for (const account of DEMO_ACCOUNTS) {
    const created = await createAccount(deps, account);
    if (created) accounts.set(account.email, created);
  }
  for (const step of SEED_STEPS) await step(deps, accounts);
  return DEMO_ACCOUNTS.map((a) => ({
    email: a.email,
    role: a.role === 'doctor' ? `BH Associate (${a.isVerified === 'verified' ? 'verified' : 'not verified'})` : a.role,
    password: a.password,
  }));
}
