import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogFile, LEFT_TO_RUNTIME, PLAYER_PAGES, playerFiles, type BuildManifest } from './precache';

/** A build's manifest in miniature: the entry, a player's page, the admin's, a catalog, the phone's menu, the toasts. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    css: ['assets/index-1.css'],
    isEntry: true,
    imports: ['_Box-1.js'],
    dynamicImports: [
      'src/pages/Home.page.tsx',
      'src/pages/Admin.page.tsx',
      'src/i18n/locales/es.json',
      'src/components/Header/NavDrawer.tsx',
      'src/components/Deferred/LoadedNotifications.tsx',
      '../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
    ],
  },
  '_Box-1.js': { file: 'assets/Box-1.js' },
  'src/pages/Home.page.tsx': { file: 'assets/Home.page-1.js', css: ['assets/Home-1.css'], imports: ['_Card-1.js'], dynamicImports: ['src/pages/Developer.page.tsx'] },
  '_Card-1.js': { file: 'assets/Card-1.js', assets: ['assets/star-1.svg'] },
  'src/pages/Admin.page.tsx': { file: 'assets/Admin.page-1.js', imports: ['_Analytics-1.js', '_Box-1.js'] },
  '_Analytics-1.js': { file: 'assets/Analytics-1.js' },
  'src/pages/Developer.page.tsx': { file: 'assets/Developer.page-1.js' },
  'src/i18n/locales/es.json': { file: 'assets/es-1.js' },
  'src/components/Header/NavDrawer.tsx': { file: 'assets/NavDrawer-1.js', imports: ['_Drawer-1.js'] },
  '_Drawer-1.js': { file: 'assets/Drawer-1.js' },
  'src/components/Deferred/LoadedNotifications.tsx': { file: 'assets/LoadedNotifications-1.js' },
  '../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs': { file: 'assets/workbox-window.prod.es5-1.js' },
};

describe('the service worker precache (issue 38)', () => {
  it("holds the entry, the player's pages and what they load later (the phone's menu), with their styles", () => {
    expect([...playerFiles(manifest)].sort()).toEqual(
      [
        'assets/index-1.js',
        'assets/index-1.css',
        'assets/Box-1.js',
        'assets/Home.page-1.js',
        'assets/Home-1.css',
        'assets/Card-1.js',
        'assets/star-1.svg',
        'assets/NavDrawer-1.js',
        'assets/Drawer-1.js',
      ].sort(),
    );
  });

  it("leaves out the admin's and the developer's pages, what only they import, every catalog, the toasts and the worker's registration", () => {
    const files = playerFiles(manifest);
    for (const file of ['assets/Admin.page-1.js', 'assets/Analytics-1.js', 'assets/Developer.page-1.js', 'assets/es-1.js', 'assets/LoadedNotifications-1.js', 'assets/workbox-window.prod.es5-1.js']) {
      expect(files).not.toContain(file);
    }
  });

  it("keeps a long page's English document and leaves its other languages to the reader's first visit", () => {
    const withDocuments: BuildManifest = {
      ...manifest,
      'src/pages/Home.page.tsx': { ...manifest['src/pages/Home.page.tsx']!, dynamicImports: ['src/content/kids-safety/en.json', 'src/content/kids-safety/es.json'] },
      'src/content/kids-safety/en.json': { file: 'assets/en-2.js' },
      'src/content/kids-safety/es.json': { file: 'assets/es-2.js' },
    };
    const files = playerFiles(withDocuments);
    expect(files).toContain('assets/en-2.js');
    expect(files).not.toContain('assets/es-2.js');
  });

  it("names a language's catalog chunk (English has none: the code's defaults)", () => {
    expect(catalogFile(manifest, 'es')).toBe('assets/es-1.js');
    expect(catalogFile(manifest, 'en')).toBeUndefined();
  });

  it("lists pages that exist, and no developer's, admin's, parent's or account page", () => {
    for (const file of [...PLAYER_PAGES, ...LEFT_TO_RUNTIME.filter((left) => left.startsWith('src/'))]) expect(existsSync(file), file).toBe(true);
    expect(PLAYER_PAGES.filter((page) => /Admin|Developer|Submit|Family|Account|SignInLink|Newsletter|ApiDocs|Guidelines|Revenue/.test(page))).toEqual([]);
  });
});
