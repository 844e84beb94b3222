import { z } from 'zod';
import { GENERAL_MESSAGES } from '../messages/index.ts';
import { cleanEmail, cleanText, hasVisibleText, isSingleLine } from '../rules/text.ts';

/**
 * An email as stored and compared everywhere: cleaned, NFKC, lower case and trimmed (see
 * cleanEmail), so a full-width or zero-width look-alike of an address is that address.
 */
export function emailField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .overwrite(cleanEmail)
    .trim()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }));
}

/**
 * The string every single-line field starts from (names, titles, places, phone numbers, codes):
 * a line break or any other control character is refused with one message, checked on the text
 * as sent, before cleaning could drop a NUL and hide that something was wrong. Text with nothing
 * visible is left to the field's own "required" check.
 */
export function lineString(required?: string) {
  return z.string(required === undefined ? undefined : { error: required }).refine((v) => !hasVisibleText(v) || isSingleLine(v), GENERAL_MESSAGES.singleLine);
}

function requiredTextOf(base: z.ZodString, message: string, max: number) {
  return base
    .overwrite(cleanText)
    .trim()
    .min(1, message)
    .refine((v) => v === '' || hasVisibleText(v), message)
    .max(max, `Must be at most ${max} characters`);
}

/**
 * Free text with the spec's "required" message: cleaned (NFC, no control or bidi characters
 * other than tab and line breaks), trimmed, and refused when nothing visible is left (a name of
 * one zero-width space). For text that may run over several lines: reasons, addresses, answers.
 */
export function requiredText(message: string, max = 500) {
  return requiredTextOf(z.string({ error: message }), message, max);
}

/** A required single-line field (a name, a title, a city): requiredText on one line (lineString). */
export function requiredLine(message: string, max = 500) {
  return requiredTextOf(lineString(message), message, max);
}

export const objectIdString = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

/** The envelope of every successful call (DESIGN §4): `success: true` beside the call's own fields. */
export function successResponse<const Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** The error envelope of every failed call (DESIGN §4). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
