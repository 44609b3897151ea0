/**
 * What a server-rendered page says about itself to search engines and link previews: its
 * description, canonical address, preview image and, for a game, its schema.org VideoGame. One
 * function decides it for every route from the page's address and the data it was rendered with
 * (entry-server.tsx calls it; server/web/head-tags.ts writes the tags). The texts are English.
 */
import { PORTAL_NAME } from '../shared/constants';
import type { Category, GameDetail } from '../shared/schemas';

export type PageHead = {
  title: string;
  description: string;
  /** The page's canonical path (and the query that names what it shows): `/categories?category=racing`. */
  canonicalPath: string;
  /** The preview image: an absolute URL or a path on the portal; null for the portal's icon. */
  image: string | null;
  imageAlt: string;
  /** schema.org data for the page (a game's VideoGame), or null. */
  jsonLd: Record<string, unknown> | null;
};

/** What the page was rendered with that its head can tell about. */
export type PageHeadData = { game?: GameDetail | undefined; categories?: Category[] | undefined };

const PORTAL_DESCRIPTION = `${PORTAL_NAME}: free online browser games. Play instantly, no download.`;
const MAX_DESCRIPTION = 160;

/** Up to MAX_DESCRIPTION characters, cut at a word with an ellipsis. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_DESCRIPTION / 2))}…`;
}

export function pageHeadOf(url: URL, title: string, data: PageHeadData): PageHead {
  const path = url.pathname;
  const head: PageHead = { title, description: PORTAL_DESCRIPTION, canonicalPath: path, image: null, imageAlt: PORTAL_NAME, jsonLd: null };
  const game = data.game;
  if (path.startsWith('/games/') && game) {
    return {
      ...head,
      description: shortDescription(game.description),
      canonicalPath: `/games/${game.slug}`,
      image: game.thumbUrl,
      imageAlt: game.title,
      jsonLd: videoGameOf(game),
    };
  }
  if (path.startsWith('/tags/')) {
    const tag = decodeURIComponent(path.slice('/tags/'.length));
    return { ...head, description: `Free online games tagged #${tag} on ${PORTAL_NAME}. Play instantly in your browser, no download.`, canonicalPath: `/tags/${encodeURIComponent(tag)}` };
  }
  switch (path) {
    case '/categories': {
      const slug = url.searchParams.get('category');
      const category = data.categories?.find((item) => item.slug === slug);
      if (!category) return { ...head, description: `Find your next favourite game by genre: action, racing, puzzle, sports and more, free on ${PORTAL_NAME}.` };
      return {
        ...head,
        description: `Free online ${category.name.toLowerCase()} games on ${PORTAL_NAME}. Play instantly in your browser, no download.`,
        canonicalPath: `/categories?category=${encodeURIComponent(category.slug)}`,
      };
    }
    case '/new':
      return { ...head, description: `The latest free browser games on ${PORTAL_NAME}, fresh from our developers.` };
    case '/trending':
      return { ...head, description: `The free browser games players are playing most this week on ${PORTAL_NAME}.` };
    case '/kids':
      return { ...head, description: `The ${PORTAL_NAME} Kids Zone: games rated for children, without chat, links out or purchases, behind a parent lock.` };
    default:
      return head;
  }
}

/** A game as schema.org's VideoGame: what search engines show for a game page. */
function videoGameOf(game: GameDetail): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoGame',
    name: game.title,
    description: game.description,
    url: `/games/${game.slug}`,
    ...(game.thumbUrl ? { image: game.thumbUrl } : {}),
    genre: game.categories.map((category) => category.name),
    ...(game.tags.length > 0 ? { keywords: game.tags.map((tag) => tag.name).join(', ') } : {}),
    gamePlatform: 'Web browser',
    applicationCategory: 'Game',
    operatingSystem: 'Any',
    playMode: game.multiplayer ? 'MultiPlayer' : 'SinglePlayer',
    contentRating: game.ageRating,
    author: { '@type': 'Organization', name: game.developerProfile?.studio || 'Independent Developer' },
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    ...(game.ratingSummary.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: game.ratingSummary.avg, ratingCount: game.ratingSummary.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
