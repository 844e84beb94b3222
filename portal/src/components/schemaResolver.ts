import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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

/**
 * react-hook-form's zodResolver on a shared schema, for a form typed by its draft: zodResolver
 * types the form's values by the schema's input, and a draft is wider, so only the type changes.
 */
export function schemaResolver<TDraft extends FieldValues, TOutput>(schema: z.ZodType<TOutput>): Resolver<TDraft, unknown, TOutput> {
  return zodResolver(schema as z.ZodType<TOutput, TDraft>);
}
