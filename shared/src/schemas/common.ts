import { z } from 'zod';
import { cleanEmail, cleanText, hasVisibleText } from '../rules/text.ts';

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
 * Free text with the spec's "required" message: cleaned (NFC, no control or bidi characters),
 * trimmed, and refused when nothing visible is left (a name of one zero-width space).
 */
export function requiredText(message: string, max = 500) {
  return z
    .string({ error: message })
    .overwrite(cleanText)
    .trim()
    .min(1, message)
    .refine((v) => v === '' || hasVisibleText(v), message)
    .max(max, `Must be at most ${max} characters`);
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
