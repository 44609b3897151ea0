/**
 * Issue #25, found: /robots.txt points crawlers at /sitemap.xml, which lists the public pages,
 * every category and every live game with absolute addresses, each in every language with its
 * alternates (issue #59), read with a real XML parser; past
 * SITEMAP_URLS_PER_FILE addresses it becomes an index of files (a small limit stands in for
 * 50,000 here); a game that goes live is listed at once, and one taken off leaves.
 */
import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { SITEMAP_PAGES } from '../../server/web/sitemap';
import { localizedPath } from '../../src/i18n/addresses';
import { LOCALES } from '../../src/i18n/locales';

const ORIGIN = 'https://play.example.org';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** A small limit of addresses per file, standing in for 50,000: three pages in each language. */
const LIMIT = 3 * LOCALES.length;

let t: TestApp;
let split: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  split = await createTestApp({ PUBLIC_URL: ORIGIN, SITEMAP_URLS_PER_FILE: String(LIMIT) });
});
afterAll(async () => {
  await t.close();
  await split.close();
});

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' || name === 'xhtml:link' });

type Alternate = { '@_hreflang': string; '@_href': string };
type UrlSet = { urlset: { '@_xmlns': string; url: { loc: string; lastmod?: string; 'xhtml:link': Alternate[] }[] } };
type SitemapIndex = { sitemapindex: { '@_xmlns': string; sitemap: { loc: string }[] } };

/** GETs an XML document and parses it, after checking it is well-formed XML served as XML. */
async function getXml<T>(app: TestApp, path: string): Promise<T> {
  const response = await app.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, path).toBe(200);
  expect(response.headers['content-type']).toContain('application/xml');
  expect(XMLValidator.validate(response.body)).toBe(true);
  return parser.parse(response.body) as T;
}

/** The English paths of the pages listed. */
async function expectedPages(app: TestApp): Promise<string[]> {
  const games = await app.db.orm.em.fork().getConnection().execute<{ slug: string }[]>(`select slug from games where status = 'APPROVED'`);
  const categories = await app.db.orm.em.fork().getConnection().execute<{ slug: string }[]>('select slug from categories');
  return [...SITEMAP_PAGES, ...categories.map(({ slug }) => `/categories?category=${slug}`), ...games.map(({ slug }) => `/games/${slug}`)];
}

/** Every language's address of every page listed. */
async function expectedUrls(app: TestApp): Promise<string[]> {
  return (await expectedPages(app)).flatMap((path) => LOCALES.map((locale) => `${ORIGIN}${localizedPath(locale, path)}`)).sort();
}

