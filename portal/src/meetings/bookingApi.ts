import { client } from '../providers/http.ts';

/**
 * The booking calls (issue 18) through the portal's one typed client (providers/http.ts): a wrong
 * path, parameter or body is a type error, every answer is checked against its schema, and
 * failures are the portal's ApiError, so screens read `serverMessage` as they do elsewhere.
 */
export { booking } from '@bh/shared/contract/booking';
export const callBooking = client.call;
