import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { SITE_SETTINGS } from './src/config.ts';

// PUBLIC_SITE_URL (or the older SITE_URL) sets the canonical origin; see src/config.ts.
const site = SITE_SETTINGS.siteOrigin;

export default defineConfig({
  site,
  output: 'static',
  build: {
    format: 'directory',
    // Each page's CSS is small; inlining it removes the render-blocking request on slow networks.
    inlineStylesheets: 'always',
  },
  integrations: [react()],
  // No code blocks on the site, and Shiki's inline styles would not pass the CSP.
  markdown: { syntaxHighlight: false },
  security: { csp: true },
  devToolbar: { enabled: false },
});
