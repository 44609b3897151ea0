import type { Game } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { setFavorite } from '../collections/service';
import { requirePublishedGame } from '../games/lookup';
import { findFavoriteGames } from '../games/read-model';

/** The most favourites one answer lists (a guard on the answer's size, far above real use). */
export const FAVORITES_LIST_MAX = 500;

/** Idempotent: favouriting twice keeps one row. Favourites are the games of the caller's Favorites collection. */
export async function addFavorite(ctx: AuthedContext, gameId: number): Promise<{ isFavorited: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  await setFavorite(ctx, game.id, true);
  return { isFavorited: true };
}

/** Idempotent: removing a favourite that is not there succeeds. */
export async function removeFavorite(ctx: AuthedContext, gameId: number): Promise<{ isFavorited: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  await setFavorite(ctx, game.id, false);
  return { isFavorited: false };
}

/** The caller's favourite games that are published, the latest favourited first. */
export function listFavorites(ctx: AuthedContext): Promise<Game[]> {
  return findFavoriteGames(ctx.em, ctx.user.id, FAVORITES_LIST_MAX);
}
