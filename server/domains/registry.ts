/**
 * Every operation of the portal, by domain: the one list the transports read. The tRPC router
 * mirrors it (`games.bySlug` is `registry.games.bySlug`), /api serves each at its path, the
 * OpenAPI document describes each, and the public reads below are answered straight from it.
 */
import { accountOperations } from './account/operations';
import { adPlacementsOperations } from './ad-placements/operations';
import { adminOperations } from './admin/operations';
import { adsOperations, pageViewOperations } from './ads/operations';
import { analyticsOperations } from './analytics/operations';
import { apikeysOperations } from './apikeys/operations';
import { authOperations } from './auth/operations';
import { buildUploadOperations, buildsOperations, v1BuildsOperations } from './builds/operations';
import { checkerOperations } from './builds/checker-operations';
import { categoriesOperations } from './categories/operations';
import { collectionsOperations } from './collections/operations';
import { developerOperations } from './developer/operations';
import { favoritesOperations } from './favorites/operations';
import { feedsOperations } from './feeds/operations';
import { gamesOperations, homeOperations } from './games/operations';
import { familyOperations } from './kids/family-operations';
import { kidsOperations } from './kids/operations';
import { messagesOperations } from './messages/operations';
import { newsletterOperations } from './newsletter/operations';
import type { AnyOperation } from './operation';
import { ratingsOperations } from './ratings/operations';
import { revenueOperations, v1StatementsOperations } from './revenue/operations';
import { recentOperations } from './recent/operations';
import { reportsOperations } from './reports/operations';
import { savesOperations } from './saves/operations';
import { scoresOperations, v1ScoresOperations } from './scores/operations';
import { medalsOperations, v1MedalsOperations } from './medals/operations';
import { searchOperations } from './search/operations';
import { v1AnalyticsOperations, v1GamesOperations } from './v1/operations';
import { translationsOperations, v1TranslationsOperations } from './translations/operations';
import { webhooksOperations } from './webhooks/operations';

export const registry = {
  auth: authOperations,
  account: accountOperations,
  home: homeOperations,
  categories: categoriesOperations,
  games: gamesOperations,
  search: searchOperations,
  ratings: ratingsOperations,
  favorites: favoritesOperations,
  collections: collectionsOperations,
  recent: recentOperations,
  reports: reportsOperations,
  developer: developerOperations,
  builds: buildsOperations,
  checkers: checkerOperations,
  admin: adminOperations,
  feeds: feedsOperations,
  kids: kidsOperations,
  family: familyOperations,
  scores: scoresOperations,
  medals: medalsOperations,
  analytics: { ...analyticsOperations, ...pageViewOperations },
  ads: { ...adsOperations, ...adPlacementsOperations },
  revenue: revenueOperations,
  messages: messagesOperations,
  newsletter: newsletterOperations,
  apikeys: apikeysOperations,
  saves: savesOperations,
  webhooks: webhooksOperations,
  translations: translationsOperations,
};

export type Registry = typeof registry;

/** Operations served on /api only, not by tRPC: uploads, whose body is a file (builds/operations.ts says why). */
export const restOnlyRegistry = { builds: buildUploadOperations };

function named(groups: object): { name: string; operation: AnyOperation }[] {
  return Object.entries(groups).flatMap(([domain, domainOperations]) =>
    Object.entries(domainOperations as Record<string, unknown>).map(([key, operation]) => ({ name: `${domain}.${key}`, operation: operation as AnyOperation })),
  );
}

/** Every operation of /api with its name ("games.list"), in registry order. */
export const operations: readonly { name: string; operation: AnyOperation }[] = [...named(registry), ...named(restOnlyRegistry)];

/** Public reads with no rate limit, by name: the ones whose answers may be shared between callers. */
export const publicReads: ReadonlyMap<string, AnyOperation> = new Map(
  operations
    .filter(({ operation }) => operation.method === 'GET' && operation.access === 'public' && !operation.rateLimit)
    .map(({ name, operation }) => [name, operation]),
);

/**
 * The public API /api/v1, made with API keys: a registry of its own (paths relative to /api/v1),
 * served by its own transport (server/rest/v1.ts) and not by tRPC.
 */
export const v1Registry = {
  games: v1GamesOperations,
  builds: v1BuildsOperations,
  analytics: v1AnalyticsOperations,
  scores: v1ScoresOperations,
  medals: v1MedalsOperations,
  statements: v1StatementsOperations,
  translations: v1TranslationsOperations,
};

export const v1Operations: readonly { name: string; operation: AnyOperation }[] = named(v1Registry).map(({ name, operation }) => ({ name: `v1.${name}`, operation }));
