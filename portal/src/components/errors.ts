import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../providers/http.ts';

/**
 * What to tell the admin when a call fails (spec §8): the server's message when it sent one, the
 * screen's fallback when it answered without one, the network text when nothing came back, and a
 * generic text when the answer made no sense.
 */
export function failureText(
  error: unknown,
  texts: { fallback: string; network?: string; generic?: string },
): string {
  if (error instanceof ApiError) {
    if (error.failure === 'network' || error.failure === 'timeout') return texts.network ?? texts.fallback;
    if (error.failure === 'parse') return texts.generic ?? texts.fallback;
    return error.serverMessage ?? texts.fallback;
  }
  return texts.generic ?? texts.fallback;
}

/** The HTTP status of a failed call, 0 when nothing came back. */
export function failureStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/**
 * Shows the server's per-field messages (400 `errors[]`) under the fields they name. Returns
 * whether any was shown, so the caller can still show the overall message.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.body?.errors) return false;
  let shown = false;
  for (const { path, message } of error.body.errors) {
    const field = fields.find((f) => f === path);
    if (field) {
      setError(field, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
}
