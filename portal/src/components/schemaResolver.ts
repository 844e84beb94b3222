import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { z } from 'zod';

/**
 * Form drafts hold what the inputs hold ('' in a select nobody chose yet), which is wider than a
 * schema's input type: a choice field's input is its list of options. The schema still decides,
 * with its own messages; the first message of each field is shown.
 */
export type Draft<T> = T extends string
  ? string
  : T extends readonly unknown[]
    ? { -readonly [K in keyof T]: Draft<T[K]> }
    : T extends object
      ? { [K in keyof T]-?: Draft<T[K]> }
      : T;

export function schemaResolver<TDraft extends FieldValues, TOutput>(schema: z.ZodType<TOutput>): Resolver<TDraft, unknown, TOutput> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      flat[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
