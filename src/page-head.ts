/**
 * What a server-rendered page says about itself to search engines and link previews: its
 * description, canonical address, preview image and, for a game, its schema.org VideoGame. One
 * function decides it for every route from the page's address and the data it was rendered with
 * (entry-server.tsx calls it; server/web/head-tags.ts writes the tags). The texts are in the
 * page's language; what developers wrote (a game's description) is left as it came.
 */
import { PORTAL_NAME } from '../shared/constants';
import type { Category, GameDetail } from '../shared/schemas';
import { categoryNameOf } from './features/games/categoryName';
import { defineMessages, type IntlShape, type MessageDescriptor } from './i18n';

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

const descriptions = defineMessages({
  portal: { id: 'pageHead.portal', defaultMessage: '{portal}: free online browser games. Play instantly, no download.' },
  tag: { id: 'pageHead.tag', defaultMessage: 'Free online games tagged #{tag} on {portal}. Play instantly in your browser, no download.' },
  categories: { id: 'pageHead.categories', defaultMessage: 'Find your next favourite game by genre: action, racing, puzzle, sports and more, free on {portal}.' },
  category: { id: 'pageHead.category', defaultMessage: 'Free online {category} games on {portal}. Play instantly in your browser, no download.' },
  newGames: { id: 'pageHead.newGames', defaultMessage: 'The latest free browser games on {portal}, fresh from our developers.' },
  trending: { id: 'pageHead.trending', defaultMessage: 'The free browser games players are playing most this week on {portal}.' },
  kids: { id: 'pageHead.kids', defaultMessage: 'The {portal} Kids Zone: games rated for children, without chat, links out or purchases, behind a parent lock.' },
});
const MAX_DESCRIPTION = 160;

/** Up to MAX_DESCRIPTION characters, cut at a word with an ellipsis. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_DESCRIPTION / 2))}…`;
}

/** The head of the page at `url`, its texts in `intl`'s language (the page's). */
export function pageHeadOf(url: URL, title: string, data: PageHeadData, intl: IntlShape): PageHead {
  const path = url.pathname;
  const text = (message: MessageDescriptor, values: Record<string, string> = {}) => intl.formatMessage(message, { portal: PORTAL_NAME, ...values });
  const head: PageHead = { title, description: text(descriptions.portal), canonicalPath: path, image: null, imageAlt: PORTAL_NAME, jsonLd: null };
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
    return { ...head, description: text(descriptions.tag, { tag }), canonicalPath: `/tags/${encodeURIComponent(tag)}` };
  }
  switch (path) {
    case '/categories': {
      const slug = url.searchParams.get('category');
      const category = data.categories?.find((item) => item.slug === slug);
      if (!category) return { ...head, description: text(descriptions.categories) };
      return {
        ...head,
        description: text(descriptions.category, { category: categoryNameOf(intl, category).toLocaleLowerCase(intl.locale) }),
        canonicalPath: `/categories?category=${encodeURIComponent(category.slug)}`,
      };
    }
    case '/new':
      return { ...head, description: text(descriptions.newGames) };
    case '/trending':
      return { ...head, description: text(descriptions.trending) };
    case '/kids':
      return { ...head, description: text(descriptions.kids) };
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
