import { z } from 'zod';

/** Trimmed, lower-cased email: emails are stored and compared this way everywhere. */
export function emailField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email({ error: invalid }))
    .transform((v) => v.toLowerCase());
}

/** A required non-blank string with the spec's message. */
export function requiredText(message: string, max = 500) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export const objectIdString = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

/** The error envelope of every failed call (DESIGN §4). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
