/**
 * What search engines read: /robots.txt, and /sitemap.xml listing the portal's public pages,
 * every category and every live game, with absolute addresses on PUBLIC_URL, each in every
 * language (src/i18n/addresses.ts) with its alternates (`xhtml:link hreflang`). Past
 * SITEMAP_URLS_PER_FILE addresses (50,000, the protocol's limit) /sitemap.xml becomes a sitemap
 * index of /sitemaps/{n}.xml files, each holding whole pages (every language's address of one)
 * and staying under the protocol's 50 MB too.
 *
 * A file is made once and kept, gzipped, until what it lists changes (sitemapStamp: a game goes
 * live or leaves, on any server; a category is added): a crawler asking again costs one small
 * query, and a 100,000-game catalog is read a slice of games at a time, never as one result.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gzipSync } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { categorySlugs, countPublishedGames, publishedGamesSlice, sitemapStamp } from '../domains/games/sitemap-queries';
import type { Services } from '../services';
import { alternatesOf, localizedPath } from '../../src/i18n/addresses';
import { LOCALES } from '../../src/i18n/locales';

/** The public pages every sitemap lists first (the signed-in and form pages are left out). */
export const SITEMAP_PAGES = ['/', '/categories', '/new', '/trending', '/kids', '/help', '/contact', '/privacy', '/terms', '/kids-safety', '/revenue', '/api-docs', '/guidelines'];

/** Games read per query while a file is written. */
const SLICE = 5000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
/** The protocol's limit on a file, and the most one alternate link takes (a 120-character slug on a long origin). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const MAX_LINK_BYTES = 300;

type SitemapFile = { stamp: string; xml: string; gzip: Buffer };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /favorites',
    'Disallow: /signin',
    'Disallow: /submit',
    'Disallow: /report',
    'Disallow: /newsletter/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function registerSitemapRoutes(app: FastifyInstance, services: Services): void {
  const { PUBLIC_URL: origin, SITEMAP_URLS_PER_FILE: urlsPerFile } = services.env;
  // A page is one address per language, each naming every language's: a file holds whole pages,
  // as many as keep it within both of the protocol's limits.
  const perFile = Math.max(1, Math.min(Math.floor(urlsPerFile / LOCALES.length), Math.floor(MAX_FILE_BYTES / (LOCALES.length * (LOCALES.length + 1) * MAX_LINK_BYTES))));

  /** Every language's address of `path`, each naming all of them (and x-default) as alternates. */
  function entries(path: string, extra = ''): string {
    const links = alternatesOf(path).map((alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(`${origin}${alternate.path}`)}"/>`).join('');
    return LOCALES.map((locale) => `<url><loc>${escapeXml(`${origin}${localizedPath(locale, path)}`)}</loc>${extra}${links}</url>\n`).join('');
  }
  const files = new Map<string, SitemapFile>();
  const making = new Map<string, Promise<SitemapFile>>();

  /** The pages before the games: the public pages and one per category (English paths). */
  async function fixedUrls(em: EntityManager): Promise<string[]> {
    const categories = await categorySlugs(em);
    return [...SITEMAP_PAGES, ...categories.map((slug) => `/categories?category=${encodeURIComponent(slug)}`)];
  }

  /** File `part` (1-based) of the URL set: pages [(part-1)·perFile, part·perFile) of fixed pages then games, each in every language; all of them for part 0. */
  async function urlSet(em: EntityManager, part: number): Promise<string> {
    const fixed = await fixedUrls(em);
    const start = part === 0 ? 0 : (part - 1) * perFile;
    const end = part === 0 ? Number.POSITIVE_INFINITY : part * perFile;
    const chunks = [XML_HEAD, `<urlset xmlns="${NAMESPACE}" xmlns:xhtml="${XHTML}">\n`];
    for (const path of fixed.slice(start, end)) chunks.push(entries(path));
    let wanted = Math.min(end, Number.MAX_SAFE_INTEGER) - Math.max(start, fixed.length);
    let offset = Math.max(0, start - fixed.length);
    let afterId: number | undefined;
    while (wanted > 0) {
      const games = await publishedGamesSlice(em, { offset, afterId, limit: Math.min(SLICE, wanted) });
      for (const game of games) {
        chunks.push(entries(`/games/${game.slug}`, `<lastmod>${game.lastmod}</lastmod>`));
      }
      if (games.length < Math.min(SLICE, wanted)) break;
      wanted -= games.length;
      afterId = games.at(-1)!.id;
      offset = 0;
    }
    chunks.push('</urlset>\n');
    return chunks.join('');
  }

  /** The index of files, or null when every address fits in one file. */
  async function sitemapIndex(em: EntityManager): Promise<string | null> {
    const total = (await fixedUrls(em)).length + (await countPublishedGames(em));
    if (total <= perFile) return null;
    const parts = Math.ceil(total / perFile);
    const entries = Array.from({ length: parts }, (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${index + 1}.xml`)}</loc></sitemap>\n`);
    return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
  }

  /** File `key` as it stands now: kept while the stamp holds, made once for callers asking together. */
  async function fileFor(key: string, make: (em: EntityManager) => Promise<string | null>): Promise<SitemapFile | null> {
    const em = services.orm.em.fork();
    const stamp = await sitemapStamp(em);
    const kept = files.get(key);
    if (kept?.stamp === stamp) return kept.xml ? kept : null;
    const pendingKey = `${key}@${stamp}`;
    let pending = making.get(pendingKey);
    if (!pending) {
      pending = make(em)
        .then((xml) => {
          // An empty file stands for "not here" (a part past the last, or no index needed).
          const file = { stamp, xml: xml ?? '', gzip: gzipSync(xml ?? '') };
          files.set(key, file);
          return file;
        })
        .finally(() => making.delete(pendingKey));
      making.set(pendingKey, pending);
    }
    const file = await pending;
    return file.xml ? file : null;
  }

  function send(request: FastifyRequest, reply: FastifyReply, file: SitemapFile) {
    void reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('Content-Encoding', 'gzip').send(file.gzip);
    return reply.send(file.xml);
  }

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(origin)));

  app.get('/sitemap.xml', async (request, reply) => {
    const index = await fileFor('index', sitemapIndex);
    return send(request, reply, index ?? (await fileFor('all', (em) => urlSet(em, 0)))!);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const index = part ? await fileFor('index', sitemapIndex) : null;
    const total = index ? (index.xml.match(/<sitemap>/g) ?? []).length : 0;
    if (!part || Number(part) > total) return reply.code(404).send({ message: `Not found: ${request.url.split('?')[0]}` });
    return send(request, reply, (await fileFor(`part:${part}`, (em) => urlSet(em, Number(part))))!);
  });
}
