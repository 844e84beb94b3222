import type { SeedStep } from './demo.ts';
import { recordConsent } from '../domain/privacy/consents.service.ts';

/** The demo people have read and accepted the notice in force, so the demo opens on the dashboard. */
export const seedConsents: SeedStep = async (deps, accounts) => {
  for (const account of accounts.values()) await recordConsent(deps, account._id, { kind: 'notice', action: 'given' });
};
