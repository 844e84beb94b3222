import { HttpError } from 'react-admin';
import { errorResponseSchema, type ErrorResponse } from '@bh/shared';
// The client and the operation type straight from their modules, not through the contract's index:
// this file is in the sign-in page's, and the index would bring every operation along (issue 20).
import { createApiClient, type CallFailure, type CallResult } from '@bh/shared/contract/client';
import type { OperationConfig } from '@bh/shared/contract/define';

/**
 * Why a call failed, in the data layer's terms (spec §8): the server answered with an error,
 * nothing came back, the request took too long, or the answer did not match the contract.
 */
export type ApiFailure = 'http' | 'network' | 'timeout' | 'parse';

/** A failed call. `body` is the server's error envelope when it sent one. */
export class ApiError extends HttpError {
  readonly failure: ApiFailure;
  override readonly body: ErrorResponse | null;

  constructor(message: string, status: number, failure: ApiFailure, body: ErrorResponse | null) {
    super(message, status, body);
    // HttpError resets its prototype to its own, which would hide this subclass from instanceof.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
    this.failure = failure;
    this.body = body;
  }

  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message || undefined;
  }
}

/** The typed client's failure as the portal's error (react-admin's HttpError, so its hooks read the status). */
export function toApiError(failure: CallFailure): ApiError {
  return new ApiError(failure.message, failure.status, failure.kind, failure.body);
}

/**
 * The portal's one API client: every call goes through an operation defined in
 * `@bh/shared/contract` (a wrong path, parameter or body is a type error), and every answer is
 * parsed with that operation's schema before a screen reads it.
 */
export const client = createApiClient({ toError: toApiError });

/**
 * A response `client.raw` returned, read as `client.call` would: a 2xx answer parsed with the
 * operation's schema, anything else thrown as an ApiError. For calls whose headers matter too
 * (the grids' Content-Range).
 */
export function readAnswer<O extends OperationConfig>(op: O, response: Response): Promise<CallResult<O>> {
  return client.read(op, response);
}

/** The server's message for a failed call, or the screen's own fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const parsed = errorResponseSchema.safeParse(error.body);
    if (parsed.success && parsed.data.message) return parsed.data.message;
  }
  return fallback;
}

/** The HTTP status of a failed call (0 when nothing came back). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}
