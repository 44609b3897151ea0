/**
 * What the service worker precaches: what a player needs offline, chosen from the build's manifest
 * (dist/.vite/manifest.json) when the worker is built (vite.config.ts). Every visitor downloads
 * the precache once the first page has loaded, so it holds the app's shell, the pages a player
 * opens and the code they load, and not the developer's, the admin's or a parent's pages (the
 * admin's analytics chunk alone is 100 KB brotli), nor the Spanish, Hindi and Arabic catalogs: a
 * reader's own catalog is cached at run time (register.ts asks the worker for it), and any other
 * file once it is first fetched (sw.ts, the assets route).
 */

/**
 * The pages a player opens, offline too: the catalog, a game, the Kids Zone, their own lists, help
 * and policies. Not the developers' (submitting, the API docs, the guidelines, revenue sharing),
 * the admin's, a parent's or the account's: each of those is kept once it has been opened.
 */
export const PLAYER_PAGES = [
  'src/pages/Home.page.tsx',
  'src/pages/Game.page.tsx',
  'src/pages/Categories.page.tsx',
  'src/pages/NewGames.page.tsx',
  'src/pages/Trending.page.tsx',
  'src/pages/Tag.page.tsx',
  'src/pages/Kids.page.tsx',
  'src/pages/KidsPlay.page.tsx',
  'src/pages/KidsLocked.page.tsx',
  'src/pages/Favorites.page.tsx',
  'src/pages/RecentlyPlayed.page.tsx',
  'src/pages/Collections.page.tsx',
  'src/pages/Collection.page.tsx',
  'src/pages/Report.page.tsx',
  'src/pages/static/HelpPage.page.tsx',
  'src/pages/static/ContactPage.page.tsx',
  'src/pages/static/PrivacyPage.page.tsx',
  'src/pages/static/TermsPage.page.tsx',
  'src/pages/static/KidsSafetyPage.page.tsx',
  'src/pages/static/NotFoundPage.page.tsx',
] as const;

/** Files outside the build's chunks that the shell needs: the page itself, the theme before first paint, the tab's icon. */
export const SHELL_FILES = ['index.html', 'boot.js', 'favicon.svg', 'manifest.webmanifest'] as const;

export type ManifestChunk = { file: string; css?: string[]; assets?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * Code loaded later that a player offline does without, kept by the worker once fetched (every page
 * fetches the first four once idle, so from the second page on they are kept anyway): the toasts and
 * tooltips (without them a page shows none), the worker's registration and update prompt (only ever
 * needed online), the report dialog (a report needs the network) and the ads' fill (filled
 * after the page's content; the worker keeps it once a page online has loaded it). Sources, or the
 * node_modules package for a dependency.
 */
export const LEFT_TO_RUNTIME = [
  'src/components/Deferred/LoadedNotifications.tsx',
  'src/components/Deferred/LoadedTooltip.tsx',
  '@mantine/notifications',
  'workbox-window',
  'src/pwa/UpdatePrompt.tsx',
  'src/features/game/ReportGameDialog.tsx',
  // Ads are filled after the page's content, once online: a slot keeps its reserved size until then.
  'src/features/ads/AdFill.tsx',
  'src/features/ads/providers/index.ts',
  // Online rooms' client (a game that plays with friends loads it): a room needs the network anyway.
  '@colyseus/sdk',
] as const;

function leftToRuntime(key: string): boolean {
  return LEFT_TO_RUNTIME.some((left) => (left.startsWith('src/') ? key === left : key.includes(`node_modules/${left}/`)));
}

const PAGE_MODULE = /^src\/pages\/.+\.page\.tsx$/;
const CATALOG = /^src\/i18n\/locales\/[a-zA-Z-]+\.json$/;
/** A long page's text in a language other than English (src/content/<page>/<lang>.json): kept like a catalog, once read. */
const OTHER_LANGUAGE_DOCUMENT = /^src\/content\/[a-z-]+\/(?!en\.json$)[a-zA-Z-]+\.json$/;
/** A form's checks' words in a language (shared/schema-messages; English is in the code): kept like a catalog, once read. */
const CHECKS_WORDS = /^shared\/schema-messages\/[a-zA-Z-]+\.json$/;

/**
 * The built files (`assets/…`) a player needs: the entry, the player's pages, and everything they
 * import, at once or later (dialogs, the phone's menu), except other pages, the catalogs, the
 * long pages' documents in other languages than English, and LEFT_TO_RUNTIME.
 */
export function playerFiles(manifest: BuildManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const loaded of chunk.dynamicImports ?? []) {
      if (CATALOG.test(loaded) || OTHER_LANGUAGE_DOCUMENT.test(loaded) || CHECKS_WORDS.test(loaded) || leftToRuntime(loaded)) continue;
      if (PAGE_MODULE.test(loaded) && !(PLAYER_PAGES as readonly string[]).includes(loaded)) continue;
      visit(loaded);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const page of PLAYER_PAGES) visit(page);
  return files;
}

/** The file of a language's catalog chunk (`assets/es-….js`), which the reader of that language keeps. */
export function catalogFile(manifest: BuildManifest, locale: string): string | undefined {
  return manifest[`src/i18n/locales/${locale}.json`]?.file;
}
