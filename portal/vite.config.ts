import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { fileURLToPath } from 'node:url';
import { BRAND_COLOURS, BRAND_TEXTS } from './src/brand.ts';
import { PORTAL_PAGES } from '@bh/shared/rules/portal-pages';

/**
 * The portal is served from the site's origin: `/` belongs to the static site and `/_astro` to its
 * assets, so the portal's files live under `/app-assets`. The mock service worker is only added in
 * `--mode mock`, which keeps it out of the production build.
 *
 * Chunks (issue 20): left to itself the bundler cuts the code every screen shares into dozens of
 * small files (17 for /login, 60 for the dashboard), and a phone on a slow network pays a round
 * trip for each file it cannot fetch in parallel. So everything /login needs (the entry and its
 * static imports, rolldown's `$initial`) is one file, and what a signed-in person sees first (the
 * shell, the privacy notice gate and the dashboard, with everything they import that /login does
 * not) is one more, which the sign-in form preloads. Every other screen keeps chunks of its own.
 */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const ENTRY = fromHere('./src/main.tsx');
const FIRST_SCREENS = ['./src/layout/Layout.tsx', './src/privacy/NoticeGate.tsx', './src/dashboard/Dashboard.tsx'].map(fromHere);
/**
 * The pages the server sends for the portal's routes (api/src/web/web-app.ts): index.html for the
 * sign-in pages, and for a page behind the login the same page naming the files its first render
 * needs (the shell and the notice gate everywhere, the dashboard on /dashboard), so a phone that
 * opens /dashboard from a bookmark fetches them beside the entry instead of after it has run. Their
 * names, and which route gets which, are one rule in @bh/shared/rules/portal-pages.
 */
const SIGNED_IN_PAGES = [
  { fileName: PORTAL_PAGES.signedIn, screens: FIRST_SCREENS.slice(0, 2) },
  { fileName: PORTAL_PAGES.dashboard, screens: FIRST_SCREENS },
];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module reachable by static imports from `starts`, not going through `stop`. */
function reachable(graph: ModuleGraph, starts: string[], stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next) || stop.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/**
 * What the first screens behind the login import that the sign-in page does not: found once per
 * build, and not through the sign-in page's modules (a library's index there names all of it).
 */
let firstScreenModules: Set<string> | null = null;
function signedInChunk(id: string, graph: ModuleGraph): string | null {
  firstScreenModules ??= reachable(graph, FIRST_SCREENS, reachable(graph, [ENTRY], new Set()));
  // The screens themselves stay chunks of their own (lazy routes, named in the manifest).
  return firstScreenModules.has(id) && !FIRST_SCREENS.includes(id) ? 'signed-in' : null;
}

/**
 * index.html shows the name and the loading line while the script arrives; their texts and colours
 * are the app's own (src/brand.ts), written in here as `%BRAND_…%` when the page is served or built.
 */
function bootScreen(): Plugin {
  const values: Record<string, string> = {
    BRAND_NAME: BRAND_TEXTS.name,
    BRAND_LOADING: BRAND_TEXTS.loading,
    BRAND_PRIMARY: BRAND_COLOURS.primary.main,
    BRAND_PRIMARY_LIGHT: BRAND_COLOURS.primary.light,
    BRAND_BACKGROUND: BRAND_COLOURS.background,
    BRAND_QUIET_TEXT: BRAND_COLOURS.quietText,
  };
  return {
    name: 'bh-boot-screen',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(/%(BRAND_[A-Z_]+)%/g, (whole, key: string) => {
          const value = values[key];
          if (value === undefined) throw new Error(`index.html names ${whole}, which src/brand.ts does not give`);
          return value;
        }),
    },
  };
}

/**
 * Writes SIGNED_IN_PAGES: index.html with a modulepreload link for each file of their screens, at
 * low priority: the entry script is needed first (it signs the person in and runs the screens), so
 * it should not share the phone's bandwidth with them at the same priority; they still start as
 * the page is read, not after the entry has run. (Lighthouse also counts a high-priority script
 * that arrives before the first paint as holding it up, though a module script never does:
 * at high priority its first-paint figure on /dashboard was 2.8 s, at low 2.1 s; its largest paint
 * the same, 3.1 s, and 3.6 s with no preload links at all.)
 */
function signedInPages(): Plugin {
  return {
    name: 'bh-signed-in-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle[PORTAL_PAGES.signIn];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const entry = chunks.find((chunk) => chunk.isEntry);
      for (const page of SIGNED_IN_PAGES) {
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || fileName === entry?.fileName || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const screen of page.screens) {
          const chunk = chunks.find((c) => c.facadeModuleId === screen);
          if (!chunk) return this.error(`${page.fileName}: no chunk of its own for ${screen}`);
          visit(chunk.fileName);
        }
        const links = [...files].map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`).join('');
        const html = String(index.source);
        if (!html.includes('</head>')) return this.error('index.html has no </head>');
        this.emitFile({ type: 'asset', fileName: page.fileName, source: html.replace('</head>', `${links}</head>`) });
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  base: '/',
  plugins: [react(), bootScreen(), signedInPages(), ...(mode === 'mock' ? [msw({ mode: 'worker-only' })] : [])],
  server: {
    port: 5173,
    strictPort: true,
    hmr: { clientPort: 5173 },
  },
  build: {
    // Everything /login runs is one file on purpose (above).
    chunkSizeWarningLimit: 1_000,
    outDir: 'dist',
    assetsDir: 'app-assets',
    // The budget test reads the chunk graph from the manifest.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: signedInChunk, priority: 1 },
          ],
        },
      },
    },
  },
}));
