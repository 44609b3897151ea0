/**
 * Pages are rendered in the visitor's language (src/i18n): the locale cookie, else Accept-Language,
 * else English; the page says so in `<html lang dir>`, carries the catalog it was rendered with
 * for hydration, and each language's rendering is kept apart.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_ID } from '../../src/i18n/catalogs';
import { createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const dist = mkdtempSync(join(tmpdir(), 'playfree-ssr-languages-'));
const template = '<!doctype html><html lang="en"><head><title>PlayFree</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), template);
  await build({ logLevel: 'silent', build: { ssr: 'src/entry-server.tsx', outDir: join(dist, '.ssr'), emptyOutDir: true } });
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

async function home(headers: Record<string, string> = {}) {
  const page = await t.app.inject({ method: 'GET', url: '/', headers });
  expect(page.statusCode).toBe(200);
  const root = page.body.slice(page.body.indexOf('<div id="root">'));
  const catalog = new RegExp(`<script type="application/json" id="${MESSAGES_ID}">(.*?)</script>`, 's').exec(page.body)?.[1];
  return { page, root, catalog: catalog === undefined ? null : (JSON.parse(catalog) as Record<string, unknown>) };
}

describe(`pages in the visitor's language (${engineName})`, () => {
  it('are English, with no catalog inlined, for a browser asking for none the portal speaks', async () => {
    for (const headers of [{}, { 'accept-language': 'fr-FR, de;q=0.8' }] as Record<string, string>[]) {
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
    expect(String(page.headers.vary)).toMatch(/Accept-Language/);
    expect(String(page.headers.vary)).toMatch(/Cookie/);
  });

  it('follow the remembered choice (the locale cookie) over the header, and fall back from a region', async () => {
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
      const page = await t.app.inject({ method: 'GET', url, headers });
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
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-language': 'hi' } });
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
    const arabic = await t.app.inject({ method: 'GET', url: '/guidelines', headers: { 'accept-language': 'ar' } });
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
});
