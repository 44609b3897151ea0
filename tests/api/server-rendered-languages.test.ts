/**
 * Pages are rendered in their address's language (src/i18n/addresses.ts): English at the spec's
 * addresses, every other language under its prefix (/ar/, /es/help). An English address asked for
 * by a visitor who reads another language (the locale cookie, else Accept-Language) is sent on to
 * that language's address. The page says so in `<html lang dir>`, names every language's address
 * (hreflang) and its own (canonical), carries the catalog it was rendered with for hydration, and
 * each language's rendering is kept apart. Each links its language's app manifest.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_ID } from '../../src/i18n/catalogs';
import { LOCALES } from '../../src/i18n/locales';
import { createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const dist = mkdtempSync(join(tmpdir(), 'playfree-ssr-languages-'));
const template = '<!doctype html><html lang="en"><head><title>PlayFree</title><link rel="manifest" href="/manifest.webmanifest"></head><body><noscript>PlayFree needs JavaScript to run its games. Please enable it and reload the page.</noscript><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), template);
  await build({ logLevel: 'silent', build: { ssr: 'src/entry-server.tsx', outDir: join(dist, '.ssr'), emptyOutDir: true } });
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

/** GETs `url` as a browser would, following the redirect to the visitor's language. */
async function get(url: string, headers: Record<string, string> = {}) {
  const first = await t.app.inject({ method: 'GET', url, headers });
  if (first.statusCode !== 302) return first;
  return t.app.inject({ method: 'GET', url: String(first.headers.location), headers });
}

async function home(headers: Record<string, string> = {}) {
  const page = await get('/', headers);
  expect(page.statusCode).toBe(200);
  const root = page.body.slice(page.body.indexOf('<div id="root">'));
  const catalog = new RegExp(`<script type="application/json" id="${MESSAGES_ID}">(.*?)</script>`, 's').exec(page.body)?.[1];
  return { page, root, catalog: catalog === undefined ? null : (JSON.parse(catalog) as Record<string, unknown>) };
}

