/**
 * The web app manifest (vite-plugin-pwa writes it to dist/manifest.webmanifest and links it from
 * index.html). Colours match the dark default: the header bar and the page background.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOR = '#16171d';
export const BACKGROUND_COLOR = '#242424';

export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'PlayFree – Free Online Games',
  short_name: 'PlayFree',
  description: 'Play free browser games instantly, no download: action, racing, puzzle, multiplayer and a Kids Zone.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['games', 'entertainment', 'kids'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'PlayFree home on a phone: featured games and categories',
    },
    {
      src: '/screenshots/home-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'PlayFree home on a desktop: popular, trending and new games',
    },
  ],
  shortcuts: [
    {
      name: 'Kids Zone',
      short_name: 'Kids',
      description: 'Safe, simple games for young players',
      url: '/kids',
      icons: [{ src: '/icons/shortcut-kids-96.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'New Games',
      short_name: 'New',
      description: 'The newest games on PlayFree',
      url: '/new',
      icons: [{ src: '/icons/shortcut-new-96.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Trending Games',
      short_name: 'Trending',
      description: 'What everyone is playing right now',
      url: '/trending',
      icons: [{ src: '/icons/shortcut-trending-96.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
};
