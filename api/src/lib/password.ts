import { hash, verify } from '@node-rs/argon2';

/** Argon2id at OWASP's minimum recommendation: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the account does not exist,
 * so response timing does not reveal which emails are registered.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-account-password');
  await verifyPassword(await dummy, password);
}
