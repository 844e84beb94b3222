import { booking as bookingOperations } from '@bh/shared/contract/booking';
import { createApiClient } from '@bh/shared/contract/client';
import { ApiError } from '../providers/http.ts';

/**
 * The booking calls (issue 18) through the typed client from the shared definitions: a wrong path,
 * parameter or body is a type error, and every answer is checked against its schema. Failures are
 * the portal's ApiError, so screens read `serverMessage` as they do elsewhere.
 */
const client = createApiClient({
  toError: (failure) => new ApiError(failure.message, failure.status, failure.kind === 'parse' ? 'parse' : failure.kind === 'network' ? 'network' : 'http', failure.body),
});

export const booking = bookingOperations;
export const callBooking = client.call;
