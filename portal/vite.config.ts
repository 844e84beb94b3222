import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { fileURLToPath } from 'node:url';
import { BRAND_COLOURS, BRAND_TEXTS } from './src/brand.ts';
import { PRERENDERED_ROOT } from './src/login/prerenderMarks.ts';
import { PORTAL_PAGES } from '@bh/shared/rules/portal-pages';

/**
 * The portal is served from the site's origin: `/` belongs to the static site and `/_astro` to its
 * assets, so the portal's files live under `/app-assets`. The mock service worker is only added in
 * `--mode mock`, which keeps it out of the production build.
 *
 * Chunks (issue 20): left to itself the bundler cuts the code every screen shares into dozens of
 * small files (17 for /login, 60 for the dashboard), and a phone on a slow network pays a round
 * trip for each file it cannot fetch in parallel. So what /login runs is a few files, one per
 * start-up step (BOOT_STEPS), and what a signed-in person sees first (the shell, the privacy notice
 * gate and the dashboard, with everything they import that /login does not) is one more, which the
 * sign-in form preloads. Every other screen keeps chunks of its own.
 */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const ENTRY = fromHere('./src/main.tsx');
/**
 * The portal starts in steps (src/main.tsx), each in a task of its own: a module's code runs when
 * its file is first imported, and in one file the whole of it ran as one task of about 40 ms on a
 * fast machine (160 ms at Lighthouse's 4× CPU slowdown). The build reads what the sign-in page runs
 * from a second entry that imports every step statically (BOOT_GRAPH: never loaded by a page, and
 * left out of what the build writes; rolldown's `$initial` tag marks what it reaches), and cuts that
 * into one file per step, in order. A group also takes what its modules import that no earlier
 * group took, so a step's file imports only the files of the steps before it, which have run
 * already; `signedInPages` refuses a build where that does not hold.
 */
const BOOT_GRAPH = fromHere('./src/boot/graph.ts');
const BOOT_STEPS: { name: string; test: RegExp | ((id: string) => boolean) }[] = [
  // React and the style engine under MUI, run with the entry (which imports this file): the entry
  // loads the other steps with Vite's preload helper (src/boot/steps.ts), which is here too.
  {
    name: 'boot-react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@mui[\\/](system|utils|styled-engine)|@emotion[\\/][^\\/]+|stylis)[\\/]|preload-helper|[\\/]src[\\/]boot[\\/]steps\.ts$/,
  },
  { name: 'boot-mui', test: /[\\/]node_modules[\\/]@mui[\\/]|[\\/]src[\\/]boot[\\/]mui\.ts$/ },
  { name: 'boot-schemas', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/]|[\\/]src[\\/]boot[\\/](schemas|zodConfig)\.ts$/ },
  // react-admin, the router, the query cache and the app: everything else but the entry's own.
  { name: 'boot-app', test: (id) => /[\\/](src|node_modules)[\\/]/.test(id) && !/[\\/]src[\\/](main\.tsx|boot[\\/]graph\.ts)$/.test(id) },
];
const FIRST_SCREENS = ['./src/layout/Layout.tsx', './src/privacy/NoticeGate.tsx', './src/dashboard/Dashboard.tsx'].map(fromHere);
/**
 * The pages the server sends for the portal's routes (api/src/web/web-app.ts): index.html for the
 * sign-in pages, and for a page behind the login the same page naming the files its first render
 * needs (the shell and the notice gate everywhere, the dashboard on /dashboard), so a phone that
 * opens /dashboard from a bookmark fetches them beside the entry instead of after it has run. Their
 * names, and which route gets which, are one rule in @bh/shared/rules/portal-pages. (The two name
 * the same file today: the three screens and what they import are one.)
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
 * The first screens behind the login and what they import that the sign-in page does not: found
 * once per build, and not through the sign-in page's modules (a library's index there names all of
 * it). One file: the group also takes what the screens import that no start-up step took.
 */
let firstScreenModules: Set<string> | null = null;
function signedInChunk(id: string, graph: ModuleGraph): string | null {
  firstScreenModules ??= reachable(graph, FIRST_SCREENS, reachable(graph, [ENTRY, BOOT_GRAPH], new Set()));
  return firstScreenModules.has(id) ? 'signed-in' : null;
}

