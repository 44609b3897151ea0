import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { messageParserLeftOut, precompiledMessages } from './src/i18n/precompile.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { loadedAfterPaint } from './src/after-paint.ts';
import { webManifest } from './src/pwa/manifest.ts';

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
    if (/@mantine\/notifications\/esm\/Notifications\.module\.mjs$/.test(id)) return { code: `import '@mantine/notifications/styles.css';\n${code}`, map: null };
    return null;
  },
};

/** Mantine's hooks take their `useId` from src/mantine-use-id.ts (that file says why). */
const mantineIdsFromReact: Plugin = {
  name: 'playfree-mantine-ids-from-react',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './use-id/use-id.mjs' && importer && /@mantine\/hooks\/esm\/index\.mjs$/.test(importer)) {
      return fileURLToPath(new URL('src/mantine-use-id.ts', import.meta.url));
    }
    return null;
  },
};

/**
 * react-router's package points every import condition at its development build (the same code
 * with its development warnings on); the build takes the production one beside it.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

// `vite build --ssr src/entry-server.tsx` builds the server's page renderer (server/web/pages.ts):
// React alone, no service worker or compressed copies.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [precompiledMessages, mantineIdsFromReact, react()] : [
    precompiledMessages,
    mantineIdsFromReact,
    react(),
    mantineStylesPerComponent,
    scriptsAfterFirstPaint,
    // Issue 6: installable PWA. The worker is src/pwa/sw.ts; the page registers it (src/pwa/register.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeManifestIcons: true,
      injectManifest: {
        // The whole shell: every page chunk, boot.js (no flash of the wrong theme offline) and
        // the icons. The screenshots are for install dialogs only.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['screenshots/**'],
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
