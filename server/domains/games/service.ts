import { COUNTRY_TRENDING_MIN_GAMES, HOME_LIST_SIZES, NEW_THIS_WEEK_DAYS } from '../../../shared/constants';
import { foldForSearch } from '../../../shared/text';
import { gamesInLanguage } from '../translations/service';
import { countryName } from '../../../shared/countries';
import type { z } from 'zod';
import type { Game, GameDetail, gamesListInput, HomePayload, trendingInput, TrendingPayload } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { visitorKeyOf } from '../visitors/identity';
import { gameKey, SEARCH_TTL_MS } from './cache';
import { placeOnHome } from './home-placement';
import { HOME_PLACED_MAX } from '../../../shared/schemas/feeds';
import { countCountryTrendingGames, favoriteGameIds, findCountryTrendingGames, findPublishedGameDetail, findPublishedGames, markFavorites } from './read-model';
import { NotFound } from '../errors';
import { text } from '../../i18n/translate';

type ListInput = z.output<typeof gamesListInput>;


/** Loads the caller's favourites only when a token was sent; anonymous reads never touch the database. */
async function callerFavorites(ctx: DomainContext): Promise<Set<number> | null> {
  const user = await ctx.getUser();
  return user ? favoriteGameIds(ctx.em, user.id) : null;
}

export async function getHome(ctx: DomainContext): Promise<HomePayload> {
  const home = await ctx.services.catalogCache.get('home', async () => {
    const em = ctx.services.orm.em.fork();
    const [pinned, boosted, fresh, multiplayer] = await Promise.all([
      findPublishedGames(em, { sort: 'popular', limit: HOME_PLACED_MAX.pinned, homePlacement: 'pinned' }),
      findPublishedGames(em, { sort: 'popular', limit: HOME_PLACED_MAX.boosted, homePlacement: 'boosted' }),
      findPublishedGames(em, { sort: 'newest', limit: HOME_LIST_SIZES.new, publishedWithinDays: NEW_THIS_WEEK_DAYS }),
      findPublishedGames(em, { sort: 'popular', limit: HOME_LIST_SIZES.multiplayer, multiplayer: true }),
    ]);
    // Read with room for the placed games that rank there by themselves (each shows once).
    const [popular, trending] = await Promise.all([
      findPublishedGames(em, { sort: 'popular', limit: HOME_LIST_SIZES.popular + pinned.length + boosted.length }),
      findPublishedGames(em, { sort: 'trending', limit: HOME_LIST_SIZES.trending + boosted.length }),
    ]);
    return {
      popular: placeOnHome(popular, HOME_LIST_SIZES.popular, { pinned, boosted }),
      trending: placeOnHome(trending, HOME_LIST_SIZES.trending, { boosted }),
      new: fresh,
      multiplayer,
    };
  });
  const favorites = await callerFavorites(ctx);
  if (!favorites) return home;
  return {
    popular: markFavorites(home.popular, favorites),
    trending: markFavorites(home.trending, favorites),
    new: markFavorites(home.new, favorites),
    multiplayer: markFavorites(home.multiplayer, favorites),
  };
}

export async function listGames(ctx: DomainContext, input: ListInput): Promise<Game[]> {
  // Searches that differ only in case, accents or spacing share one entry.
  const search = input.search ? foldForSearch(input.search).trim().replace(/\s+/g, ' ') : '';
  const key = `list:${input.sort}:${input.limit}:${input.offset}:${input.category ?? ''}:${input.device ?? ''}:${input.tag ?? ''}:${search}`;
  const games = await ctx.services.catalogCache.get(
    key,
    () => findPublishedGames(ctx.services.orm.em.fork(), input, ctx.services.catalogCache),
    // Most searches are asked once: kept only when asked again (cache.ts).
    search ? { ttlMs: SEARCH_TTL_MS, keepWhenAskedAgain: true } : {},
  );
  const shown = await gamesInLanguage(ctx, games, input.locale);
  const favorites = await callerFavorites(ctx);
  return favorites ? markFavorites(shown, favorites) : shown;
}

/**
 * Trending where the player is: the games most played from `country` in the trending window, once
 * at least COUNTRY_TRENDING_MIN_GAMES were played there; otherwise (or without a country) the
 * worldwide list. The answer says which it is. Both walk an index of maintained counts.
 */
export async function getTrending(ctx: DomainContext, input: z.output<typeof trendingInput>): Promise<TrendingPayload> {
  const { country = null, limit, offset } = input;
  const trending = await ctx.services.catalogCache.get(`trending:${country ?? ''}:${limit}:${offset}`, async (): Promise<TrendingPayload> => {
    const em = ctx.services.orm.em.fork();
    if (country && (await countCountryTrendingGames(em, country, COUNTRY_TRENDING_MIN_GAMES)) >= COUNTRY_TRENDING_MIN_GAMES) {
      return { scope: 'country', country, countryName: countryName(country), games: await findCountryTrendingGames(em, country, limit, offset) };
    }
    return { scope: 'world', country, countryName: country ? countryName(country) : null, games: await findPublishedGames(em, { sort: 'trending', limit, offset }) };
  });
  const favorites = await callerFavorites(ctx);
  return favorites ? { ...trending, games: markFavorites(trending.games, favorites) } : trending;
}

export async function getGameBySlug(ctx: DomainContext, slug: string): Promise<GameDetail> {
  const game = await ctx.services.catalogCache.get(gameKey(slug), () => findPublishedGameDetail(ctx.services.orm.em.fork(), slug));
  if (!game) throw new NotFound(text('games.notFound'));
  const favorites = await callerFavorites(ctx);
  return favorites?.has(game.id) ? { ...game, isFavorited: true } : game;
}

/**
 * Counts one play (signed in or not; a visitor's repeats within PLAY_DEDUP_MINUTES
 * are answered but not counted). The play is group-committed with the others
 * arriving at the same moment (plays.ts) and answered once it is durable; the
 * catalog cache is left alone, so plays never slow the reads down.
 */
export async function recordPlay(ctx: DomainContext, gameId: number): Promise<{ plays: number }> {
  const user = await ctx.getUser();
  const plays = await ctx.services.plays.record(gameId, user?.id ?? null, await visitorKeyOf(ctx), ctx.country);
  if (plays === null) throw new NotFound(text('games.notFound'));
  return { plays };
}
