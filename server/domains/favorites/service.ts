import type { AuthedContext } from '../../trpc/context';
import { requirePublishedGame } from '../games/lookup';

/** Idempotent: favouriting twice keeps one row. */
export async function addFavorite(ctx: AuthedContext, gameId: number): Promise<{ isFavorited: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  await ctx.em
    .getConnection()
    .execute(
      'insert into favorites (user_id, game_id, created_at) values (?, ?, now()) on conflict (user_id, game_id) do nothing',
      [ctx.user.id, game.id],
    );
  return { isFavorited: true };
}

/** Idempotent: removing a favourite that is not there succeeds. */
export async function removeFavorite(ctx: AuthedContext, gameId: number): Promise<{ isFavorited: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  await ctx.em.getConnection().execute('delete from favorites where user_id = ? and game_id = ?', [ctx.user.id, game.id]);
  return { isFavorited: false };
}