describe(`pages in the visitor's language (${engineName})`, () => {
  it('are English, with no catalog inlined, for a browser asking for none the portal speaks', async () => {
    for (const headers of [{}, { 'accept-language': 'sv-SE, fi;q=0.8' }] as Record<string, string>[]) {
      const { page, root, catalog } = await home(headers);
      expect(page.body).toContain('<html lang="en" dir="ltr"');
      expect(root).toContain('Popular Now');
      expect(catalog).toBeNull();
    }
  });

  it('are rendered right to left in Arabic for Accept-Language ar, with the Arabic catalog inlined', async () => {
    const { page, root, catalog } = await home({ 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' });
    expect(page.body).toContain('<html lang="ar" dir="rtl"');
    expect(root).toContain('الشائعة الآن');
    expect(root).not.toContain('Popular Now');
    // Game titles stay as their developers wrote them.
    expect(root).toContain('Star Blaster');
    // The build parses catalogs as it imports them (src/i18n/precompile.ts): the message's AST.
    expect(JSON.stringify(catalog?.['home.popular'])).toContain('الشائعة الآن');
    // Its own address: the same page for anyone, whatever their browser says.
    expect(String(page.headers.vary)).not.toMatch(/Accept-Language/);
  });

  it('open in the address\'s language, also where the browser renders the page itself, and say so without JavaScript in it', async () => {
    const french = await get('/fr/');
    expect(french.body).toContain('<html lang="fr" dir="ltr"');
    expect(french.body).toContain('<noscript>PlayFree a besoin de JavaScript');
    // Pages the server leaves to the browser (a signed-in area) get the shell, in the address's language.
    for (const [url, opening, words] of [['/ja/developer', '<html lang="ja" dir="ltr"', 'JavaScript が必要です'], ['/ar/family', '<html lang="ar" dir="rtl"', 'JavaScript']] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(opening);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(/<noscript>([^<]*)<\/noscript>/.exec(page.body)?.[1], url).toContain(words);
      expect(page.body, url).not.toContain('Please enable it');
    }
    expect((await get('/developer')).body).toContain('Please enable it');
  });

  it('send a visitor who reads another language from an English address to that language\'s, the query kept', async () => {
    const sent = await t.app.inject({ method: 'GET', url: '/categories?category=racing', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('/es/categories?category=racing');
    expect(String(sent.headers.vary)).toMatch(/Accept-Language, Cookie/);
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar' } })).headers.location).toBe('/ar/');
    // English chosen in the switcher (the cookie) stays on the English address; so does a crawler.
    const english = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar', cookie: 'locale=en' } });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en" dir="ltr"');
    expect(String(english.headers.vary)).toMatch(/Accept-Language/);
    // A language's address is that language for anyone: a link shared from /ar/ opens in Arabic.
    const shared = await t.app.inject({ method: 'GET', url: '/ar/help', headers: { 'accept-language': 'es', cookie: 'locale=hi' } });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain('<html lang="ar" dir="rtl"');
    // Not a language of the portal: no page.
    expect((await t.app.inject({ method: 'GET', url: '/xx/help' })).statusCode).toBe(404);
  });

  it('name every language\'s address of the page (hreflang, x-default the English one) and their own as canonical', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/hi/games/star-blaster' });
    expect(page.statusCode).toBe(200);
    const alternates = [...page.body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(([, hreflang, href]) => [hreflang, href]);
    expect(alternates.map(([hreflang]) => hreflang)).toEqual([...LOCALES, 'x-default']);
    const origin = t.env.PUBLIC_URL;
    expect(alternates).toContainEqual(['x-default', `${origin}/games/star-blaster`]);
    expect(alternates).toContainEqual(['ar', `${origin}/ar/games/star-blaster`]);
    expect(page.body).toContain(`<link rel="canonical" href="${origin}/hi/games/star-blaster">`);
    expect(page.body).toContain(`<meta property="og:url" content="${origin}/hi/games/star-blaster">`);
    expect(page.body).toContain('<meta property="og:locale" content="hi_IN">');
    // The page's links stay in its language.
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).toContain('href="/hi/');
    expect(root).not.toMatch(/href="\/games\//);
  });

  it('send a visitor to the remembered choice (the locale cookie) over the header, and fall back from a region', async () => {
    const chosen = await home({ 'accept-language': 'ar', cookie: 'theme=dark; locale=es' });
    expect(chosen.page.body).toContain('<html lang="es" dir="ltr"');
    expect(chosen.root).toContain('Populares ahora');
    const regional = await home({ 'accept-language': 'hi-IN' });
    expect(regional.page.body).toContain('<html lang="hi" dir="ltr"');
    expect(regional.root).toContain('अभी लोकप्रिय');
    // A cookie naming no language of the portal is ignored.
    const unknown = await home({ 'accept-language': 'es-MX', cookie: 'locale=xx' });
    expect(unknown.page.body).toContain('<html lang="es"');
  });

  it('carry their title, link-preview title and description in the visitor\'s language; English as before', async () => {
    const headOf = async (url: string, headers: Record<string, string>) => {
      const page = await get(url, headers);
      expect(page.statusCode, url).toBe(200);
      const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(page.body)?.[1];
      return { title: /<title>([^<]*)<\/title>/.exec(page.body)?.[1], ogTitle: meta('og:title'), description: meta('description') };
    };
    expect(await headOf('/help', { 'accept-language': 'es' })).toEqual({
      title: 'Centro de ayuda | PlayFree',
      ogTitle: 'Centro de ayuda | PlayFree',
      description: 'PlayFree: juegos online gratis en el navegador. Juega al instante, sin descargas.',
    });
    expect(await headOf('/help', {})).toEqual({
      title: 'Help Center | PlayFree',
      ogTitle: 'Help Center | PlayFree',
      description: 'PlayFree: free online browser games. Play instantly, no download.',
    });
    // A route's title (the handle's) and a page's own, in Arabic and Hindi; the portal's name as it is.
    expect((await headOf('/privacy', { 'accept-language': 'ar' })).title).toBe('سياسة الخصوصية | PlayFree');
    const missing = await get('/no-such-page', { 'accept-language': 'hi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>पेज नहीं मिला | PlayFree</title>');
    expect((await headOf('/', { 'accept-language': 'hi' })).title).toBe('PlayFree – मुफ़्त ऑनलाइन गेम');
    expect((await headOf('/', {})).title).toBe('PlayFree – Free Online Games');
    expect((await headOf('/categories?category=racing', { 'accept-language': 'es' })).description).toBe(
      'Juegos de carreras online gratis en PlayFree. Juega al instante en tu navegador, sin descargas.',
    );
    expect((await headOf('/categories?category=racing', {})).description).toBe('Free online racing games on PlayFree. Play instantly in your browser, no download.');
  });

  it('render the Game Guidelines in the visitor\'s language, the review\'s rejection reasons too; English as before', async () => {
    const arabic = await get('/guidelines', { 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<title>إرشادات الألعاب | PlayFree</title>');
    expect(arabic.body).toContain('أسباب الرفض الشائعة');
    expect(arabic.body).toContain('انتهاك حقوق النشر أو العلامات التجارية.');
    expect(arabic.body).not.toContain('Copyright or trademark infringement.');
    const english = await t.app.inject({ method: 'GET', url: '/guidelines' });
    expect(english.body).toContain('<title>Game Guidelines | PlayFree</title>');
    expect(english.body).toContain('Copyright or trademark infringement.');
    expect(english.body).toContain('1. Automated tests');
  });

  it('keep each language\'s rendering apart: an English visitor never gets the Arabic page kept a moment ago', async () => {
    await home({ 'accept-language': 'ar' });
    const english = await home({ 'accept-language': 'en-US' });
    expect(english.page.body).toContain('<html lang="en" dir="ltr"');
    expect(english.root).toContain('Popular Now');
    expect(english.root).not.toContain('الشائعة الآن');
  });

  it('link their language’s app manifest, which names the app and starts it in that language', async () => {
    const french = await get('/fr/');
    expect(french.body).toContain('<link rel="manifest" href="/fr/manifest.webmanifest">');
    expect((await get('/', {})).body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const manifest = await t.app.inject({ method: 'GET', url: '/fr/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ id: '/', name: 'PlayFree – Jeux en ligne gratuits', lang: 'fr', start_url: '/fr/', shortcuts: expect.arrayContaining([expect.objectContaining({ name: 'Espace enfants', url: '/fr/kids' })]) });
  });
});
