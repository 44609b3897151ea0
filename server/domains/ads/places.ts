/**
 * Which ads a page view may count (issue #49): the closed set of places of each route of the web
 * app, read top to bottom. A page view whose path is on no row (the Kids Zone, the account pages,
 * the help pages…) shows no ad, so counts none. A slot's name is its place (shared/ads.ts, the names
 * AdSlot is given); a break counts only by the id the server issued when the portal started it
 * (POST /api/ads/breaks), and only on a game page. docs/API.md ("Ads") repeats this table.
 */
import type { AdBreakKind, AdPlace } from '../../../shared/ads';

type RouteAds = {
  /** The route as the web app declares it (src/routes.tsx). */
  route: string;
  /** Its paths, without the query string. */
  pattern: RegExp;
  /** The slots its page shows, each counted at most once per page view. */
  slots: readonly AdPlace[];
  /** The breaks the portal may start over its game (each counted once, by its id). */
  breaks: readonly AdBreakKind[];
  /** Whose impressions they are: the page's game (a game page) or the portal's. */
  owner: 'game' | 'portal';
};

export const ADS_BY_ROUTE: readonly RouteAds[] = [
  { route: '/', pattern: /^\/$/, slots: ['home'], breaks: [], owner: 'portal' },
  { route: '/games/:slug', pattern: /^\/games\/[^/]+\/?$/, slots: ['game'], breaks: ['midgame', 'rewarded'], owner: 'game' },
  { route: '/categories', pattern: /^\/categories\/?$/, slots: ['category'], breaks: [], owner: 'portal' },
];

/** The ads of the page at `path` (its query string and fragment ignored), or null for a page with none. */
export function adsOfPath(path: string): RouteAds | null {
  const pathname = path.replace(/[?#].*$/, '');
  return ADS_BY_ROUTE.find((row) => row.pattern.test(pathname)) ?? null;
}
