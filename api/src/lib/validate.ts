import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { GENERAL_MESSAGES } from '@bh/shared';
import { AppError, type FieldError } from './errors.ts';

/** The spec's message for the first problem, plus every problem with its path. */
export function toAppError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const errors: FieldError[] = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return new AppError(400, errors[0]?.message ?? GENERAL_MESSAGES.validationFailed, errors);
}

/** Validates a JSON body with a strict shared schema; failures become the 400 envelope. */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) throw toAppError(result.error.issues);
  });
}

export function queryParams<T extends ZodType>(schema: T) {
  return zValidator('query', schema, (result) => {
    if (!result.success) throw toAppError(result.error.issues);
  });
}

export function pathParams<T extends ZodType>(schema: T) {
  return zValidator('param', schema, (result) => {
    if (!result.success) throw toAppError(result.error.issues);
  });
}
