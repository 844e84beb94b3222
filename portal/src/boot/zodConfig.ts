import { config } from 'zod';

/**
 * The portal's Content-Security-Policy allows no eval (`script-src 'self'`). zod tries
 * `new Function('')` when it builds its first object schema, to see whether it may compile a faster
 * parser; the browser refused it and reported a violation on every start of the portal. zod's own
 * parser without compiled code is what ran anyway, so the answers are the same; now nothing is
 * refused. This module runs before any schema is built: the start-up step's first import
 * (schemas.ts), in that step's file (vite.config.ts).
 */
config({ jitless: true });
