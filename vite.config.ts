import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { messageParserLeftOut, precompiledMessages } from './src/i18n/precompile.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { loadedAfterPaint } from './src/after-paint.ts';
import { webManifest } from './src/pwa/manifest.ts';
import { playerFiles, SHELL_FILES, type BuildManifest } from './src/pwa/precache.ts';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The app's scripts are fetched once the page has painted. The page arrives rendered
 * (server/web/pages.ts): on a phone's network its first images should not share the bandwidth with
 * 200 KB of scripts that only take the page over (taps made meanwhile are held by boot.js). The
 * build's script and module-preload tags go into an inert template (src/after-paint.ts), which
 * public/boot.js turns into real tags after the first frame; low priority still, for the images the
 * first frame may be waiting on.
 */
const scriptsAfterFirstPaint: Plugin = {
  name: 'playfree-scripts-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const tags: string[] = [];
      const rest = html.replace(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, (tag) => {
        tags.push(tag.replace(/^<(script|link)/, '<$1 fetchpriority="low"'));
        return '';
      });
      return rest.replace('</head>', `${loadedAfterPaint(tags.join(''))}</head>`);
    },
  },
};

/** The toasts' container (src/components/Deferred/DeferredNotifications.tsx), loaded with the first toast. */
const TOASTS_MODULE = 'src/components/Deferred/LoadedNotifications.tsx';

/**
 * Every page names the toasts' files (their code and styles, less what the entry already loads) in
 * `<link rel="prefetch">` tags: the browser fetches them at its lowest priority once it is idle, not
 * as the page's scripts, and keeps them, so "You are offline" still shows once the network is gone
 * although the code runs only with the first toast. `crossorigin`, as the module loader asks for them.
 */
const prefetchToasts: Plugin = {
  name: 'playfree-prefetch-toasts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
      const toasts = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(TOASTS_MODULE));
      if (!toasts) throw new Error(`prefetchToasts: no chunk of ${TOASTS_MODULE}`);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const ofEntry = new Set<string>();
      const files = new Set<string>();
      const visit = (name: string, into: Set<string>) => {
        const chunk = byName.get(name);
        if (!chunk || into.has(name)) return;
        into.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) visit(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, ofEntry);
      visit(toasts.fileName, files);
      const links = [...files].filter((file) => !ofEntry.has(file)).map((file) => `<link rel="prefetch" crossorigin href="/${file}">`);
      return html.replace('</head>', `${links.join('')}</head>`);
    },
  },
};

/**
 * Mantine's styles per component instead of its whole 290 KB sheet: each component's CSS module
 * map (`@mantine/core/esm/components/Button/Button.module.mjs`) imports that component's sheet
 * (`@mantine/core/styles/Button.css`), so a component's styles travel with its code: into the
 * chunk of the page that uses it, in the order Mantine's own sheet has them (a component's module
 * is evaluated after those it builds on). Components nobody renders bring no CSS at all.
 */
const mantineStylesPerComponent: Plugin = {
  name: 'playfree-mantine-styles-per-component',
  transform(code, id) {
    const component = /@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.mjs$/.exec(id)?.[1];
    if (component) return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
    if (id.endsWith('/@mantine/notifications/esm/Notifications.module.mjs')) return { code: `import '@mantine/notifications/styles.css';\n${code}`, map: null };
    return null;
  },
};

/** Mantine's hooks take their `useId` from src/mantine-use-id.ts (that file says why). */
const mantineIdsFromReact: Plugin = {
  name: 'playfree-mantine-ids-from-react',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './use-id/use-id.mjs' && importer?.endsWith('/@mantine/hooks/esm/index.mjs')) {
      return fileURLToPath(new URL('src/mantine-use-id.ts', import.meta.url));
    }
    return null;
  },
};

/**
 * Mantine's ScrollArea (also inside every Modal and Drawer) takes its `useMergeRefs` from
 * src/mantine-merge-refs.ts instead of @floating-ui/react: that one helper made the whole
 * positioning library (14 KB transferred) a download of every page with a scroll area or a dialog.
 */
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'playfree-scroll-area-without-floating-ui',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@floating-ui/react' && importer?.endsWith('/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs')) {
      return fileURLToPath(new URL('src/mantine-merge-refs.ts', import.meta.url));
    }
    return null;
  },
};

/**
 * react-intl and @formatjs/intl each carry their own copy of intl-messageformat and
 * @formatjs/fast-memoize, the same versions (npm could not hoist them: another package wants an older
 * intl-messageformat at the top). The browser's build takes @formatjs/intl's copies for both, so the
 * first load carries them once (about 2.5 KB gzipped).
 */
const formatjsOnce: Plugin = {
  name: 'playfree-formatjs-once',
  enforce: 'pre',
  async resolveId(source, importer) {
    if ((source !== 'intl-messageformat' && source !== '@formatjs/fast-memoize') || !importer) return null;
    const inReactIntl = /[\\/]node_modules[\\/]react-intl[\\/]/.exec(importer);
    if (!inReactIntl) return null;
    const formatjsIntl = `${importer.slice(0, inReactIntl.index)}/node_modules/@formatjs/intl/index.js`;
    return this.resolve(source, formatjsIntl, { skipSelf: true });
  },
};

/**
 * Two libraries whose unused parts the bundler could not drop from the first load (issue 38):
 * - @trpc/client declares no `sideEffects`, so its WebSocket link (unused here) stayed in;
 * - react-router's production build makes its components with `forwardRef` calls not marked pure
 *   and then sets their `displayName`, statements the bundler must keep, which kept `<Form>` and
 *   its submit hooks (unused here). `forwardRef` is pure; the name only labels components in
 *   React's developer tools.
 */
