/** The API half of `pnpm dev` (restarted by node --watch); see scripts/dev.ts. */
import { main } from '../api/src/server.ts';

await main({
  devProxy: { portalPort: Number(process.env.DEV_PORTAL_PORT ?? 5173), sitePort: Number(process.env.DEV_SITE_PORT ?? 4321) },
});
