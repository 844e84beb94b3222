import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';

/**
 * The portal is served from the site's origin: `/` belongs to the static site and `/_astro` to its
 * assets, so the portal's files live under `/app-assets`. The mock service worker is only added in
 * `--mode mock`, which keeps it out of the production build.
 */
export default defineConfig(({ mode }) => ({
  base: '/',
  plugins: [react(), ...(mode === 'mock' ? [msw({ mode: 'worker-only' })] : [])],
  server: {
    port: 5173,
    strictPort: true,
    hmr: { clientPort: 5173 },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'app-assets',
    // The budget test reads the chunk graph from the manifest.
    manifest: true,
    emptyOutDir: true,
  },
}));
