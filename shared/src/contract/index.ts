import { health } from './health.ts';
import { payments } from './payments.ts';
import { privacy } from './privacy.ts';

export * from './access.ts';
export * from './client.ts';
export * from './define.ts';
export { healthResponse, liveResponse, readyResponse } from './health.ts';

/**
 * Every /api/v1 operation, defined once (see README.md beside this file). The API mounts these,
 * the OpenAPI document is produced from them, and the portal, the site and e2e call them through
 * `createApiClient`.
 */
export const api = {
  health,
  payments,
  privacy,
} as const;
