import type { Game } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { requirePublishedGame } from '../games/lookup';
import { findFavoriteGames } from '../games/read-model';
import { deleteFavorite, insertFavorite } from './queries';

/** The most favourites one answer lists (a guard on the answer's size, far above real use). */
export const FAVORITES_LIST_MAX = 500;

/** Idempotent: favouriting twice keeps one row. */
export async function addFavorite(ctx: AuthedContext, gameId: number): Promise<{ isFavorited: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  await insertFavorite(ctx.em, ctx.user.id, game.id);
  return { isFavorited: true };
}

/** Idempotent: removing a favourite that is not there succeeds. */
export async function removeFavorite(ctx: AuthedContext, gameId: number): Promise<{ isFavorited: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  await deleteFavorite(ctx.em, ctx.user.id, game.id);
  return { isFavorited: false };
}

/** The caller's favourite games that are published, the latest favourited first. */
export function listFavorites(ctx: AuthedContext): Promise<Game[]> {
  return findFavoriteGames(ctx.em, ctx.user.id, FAVORITES_LIST_MAX);
}