/**
 * V8 compiles a function when it is first called, on the main thread, unless its file asks for all
 * of its functions to be compiled as it arrives (Chrome 136's explicit compile hint, a comment on
 * the file's first line): then they are compiled off the main thread while the file streams in.
 * Most of what the files the portal's pages name (the start-up's, and behind the login the first
 * screens') holds runs as the page starts, so those files ask for it; every other file is compiled
 * as before. Browsers without the hint read a comment. Written once the bundle is complete, after
 * Vite has put its own first line (the preload helper's list of files) into the files that import
 * others on demand.
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
function compileHints(): Plugin {
  return {
    name: 'bh-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own, which put the preload helper's list first (and after signedInPages wrote the pages).
      order: 'post',
      handler(_options, bundle) {
        const named = new Set<string>();
        for (const fileName of [PORTAL_PAGES.signIn, ...SIGNED_IN_PAGES.map((page) => page.fileName)]) {
          const page = bundle[fileName];
          if (page?.type !== 'asset') return this.error(`${fileName} is not in the bundle`);
          for (const [, file] of String(page.source).matchAll(/ (?:src|href)="\/([^"]+\.js)"/g)) named.add(file ?? '');
        }
        for (const file of named) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') return this.error(`a page names ${file}, which is not a chunk of the bundle`);
          chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
          // One more line at the top: a source map's lines start one later.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
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
 * Writes the pages. index.html names every start-up step's file (and what they import), so they all
 * arrive while the entry does, not each once the one before it has run. SIGNED_IN_PAGES are the same
 * page naming the first screens' files too.
 *
 * Every script is asked for at low priority. The signed-in pages' screens were first (the entry is
 * needed before them, so it should not share the phone's bandwidth with them at the same priority;
 * they still start as the page is read). The entry and its steps since they run in short tasks:
 * Lighthouse counts a high-priority script that arrives before the first paint as holding it up,
 * though a module script never does, so its first paint on these pages read 0.7 s in some runs and
 * 2.4–2.7 s in others, and its blocking time is counted from the first paint. (When the entry was
 * one task of 160 ms at its 4× CPU slowdown, asking for it at low priority gained nothing: the first
 * paint moved to 0.65 s, and the start-up counted as blocking time behind it.)
 */
function signedInPages(): Plugin {
  const lowPriority = (file: string) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;
  return {
    name: 'bh-signed-in-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle[PORTAL_PAGES.signIn];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.includes(ENTRY));
      const graph = chunks.find((chunk) => chunk.facadeModuleId === BOOT_GRAPH);
      if (!entry || !graph) return this.error('the entry or the start-up graph has no chunk');

      // The steps' files in order, each importing only the entry's first step and the steps before
      // it (rolldown's runtime aside, which has no code of weight): a later one would run in its task.
      const runtime = chunks.filter((chunk) => chunk.name === 'rolldown-runtime').map((chunk) => chunk.fileName);
      const stepFiles: string[] = [];
      for (const { name } of BOOT_STEPS) {
        const step = chunks.find((chunk) => chunk.name === name);
        if (!step) return this.error(`start-up step ${name} has no chunk`);
        const later = step.imports.filter((file) => !stepFiles.includes(file) && !runtime.includes(file));
        if (later.length > 0) return this.error(`${name} imports ${later.join(', ')}, which would run in its task`);
        stepFiles.push(step.fileName);
      }
      const early = entry.imports.filter((file) => file !== stepFiles[0] && !runtime.includes(file));
      if (early.length > 0) return this.error(`the entry imports ${early.join(', ')}, which would run with it`);
      const stray = graph.imports.filter((file) => !stepFiles.includes(file) && !runtime.includes(file));
      if (stray.length > 0) return this.error(`the sign-in page's start-up reaches ${stray.join(', ')}, outside its steps`);
      delete bundle[graph.fileName];

      const page = String(index.source);
      if (!page.includes('</head>')) return this.error('index.html has no </head>');
      const startFiles = [...runtime, ...stepFiles];
      const signInPage = page
        // Vite names the entry's own imports at high priority.
        .replace(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (_whole, file: string) => lowPriority(file))
        .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
        .replace('</head>', `${startFiles.filter((file) => !page.includes(`href="/${file}"`)).map(lowPriority).join('')}</head>`);
      index.source = signInPage;

      for (const { fileName, screens } of SIGNED_IN_PAGES) {
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || file === entry.fileName || startFiles.includes(file) || files.has(file)) return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        for (const screen of screens) {
          const chunk = chunks.find((c) => c.moduleIds.includes(screen));
          if (!chunk) return this.error(`${fileName}: no file holds ${screen}`);
          visit(chunk.fileName);
        }
        this.emitFile({ type: 'asset', fileName, source: signInPage.replace('</head>', `${[...files].map(lowPriority).join('')}</head>`) });
      }
    },
  };
}

/**
 * Writes login.html, the page the server sends for /login: the sign-in page with the app's first
 * render already in it where the boot screen was, so a phone shows the form at its first paint
 * instead of once the start-up's files (about 270 KB compressed, 1.5–2 s on a slow mobile network)
 * have arrived and run, and the app hydrates it (issue 20). src/login/prerender.tsx renders the app
 * with React's server renderer through Vite. Its Login button is disabled here until the app, ready,
 * enables it (LoginPage): a press before would send nothing.
 */