const dropUnusedLibraryCode: Plugin = {
  name: 'playfree-drop-unused-library-code',
  apply: 'build',
  transform(code, id) {
    if (/[\\/]node_modules[\\/]@trpc[\\/]client[\\/]dist[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false };
    if (/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) {
      const pure = code.replace(/^[A-Za-z]+\.displayName = "[A-Za-z]+";$/gm, '').replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
      return { code: pure, map: null };
    }
    return null;
  },
};

/** Where the web app is being built (its manifest is read there once the bundle is written). */
let webOutDir = 'dist';
const rememberOutDir: Plugin = {
  name: 'playfree-remember-out-dir',
  configResolved(config) {
    webOutDir = resolve(config.root, config.build.outDir);
  },
};

/**
 * The precache keeps what a player needs offline (src/pwa/precache.ts): the shell's files and the
 * player's chunks, read from the build's manifest, which is written before the worker is built.
 */
const playerPrecache = async <Entry extends { url: string }>(entries: Entry[]) => {
  const manifest = JSON.parse(readFileSync(join(webOutDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
  const keep = new Set<string>([...SHELL_FILES, ...playerFiles(manifest)]);
  return { manifest: entries.filter((entry) => keep.has(entry.url)), warnings: [] };
};

/**
 * react-router's package points every import condition at its development build (the same code
 * with its development warnings on); the build takes the production one beside it.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * How the web app's modules are cut into chunks. Left to itself the bundler made ~200 chunks: every
 * module the entry shares with a page became a chunk of its own, and each small component or icon
 * two pages share another, so the home page's first load was 53 files, each gzipped alone (183 KB;
 * 172 KB as one file). Three groups instead:
 * - `app`: everything the entry imports statically stays in the entry (every page loads it anyway);
 * - `icons`: the icons eight or more chunks share, together (each is a few hundred bytes; with a
 *   lower bar the group holds many icons the home page never shows);
 * - `common`: the app's own components and hooks five or more chunks share (game cards, grids,
 *   thumbnails), together. The pages and what only a few pages use keep their own chunks.
 * With dropUnusedLibraryCode (above), the first load of `/` went from 183 to 169.8 KB (17 files), the
 * game page's from 237 to 226 KB (bench/first-load.ts).
 */
const codeSplitting = {
  groups: [
    { name: 'app', tags: ['$initial' as const], priority: 10 },
    { name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/, minShareCount: 8, priority: 5 },
    // The forms' shared code (features/forms) stays here too: a signed-in player's game page uses it
    // (the rating panel), and in a chunk of its own it came only when that part was first shown, so
    // a page that had gone offline in between lost the part (e2e/cloud-saves.spec.ts).
    { name: 'common', test: /[\\/]src[\\/](components|features)[\\/]/, minShareCount: 5 },
  ],
};

// `vite build --ssr src/entry-server.tsx` builds the server's page renderer (server/web/pages.ts):
// React alone, no service worker or compressed copies.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [precompiledMessages, mantineIdsFromReact, scrollAreaWithoutFloatingUi, react()] : [
    precompiledMessages,
    mantineIdsFromReact,
    scrollAreaWithoutFloatingUi,
    formatjsOnce,
    dropUnusedLibraryCode,
    rememberOutDir,
    react(),
    mantineStylesPerComponent,
    scriptsAfterFirstPaint,
    prefetchToasts,
    // Issue 6: installable PWA. The worker is src/pwa/sw.ts; the page registers it (src/pwa/register.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      // The install dialog fetches the icons when it needs them; offline pages show none.
      includeManifestIcons: false,
      injectManifest: {
        // The shell (boot.js: no flash of the wrong theme offline) and the player's chunks; the
        // rest is kept by the worker once fetched (src/pwa/sw.ts).
        globPatterns: ['*.{html,js,svg,webmanifest}', 'assets/**/*.{js,css}'],
        globIgnores: ['sw.js'],
        manifestTransforms: [playerPrecache],
        // A classic script: no module workers needed.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of every text asset, made once at build time at the highest levels;
    // the server sends the one the browser accepts (server/app.ts, preCompressed).
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      threshold: 1024,
    }),
  ],
  resolve: command === 'build' ? { alias: isSsrBuild ? reactRouterProduction : [...reactRouterProduction, messageParserLeftOut] } : undefined,
  // The server build carries its dependencies (React, Mantine…) inside: it then loads from
  // wherever the build was written (the end-to-end tests build into a temporary folder).
  ssr: { noExternal: isSsrBuild ? true : undefined },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/trpc': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/trpc': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting } },
    chunkSizeWarningLimit: 600,
    // A chunk loaded later (a page, the toasts) brings its styles (Vite's loader adds their links and
    // waits for them) but not preload links for the scripts it imports: the browser fetches those
    // as the chunk asks for them. Adding three dozen links to the head for a page took one long
    // task (50 ms on a desktop CPU) in the middle of a server-rendered page's start, and preloading
    // them from the page's head instead put them ahead of its first images on a phone's network.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))) },
    // Source maps for the browser's developer tools (fetched only when they are open).
    sourcemap: !isSsrBuild,
    // Which chunk and styles each page module became: the server links a rendered page's styles (server/web/pages.ts).
    manifest: !isSsrBuild,
    // public/ is the web app's; the server build needs none of it.
    copyPublicDir: !isSsrBuild,
  },
}));
