import { z } from 'zod';

/** Browser storage key of the remembered login (spec §2.3, §9). */
export const REMEMBERED_LOGIN_KEY = 'rememberedLogin';

/**
 * Only the email is remembered. The spec also kept the password in browser storage, where any
 * script on the origin could read it; DESIGN §3 drops that on purpose. An entry written that way
 * still pre-fills the email, and is rewritten without the password the first time it is read.
 */
const rememberedLoginSchema = z.object({ email: z.string().max(254) });

export function readRememberedEmail(storage: Storage = window.localStorage): string | null {
  try {
    const raw = storage.getItem(REMEMBERED_LOGIN_KEY);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    const parsed = rememberedLoginSchema.safeParse(stored);
    if (!parsed.success) return null;
    if (typeof stored === 'object' && stored !== null && Object.keys(stored).some((key) => key !== 'email')) {
      rememberEmail(parsed.data.email, storage);
    }
    return parsed.data.email;
  } catch {
    return null;
  }
}

export function rememberEmail(email: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify({ email }));
  } catch {
    // Storage can be full or disabled (private windows); signing in works without it.
  }
}

export function forgetRememberedLogin(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(REMEMBERED_LOGIN_KEY);
  } catch {
    // As above: nothing to undo when storage is unavailable.
  }
}
