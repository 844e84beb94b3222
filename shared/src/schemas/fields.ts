import { z } from 'zod';
import { istDateString, parseIsoDate } from '../rules/time.ts';
import { cleanText, hasVisibleText } from '../rules/text.ts';
import { isHttpUrl, URL_MAX_LENGTH } from '../rules/url.ts';
import { lineString } from './common.ts';

/** A clock the schemas read "today" and "now" from; tests pass a fixed one. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * Issues on the value itself (wrong type, unknown keys) have an empty path. Cross-field checks must
 * not run then: the value may not even be an object.
 */
function touchesRoot(issue: z.core.$ZodRawIssue): boolean {
  return issue.path === undefined || issue.path.length === 0;
}

/**
 * For object-level refinements that compare fields: run them as soon as those fields are valid,
 * even while other fields still have errors, so the form shows every problem at once.
 */
export function whenFieldsValid(...keys: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    !payload.issues.some((issue) => touchesRoot(issue) || keys.includes(String(issue.path?.[0])));
}

/** True when one path lies on the other: an issue on ['Doc', 0] also spoils ['Doc', 0, 'documentType']. */
function overlaps(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** Like whenFieldsValid for nested paths: nothing on, above or below these paths may have an issue. */
export function whenPathsValid(...paths: readonly (readonly PropertyKey[])[]) {
  return (payload: z.core.ParsePayload): boolean =>
    !payload.issues.some(
      (issue) => touchesRoot(issue) || paths.some((path) => overlaps(path, issue.path ?? [])),
    );
}

// Checks after the first failing one return true instead of aborting: an explicit abort would
// also stop the object-level checks above (zod skips `when` checks once anything aborted).

/** A required absolute http(s) link; `https` also refuses plain http with its own message. */
export function httpUrlField(required: string, invalid: string, https?: { message: string }) {
  const base = z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(URL_MAX_LENGTH, invalid)
    .refine((v) => v === '' || isHttpUrl(v), invalid);
  if (!https) return base;
  return base.refine((v) => !isHttpUrl(v) || isHttpUrl(v, { httpsOnly: true }), https.message);
}

/** A required calendar date written 'YYYY-MM-DD', as date inputs send it. */
export function isoDateField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => v === '' || parseIsoDate(v) !== null, invalid);
}

/** A date that is today or earlier in India (birth, job start and end dates). */
export function pastOrTodayDateField(required: string, invalid: string, inFuture: string, now: Clock) {
  return isoDateField(required, invalid).refine(
    (v) => parseIsoDate(v) === null || v <= istDateString(now()),
    inFuture,
  );
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

/** An optional free-text field: cleaned like requiredText and trimmed; '' when nothing visible is left. */
export function optionalText(max: number, tooLong: string) {
  return optionalTextOf(z.string(), max, tooLong);
}

/** An optional single-line field (a middle name): optionalText on one line (lineString). */
export function optionalLine(max: number, tooLong: string) {
  return optionalTextOf(lineString(), max, tooLong);
}

function optionalTextOf(base: z.ZodString, max: number, tooLong: string) {
  return base
    .overwrite(cleanText)
    .trim()
    .max(max, tooLong)
    .overwrite((v) => (hasVisibleText(v) ? v : ''))
    .default('');
}
