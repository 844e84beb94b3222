import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { CONTACT } from '@bh/shared/catalog/contact';

// SITE_URL lets a staging build carry its own canonical origin without editing the contact file.
const site = process.env.SITE_URL ?? CONTACT.siteOrigin;

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
