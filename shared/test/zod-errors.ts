import type { z } from 'zod';

/**
 * What a schema says about a value, as the API's `errors` and the forms show it: path → message of
 * the first issue on each path; `{}` when the value parses. For the schema tests only.
 */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}
