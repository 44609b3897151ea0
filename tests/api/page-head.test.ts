/**
 * Issue #25, previewed: a server-rendered page's head, parsed as a browser parses it
 * (htmlparser2), carries one description, a canonical link, Open Graph and Twitter card tags with
 * absolute addresses on PUBLIC_URL, and a game page a schema.org VideoGame in JSON-LD; Home and
 * Trending are rendered for the visitor's country and tell the web app which (pf_country).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_COOKIE } from '../../shared/constants';
import { call, createTestApp, GAMES_ORIGIN, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const ORIGIN = 'https://play.example.org';
const dist = mkdtempSync(join(tmpdir(), 'playfree-head-dist-'));
const template =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="The template\'s own." /><title>PlayFree</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), template);
  await build({ logLevel: 'silent', build: { ssr: 'src/entry-server.tsx', outDir: join(dist, '.ssr'), emptyOutDir: true } });
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: ORIGIN, GAMES_PUBLIC_URL: GAMES_ORIGIN });
});
afterAll(() => t.close());

const { findAll, getAttributeValue, textContent } = DomUtils;
type Element = ReturnType<typeof findAll>[number];

type Head = { meta: (key: string) => string[]; links: (rel: string) => string[]; jsonLd: unknown[]; title: string };

async function headOf(url: string, headers: Record<string, string> = {}): Promise<Head> {
  const page = await t.app.inject({ method: 'GET', url, headers });
  expect(page.statusCode, url).toBe(200);
  const document = parseDocument(page.body);
  const [head] = findAll((node) => node.name === 'head', document.children);
  expect(head, 'a <head>').toBeDefined();
  const elements: Element[] = findAll(() => true, head!.children);
  return {
    meta: (key) => elements.filter((node) => node.name === 'meta' && (getAttributeValue(node, 'name') === key || getAttributeValue(node, 'property') === key)).map((node) => getAttributeValue(node, 'content') ?? ''),
    links: (rel) => elements.filter((node) => node.name === 'link' && getAttributeValue(node, 'rel') === rel).map((node) => getAttributeValue(node, 'href') ?? ''),
    jsonLd: elements.filter((node) => node.name === 'script' && getAttributeValue(node, 'type') === 'application/ld+json').map((node) => JSON.parse(textContent(node)) as unknown),
    title: textContent(elements.find((node) => node.name === 'title')!),
  };
}

describe(`head tags of server-rendered pages (${engineName})`, () => {
  it('a game page: its description, canonical address, preview tags with its image, and a VideoGame', async () => {
    const { body: game } = await call<{ title: string; description: string; thumbUrl: string; slug: string; categories: { name: string }[]; ratingSummary: { count: number } }>(
      t.app,
      'GET',
      '/api/games/star-blaster',
    );
    const head = await headOf('/games/star-blaster?ref=share');
    expect(head.title).toBe('Star Blaster | PlayFree');
    expect(head.meta('description')).toEqual([game.description]);
    expect(head.links('canonical')).toEqual([`${ORIGIN}/games/star-blaster`]);
    expect(head.meta('og:title')).toEqual(['Star Blaster | PlayFree']);
    expect(head.meta('og:description')).toEqual([game.description]);
    expect(head.meta('og:url')).toEqual([`${ORIGIN}/games/star-blaster`]);
    expect(head.meta('og:type')).toEqual(['website']);
    expect(head.meta('og:image')).toEqual([game.thumbUrl]);
    expect(game.thumbUrl).toMatch(/^https?:\/\//);
    expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(head.meta('twitter:image')).toEqual([game.thumbUrl]);
    expect(head.jsonLd).toHaveLength(1);
    const videoGame = head.jsonLd[0] as Record<string, unknown>;
    expect(videoGame).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: 'Star Blaster',
      description: game.description,
      url: `${ORIGIN}/games/star-blaster`,
      image: game.thumbUrl,
      genre: game.categories.map((category) => category.name),
      gamePlatform: 'Web browser',
      offers: { '@type': 'Offer', price: 0 },
      author: { '@type': 'Organization' },
    });
    expect(typeof videoGame.playMode).toBe('string');
    // Ratings are described only once the game has some.
    if (game.ratingSummary.count === 0) expect(videoGame).not.toHaveProperty('aggregateRating');
  });

  it('a rated game carries its aggregate rating', async () => {
    await t.db.orm.em.fork().getConnection().execute(`update games set rating_avg = 4.5, rating_count = 12 where slug = 'cafe-racer'`);
    t.services.catalogCache.invalidate();
    const [videoGame] = (await headOf('/games/cafe-racer')).jsonLd as Record<string, unknown>[];
    expect(videoGame!.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 12, bestRating: 5, worstRating: 1 });
  });

  it('other pages: their own description once (not the template\'s), the portal icon as image, and no JSON-LD', async () => {
    for (const [url, canonical] of [
      ['/', '/'],
      ['/categories?category=racing&sort=newest&page=2', '/categories?category=racing'],
      ['/new', '/new'],
      ['/trending', '/trending'],
      ['/tags/retro?sort=top_rated', '/tags/retro'],
      ['/help', '/help'],
    ] as const) {
      const head = await headOf(url);
      expect(head.meta('description'), url).toHaveLength(1);
      expect(head.meta('description')[0], url).not.toBe("The template's own.");
      expect(head.links('canonical'), url).toEqual([`${ORIGIN}${canonical}`]);
      expect(head.meta('og:image'), url).toEqual([`${ORIGIN}/icons/icon-512.png`]);
      expect(head.meta('twitter:card'), url).toEqual(['summary']);
      expect(head.jsonLd, url).toEqual([]);
    }
    expect((await headOf('/categories?category=racing')).meta('description')[0]).toContain('racing games');
  });

  it('a tag page lists its games, and a game page links its tags there', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/games/cafe-racer' });
    const links = findAll((node) => node.name === 'a', parseDocument(page.body).children).map((node) => getAttributeValue(node, 'href'));
    expect(links).toContain('/tags/retro');
    const tagPage = await t.app.inject({ method: 'GET', url: '/tags/retro' });
    expect(tagPage.body).toMatch(/<h1[^>]*>#retro<\/h1>/);
    expect(tagPage.body).toContain('Café Racer');
    expect(tagPage.body).toContain('Paddle Duel');
    expect(tagPage.body).not.toContain('Balloon Pop');
  });

  it('Home is rendered for the visitor\'s country and tells the web app which; other pages are the same for everyone', async () => {
    const india = await t.app.inject({ method: 'GET', url: '/', headers: { 'cf-ipcountry': 'IN' } });
    // Too few plays from India in the test catalog: the worldwide list, saying so.
    expect(india.body).toContain('Trending Worldwide');
    expect(india.body).toContain('Not enough plays from India yet');
    expect(String(india.headers['set-cookie'])).toContain(`${COUNTRY_COOKIE}=IN`);
    expect(String(india.headers.vary)).toContain('cf-ipcountry');
    const anywhere = await t.app.inject({ method: 'GET', url: '/' });
    expect(anywhere.body).toContain('Trending Worldwide');
    expect(anywhere.body).not.toContain('Not enough plays from');
    // A visitor already told keeps the cookie as it is.
    const told = await t.app.inject({ method: 'GET', url: '/help', headers: { 'cf-ipcountry': 'IN', cookie: `${COUNTRY_COOKIE}=IN` } });
    expect(told.headers['set-cookie']).toBeUndefined();
    const game = await t.app.inject({ method: 'GET', url: '/games/star-blaster', headers: { 'cf-ipcountry': 'IN' } });
    expect(String(game.headers.vary)).not.toContain('cf-ipcountry');
  });

  it('Home ranks the country\'s own plays once enough games were played there', async () => {
    const ids = await t.db.orm.em.fork().getConnection().execute<{ id: number; slug: string }[]>(`select id, slug from games where status = 'APPROVED' order by id`);
    let visitor = 0;
    for (const [index, { id }] of ids.slice(0, 3).entries()) {
      for (let play = 0; play <= index; play++) {
        visitor += 1;
        await call(t.app, 'POST', `/api/games/${id}/play`, { headers: { 'cf-ipcountry': 'KE', ...visitorCookie(500 + visitor) } });
      }
    }
    t.services.catalogCache.invalidate();
    const kenya = await t.app.inject({ method: 'GET', url: '/', headers: { 'cf-ipcountry': 'KE' } });
    expect(kenya.body).toContain('Trending in Kenya');
    const trending = await t.app.inject({ method: 'GET', url: '/trending', headers: { 'cf-ipcountry': 'KE' } });
    expect(trending.body).toContain('What players in Kenya are playing right now.');
  });
});
