/**
 * Pages arrive rendered (server/web/pages.ts with the real src/entry-server.tsx, built here by
 * Vite into a stand-in dist): the HTML shows the page and carries the data it was rendered with,
 * signed out, for everyone; unknown addresses are 404s, old ones redirect.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_DATA_ID } from '../../src/first-data';
import { createTestApp, GAMES_ORIGIN, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const dist = mkdtempSync(join(tmpdir(), 'playfree-ssr-dist-'));
const template = '<!doctype html><html lang="en"><head><title>PlayFree</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), template);
  await build({ logLevel: 'silent', build: { ssr: 'src/entry-server.tsx', outDir: join(dist, '.ssr'), emptyOutDir: true } });
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

/** The rendering's age the server sent (Server-Timing: page-age), in ms. */
function pageAge(response: { headers: Record<string, unknown> }): number {
  return Number(/page-age;dur=(\d+)/.exec(String(response.headers['server-timing']))?.[1]);
}

function firstData(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const match = new RegExp(`<script type="application/json" id="${FIRST_DATA_ID}">(.*?)</script>`, 's').exec(html);
  expect(match, 'first data script').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe(`server-rendered pages (${engineName})`, () => {
  it('the home page arrives with its lists in the markup and their data inline', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const root = page.body.slice(page.body.indexOf('<div id="root">'), page.body.indexOf(`id="${FIRST_DATA_ID}"`));
    expect(root).toContain('Popular Now');
    expect(root).toContain('Star Blaster');
    expect(root).not.toContain('aria-busy="true"');
    expect(page.body).toContain('<title>PlayFree – Free Online Games</title>');
    const paths = firstData(page.body).queries.map(({ queryKey }) => (queryKey[0] as string[]).join('.'));
    expect(paths).toEqual(expect.arrayContaining(['home.get', 'categories.list']));
    // The template around the page is kept: the app's script still loads.
    expect(page.body).toContain('<script type="module" src="/assets/app.js"></script>');
    // The thumbnails' origin is connected to from the head, before the body names any of them.
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(`<link rel="preconnect" href="${GAMES_ORIGIN}">`);
  });

  it('a game page shows the game and, one pass later, its related games', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/games/star-blaster' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<h1[^>]*>Star Blaster<\/h1>/);
    // The page's own title, before any script runs.
    expect(page.body).toContain('<title>Star Blaster | PlayFree</title>');
    const paths = firstData(page.body).queries.map(({ queryKey }) => (queryKey[0] as string[]).join('.'));
    expect(paths).toEqual(expect.arrayContaining(['games.bySlug', 'games.list']));
  });

  it("a game page's largest paint is the game's own picture, in its HTML and fetched at once (issue 57)", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/games/star-blaster' });
    // Not the house ad's thumbnail, which the app adds under the game once its code has run.
    const poster = /<div[^>]*data-testid="game-frame-loading"[^>]*>\s*<img ([^>]*)>/.exec(page.body)?.[1] ?? '';
    expect(poster).toMatch(/src="[^"]*\/thumbs\/star-blaster"/);
    expect(poster).toContain('loading="eager"');
    expect(poster).toMatch(/fetchpriority="high"/i);
    expect(poster).toMatch(/width="400" height="300"/);
  });

  it('renders an unknown game as Game Not Found with a 404, and inlines that answer for hydration', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/games/no-such-game' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Game Not Found');
    expect(page.body).not.toContain('data-testid="game-skeleton"');
    const bySlug = firstData(page.body).queries.find(({ queryKey }) => (queryKey[0] as string[]).join('.') === 'games.bySlug');
    expect(bySlug?.state).toMatchObject({ status: 'error', error: { data: { code: 'NOT_FOUND' } } });
  });

  it('is rendered signed out for everyone: a session cookie changes nothing and no own data is inlined', async () => {
    const token = await signIn(t.app, 'reader@example.com');
    const signedIn = await t.app.inject({ method: 'GET', url: '/kids', headers: { cookie: `auth_token=${token}` } });
    const signedOut = await t.app.inject({ method: 'GET', url: '/kids' });
    expect(signedIn.body).toBe(signedOut.body);
    expect(signedIn.body).not.toContain('reader@example.com');
    const paths = firstData(signedIn.body).queries.map(({ queryKey }) => (queryKey[0] as string[]).join('.'));
    expect(paths).not.toContain('auth.me');
  });

  it("is rendered for a touch screen when the request looks like a phone's, and kept apart from the desktop's", async () => {
    const android = { 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' };
    const iphone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1' };
    const desktopChrome = { 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/141.0 Safari/537.36' };
    const rootOf = (body: string) => /<div id="root"[^>]*>/.exec(body)?.[0];
    for (const headers of [android, iphone]) {
      const page = await t.app.inject({ method: 'GET', url: '/kids', headers });
      expect(rootOf(page.body)).toBe('<div id="root" data-coarse-pointer>');
      // Rendered per language too (src/i18n): the locale cookie, else Accept-Language.
      expect(String(page.headers.vary)).toBe('Sec-CH-UA-Mobile, User-Agent, Accept-Language, Cookie, Accept-Encoding');
    }
    const desktop = await t.app.inject({ method: 'GET', url: '/kids', headers: desktopChrome });
    expect(rootOf(desktop.body)).toBe('<div id="root">');
    // The Kids Zone starts a touch screen on the games it can play (DeviceFilter): rendered so.
    const phone = await t.app.inject({ method: 'GET', url: '/kids', headers: android });
    expect(phone.body).not.toBe(desktop.body);
    expect(phone.headers.etag).not.toBe(desktop.headers.etag);
  });

  it('leaves forms and the signed-in pages to the browser: the app shell, no data', async () => {
    for (const url of ['/admin-login', '/developer', '/report']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(template);
    }
  });

  it('is compressed and revalidated by ETag like the catalog answers, also once made again from the same data', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/categories', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/categories', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // Past its freshness (or a catalog change) the page is rendered again: the same data, the same
    // bytes, so a browser's copy is still revalidated. The times the data was fetched at are left
    // out (the browser puts them back from the page's age).
    for (const url of ['/categories', '/', '/games/star-blaster']) {
      const kept = await t.app.inject({ method: 'GET', url });
      t.services.catalogCache.invalidate();
      const remade = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(kept.headers.etag) } });
      expect(remade.statusCode, url).toBe(304);
      expect(new Set(firstData(kept.body).queries.map(({ state }) => (state as { dataUpdatedAt?: number }).dataUpdatedAt)), url).toEqual(new Set([0]));
    }
  });

  it('sends a rendering past its freshness at once, with its age, while a new one is made; a catalog change drops it', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/new' });
    expect(pageAge(first)).toBeLessThan(1000);
    const later = Date.now() + 6_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      // Past the catalog's 4 s: the same rendering goes out, saying how old it is (the app then asks again).
      const stale = await t.app.inject({ method: 'GET', url: '/new' });
      expect(stale.body).toBe(first.body);
      expect(pageAge(stale)).toBeGreaterThanOrEqual(6_000);
      // Meanwhile the page was rendered again: the next visitor gets the new rendering.
      await expect.poll(async () => pageAge(await t.app.inject({ method: 'GET', url: '/new' }))).toBeLessThan(1000);
    } finally {
      clock.mockRestore();
    }
    // An approval, a rejection or an edit drops kept renderings with the catalog's answers.
    const kept = await t.app.inject({ method: 'GET', url: '/trending' });
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      t.services.catalogCache.invalidate();
      const fresh = await t.app.inject({ method: 'GET', url: '/trending' });
      expect(pageAge(fresh)).toBeLessThan(1000);
      expect(pageAge(kept)).toBeLessThan(1000);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('answers an unknown address with a rendered 404 and an old one with a redirect', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page Not Found');
    const moved = await t.app.inject({ method: 'GET', url: '/game-guidelines' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/guidelines');
  });
});

describe(`pages while the server sheds load (${engineName})`, () => {
  it('are sent unrendered, with their files, while the API answers 503', async () => {
    writeFileSync(join(dist, 'boot.js'), '// boot');
    // A heap limit below any server's use: under pressure from its first sample on.
    const busy = await createTestApp({ WEB_DIST_DIR: dist, MAX_HEAP_MB: '1' });
    try {
      for (let i = 0; i < 40 && (await busy.app.inject({ method: 'GET', url: '/api/categories' })).statusCode !== 503; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await busy.app.inject({ method: 'GET', url: '/api/home' })).statusCode).toBe(503);
      const page = await busy.app.inject({ method: 'GET', url: '/categories' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(template);
      const file = await busy.app.inject({ method: 'GET', url: '/boot.js' });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe('// boot');
    } finally {
      await busy.close();
    }
  });
});
