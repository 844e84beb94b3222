import { z } from 'zod';
import { istDateString, parseIsoDate } from '../rules/time.ts';
import { isHttpUrl, URL_MAX_LENGTH } from '../rules/url.ts';

/** A clock the schemas read "today" and "now" from; tests pass a fixed one. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * For object-level refinements that compare fields: run them as soon as those fields are valid,
 * even while other fields still have errors, so the form shows every problem at once.
 */
export function whenFieldsValid(...keys: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    !payload.issues.some((issue) => issue.path !== undefined && keys.includes(String(issue.path[0])));
}

/** A required absolute http(s) link; `https` also refuses plain http with its own message. */
export function httpUrlField(required: string, invalid: string, https?: { message: string }) {
  const base = z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(URL_MAX_LENGTH, invalid)
    .refine((v) => isHttpUrl(v), invalid);
  if (!https) return base;
  return base.refine((v) => isHttpUrl(v, { httpsOnly: true }), { message: https.message, abort: true });
}

/** A required calendar date written 'YYYY-MM-DD', as date inputs send it. */
export function isoDateField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => parseIsoDate(v) !== null, { message: invalid, abort: true });
}

/** A date that is today or earlier in India (birth, job start and end dates). */
export function pastOrTodayDateField(required: string, invalid: string, inFuture: string, now: Clock) {
  return isoDateField(required, invalid).refine((v) => v <= istDateString(now()), inFuture);
}

/**
 * One of a fixed list. A missing or blank value gets the field's "required" text; anything else
 * outside the list (a crafted request) gets the generic one.
 */
export function choiceField<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid),
  });
}

/** An optional free-text field: trimmed, '' when left empty. */
export function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).default('');
}