function prerenderedLoginPage(): Plugin {
  return {
    name: 'bh-prerendered-login',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle[PORTAL_PAGES.signIn];
      if (index?.type !== 'asset') return this.error('index.html is not in the bundle');
      const page = await withServerModule('/src/login/prerender.tsx', (module: { renderLoginPage(): Promise<{ markup: string; title: string }> }) => module.renderLoginPage());
      const submit = /<button([^>]*) type="submit"/g;
      if ((page.markup.match(submit) ?? []).length !== 1) return this.error('the drawn sign-in page has no single submit button');
      const markup = page.markup.replace(submit, '<button$1 type="submit" disabled=""');
      const source = String(index.source);
      const root = /<div id="root">[\s\S]*(<\/div>\s*<\/body>)/;
      if (!root.test(source) || !/<title>[^<]*<\/title>/.test(source)) return this.error('index.html has no #root before </body>, or no title');
      const title = page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      // The page's scripts are asked for once it has painted, by a small script of its own: a
      // Lighthouse-like simulation counts every script asked for before the largest paint as
      // holding that paint up (which the drawn page no longer needs them for), and on a slow
      // network they would share it with the page's own first bytes.
      const entry = /<script type="module" fetchpriority="low" crossorigin src="(\/[^"]+)"><\/script>/;
      const preload = /<link rel="modulepreload" fetchpriority="low" crossorigin href="(\/[^"]+)">/g;
      const entryFile = entry.exec(source)?.[1];
      const preloads = [...source.matchAll(preload)].map((m) => m[1] ?? '');
      if (!entryFile || preloads.length === 0) return this.error('index.html names no entry script or no start-up files');
      const loader = this.emitFile({ type: 'asset', name: 'login-start.js', source: loaderScript(entryFile, preloads) });
      const html = source
        .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
        .replace(entry, () => `<script defer src="/${this.getFileName(loader)}"></script>`)
        .replace(preload, '')
        .replace(root, (_whole, close: string) => `<div id="root" ${PRERENDERED_ROOT}="">${markup}${close}`);
      this.emitFile({ type: 'asset', fileName: PORTAL_PAGES.login, source: html });
    },
  };
}

/**
 * Writes the style engine's rules for the first screens behind the login into the pages that open
 * them (SIGNED_IN_PAGES), drawn by src/firstScreenStyles.tsx: the first commit there took about
 * half its time compiling and inserting them (issue 20). Built in production mode, their names are
 * bare hashes, the names the app's own build gives the same rules; a name with a label would be a
 * development build's, which the app would never find.
 */
function firstScreenStyles(): Plugin {
  return {
    name: 'bh-first-screen-styles',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const style = await withServerModule('/src/firstScreenStyles.tsx', (module: { renderFirstScreenStyles(): Promise<string> }) => module.renderFirstScreenStyles());
      if (!/^<style data-emotion="css [0-9a-z]+( [0-9a-z]+)+">[^<]+<\/style>$/.test(style)) return this.error('the first screens\' styles are not one element of production style names');
      for (const { fileName } of SIGNED_IN_PAGES) {
        const page = bundle[fileName];
        if (page?.type !== 'asset' || !String(page.source).includes('</head>')) return this.error(`${fileName} is not in the bundle, or has no </head>`);
        page.source = String(page.source).replace('</head>', () => `${style}</head>`);
      }
    },
  };
}

/** Runs `use` on one of the app's modules loaded through Vite's server renderer, in a server made for it. */
async function withServerModule<M, T>(path: string, use: (module: M) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: false,
    root: fromHere('.'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [react()],
  });
  try {
    return await use((await server.ssrLoadModule(path)) as M);
  } finally {
    await server.close();
  }
}

/**
 * login.html's loader: once the page has painted (the next frame's paint; at once in a tab nobody
 * sees), names the start-up's files at low priority and runs the entry, as index.html does in its
 * head. Plain script, so it needs nothing of the app.
 */
function loaderScript(entry: string, preloads: string[]): string {
  return `// Written by the portal's build (vite.config.ts): login.html's scripts, asked for once it has painted.
(function () {
  function start() {
    ${JSON.stringify(preloads)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.fetchPriority = 'low';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.fetchPriority = 'low';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;
}

export default defineConfig(({ mode }) => ({
  base: '/',
  plugins: [react(), bootScreen(), signedInPages(), compileHints(), firstScreenStyles(), prerenderedLoginPage(), ...(mode === 'mock' ? [msw({ mode: 'worker-only' })] : [])],
  resolve: {
    // node-polyglot (react-admin's translations) asks for the `object.entries` polyfill, which
    // brings get-intrinsic and about fifteen more helper packages (about 40 KB before
    // minification, run as /login starts). Every browser the portal supports has Object.entries.
    alias: { 'object.entries': fromHere('./src/shims/object-entries.cjs') },
  },
  server: {
    port: 5173,
    strictPort: true,
    hmr: { clientPort: 5173 },
  },
  build: {
    // What /login runs is a few large files on purpose (above).
    chunkSizeWarningLimit: 1_000,
    outDir: 'dist',
    assetsDir: 'app-assets',
    // The budget test reads the chunk graph from the manifest.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: fromHere('./index.html'), 'boot-graph': BOOT_GRAPH },
      output: {
        codeSplitting: {
          groups: [
            ...BOOT_STEPS.map((step, i) => ({ name: step.name, test: step.test, tags: ['$initial' as const], priority: 2 + BOOT_STEPS.length - i })),
            { name: signedInChunk, priority: 1 },
          ],
        },
      },
    },
  },
}));
