/**
 * The portal's third start-up step (main.tsx): zod and the shared schemas, messages and rules the
 * sign-in page reads. The build puts them in this step's file (vite.config.ts), after zod's setting
 * for the page's Content-Security-Policy (zodConfig.ts).
 */
import './zodConfig.ts';
export { errorResponseSchema } from '@bh/shared/schemas/common';