describe(`robots.txt and sitemap.xml (${engineName})`, () => {
  it('robots.txt lets crawlers in, keeps them out of the API and private pages, and names the sitemap on the public origin', async () => {
    const response = await call(t.app, 'GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/plain');
    const lines = String(response.body).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /api/', 'Disallow: /trpc/', 'Disallow: /admin', `Sitemap: ${ORIGIN}/sitemap.xml`]));
    // Game and category pages stay crawlable.
    expect(lines.filter((line) => line.startsWith('Disallow: /games') || line.startsWith('Disallow: /categories'))).toEqual([]);
  });

  it('lists every public page, category and live game once, with absolute addresses and lastmod dates', async () => {
    const { urlset } = await getXml<UrlSet>(t, '/sitemap.xml');
    expect(urlset['@_xmlns']).toBe(NAMESPACE);
    const locs = urlset.url.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual(await expectedUrls(t));
    for (const url of urlset.url.filter((entry) => entry.loc.includes('/games/'))) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(locs).toContain(`${ORIGIN}/games/star-blaster`);
  });

  it('gives each address every language’s alternate and x-default, the same set on each language’s address', async () => {
    const { urlset } = await getXml<UrlSet>(t, '/sitemap.xml');
    const ofGame = urlset.url.filter((url) => url.loc.endsWith('/games/star-blaster'));
    expect(ofGame.map((url) => url.loc).sort()).toEqual(LOCALES.map((locale) => `${ORIGIN}${localizedPath(locale, '/games/star-blaster')}`).sort());
    for (const url of ofGame) {
      expect(url['xhtml:link'].map((link) => link['@_hreflang'])).toEqual([...LOCALES, 'x-default']);
      expect(url['xhtml:link'].find((link) => link['@_hreflang'] === 'x-default')?.['@_href']).toBe(`${ORIGIN}/games/star-blaster`);
      expect(url['xhtml:link'].find((link) => link['@_hreflang'] === 'ar')?.['@_href']).toBe(`${ORIGIN}/ar/games/star-blaster`);
    }
  });

  it('is kept and sent again as it was, gzipped to a crawler that accepts it', async () => {
    const first = (await getXml<UrlSet>(t, '/sitemap.xml')).urlset.url;
    // Asked again with nothing changed: the kept file, the same addresses.
    expect((await getXml<UrlSet>(t, '/sitemap.xml')).urlset.url).toEqual(first);
    const plain = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const zipped = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.body).toContain('<urlset');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('lists a game as soon as it goes live, not while it waits for review, and drops it when it is taken off', async () => {
    const developer = await signIn(t.app, 'sitemap-dev@example.com');
    const admin = await signIn(t.app, ADMIN_EMAIL);
    const pending = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', {
      token: developer,
      body: { title: 'Sitemap Pending', description: 'Waits for review.', srcUrl: 'https://pending.games.example.com/play/', thumbUrl: 'https://pending.games.example.com/t.png' },
    });
    expect(pending.status).toBe(201);
    const before = (await getXml<UrlSet>(t, '/sitemap.xml')).urlset.url.map((url) => url.loc);
    expect(before).not.toContain(`${ORIGIN}/games/${pending.body.slug}`);

    const live = await publishGame(t.app, developer, admin, 'Sitemap Newcomer');
    const after = (await getXml<UrlSet>(t, '/sitemap.xml')).urlset.url.map((url) => url.loc);
    expect(after).toContain(`${ORIGIN}/games/${live.slug}`);
    expect(after).not.toContain(`${ORIGIN}/games/${pending.body.slug}`);

    expect((await call(t.app, 'POST', `/api/admin/games/${live.id}/unpublish`, { token: admin })).status).toBe(200);
    const gone = (await getXml<UrlSet>(t, '/sitemap.xml')).urlset.url.map((url) => url.loc);
    expect(gone).not.toContain(`${ORIGIN}/games/${live.slug}`);
  });

  it('past the limit of addresses per file, /sitemap.xml is an index of files that together list every address once', async () => {
    const { sitemapindex } = await getXml<SitemapIndex>(split, '/sitemap.xml');
    expect(sitemapindex['@_xmlns']).toBe(NAMESPACE);
    const expected = await expectedUrls(split);
    const files = sitemapindex.sitemap.map((entry) => entry.loc);
    expect(files.length).toBe(Math.ceil((await expectedPages(split)).length / 3));
    const listed: string[] = [];
    for (const [index, file] of files.entries()) {
      expect(file).toBe(`${ORIGIN}/sitemaps/${index + 1}.xml`);
      const { urlset } = await getXml<UrlSet>(split, new URL(file).pathname);
      expect(urlset.url.length).toBeLessThanOrEqual(LIMIT);
      listed.push(...urlset.url.map((url) => url.loc));
    }
    expect(listed.sort()).toEqual(expected);
    expect((await split.app.inject({ method: 'GET', url: `/sitemaps/${files.length + 1}.xml` })).statusCode).toBe(404);
    expect((await split.app.inject({ method: 'GET', url: '/sitemaps/0.xml' })).statusCode).toBe(404);
    // Asked again: the kept index and files.
    expect((await getXml<SitemapIndex>(split, '/sitemap.xml')).sitemapindex.sitemap.map((entry) => entry.loc)).toEqual(files);
    expect((await getXml<UrlSet>(split, '/sitemaps/1.xml')).urlset.url.length).toBe(LIMIT);
    // The one-file sitemap has no parts.
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/1.xml' })).statusCode).toBe(404);
  });

  it('a game going live past the limit adds it to a file, and a file past the new count appears when needed', async () => {
    const developer = await signIn(split.app, 'split-dev@example.com');
    const admin = await signIn(split.app, ADMIN_EMAIL);
    const before = (await getXml<SitemapIndex>(split, '/sitemap.xml')).sitemapindex.sitemap.length;
    const published: string[] = [];
    for (let index = 0; index < 10; index++) published.push((await publishGame(split.app, developer, admin, `Split Game ${index}`)).slug);
    const files = (await getXml<SitemapIndex>(split, '/sitemap.xml')).sitemapindex.sitemap;
    expect(files.length).toBeGreaterThan(before);
    const listed: string[] = [];
    for (const file of files) listed.push(...(await getXml<UrlSet>(split, new URL(file.loc).pathname)).urlset.url.map((url) => url.loc));
    for (const slug of published) expect(listed).toContain(`${ORIGIN}/games/${slug}`);
    expect(listed.sort()).toEqual(await expectedUrls(split));
  });
});
