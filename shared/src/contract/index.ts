import { accountLinks } from './accountLinks.ts';
import { admin } from './admin.ts';
import { booking } from './booking.ts';
import { calendar } from './calendar.ts';
import { health } from './health.ts';
import { meeting } from './meeting.ts';
import { payments } from './payments.ts';
import { privacy } from './privacy.ts';
import { reference } from './reference.ts';
import { register } from './register.ts';
import { uploads } from './uploads.ts';
import { user } from './user.ts';

export * from './access.ts';
export * from './client.ts';
export * from './define.ts';
export { healthResponse, liveResponse, readyResponse } from './health.ts';
export { auditRecord, couponRecord, emailResendResponse, meetingRecord, userRecord } from './admin.ts';
export { openApiDocumentSchema } from './reference.ts';

/**
 * Every /api/v1 operation, defined once (see README.md beside this file). The API mounts these,
 * the OpenAPI document is produced from them, and the portal, the site and e2e call them through
 * `createApiClient`.
 */
export const api = {
  booking,
  health,
  user,
  accountLinks,
  meeting,
  calendar,
  register,
  uploads,
  payments,
  admin,
  privacy,
  reference,
} as const;
