/**
 * Recently played (issue #25): a signed-in player's games, the latest played first, from the
 * server (player_games); a visitor's are kept on their device, and handed over at sign-in.
 */
import { RECENTLY_PLAYED_MAX } from '../../../shared/constants';
import type { RecentlyPlayed } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { favoriteGameIds, findPublishedGamesInOrder, markFavorites } from '../games/read-model';
import { mergeDevicePlays, recentlyPlayedRows } from './queries';

const iso = (value: string | Date) => new Date(value).toISOString();

/** The caller's recently played games: each with its last play, time played and cloud save (Continue). */
export async function listRecentlyPlayed(ctx: AuthedContext): Promise<RecentlyPlayed> {
  const rows = await recentlyPlayedRows(ctx.em, ctx.user.id, RECENTLY_PLAYED_MAX);
  const games = markFavorites(
    await findPublishedGamesInOrder(
      ctx.em,
      rows.map((row) => row.game_id),
    ),
    await favoriteGameIds(ctx.em, ctx.user.id),
  );
  const byId = new Map(games.map((game) => [game.id, game]));
  return rows.flatMap((row) => {
    const game = byId.get(row.game_id);
    return game
      ? [{ game, lastPlayedAt: iso(row.last_played_at), playSeconds: row.play_seconds, savedAt: row.saved_at === null ? null : iso(row.saved_at) }]
      : [];
  });
}

/** At sign-in: the games this device played signed out join the account's list; answers the merged list. */
export async function mergeRecentlyPlayed(ctx: AuthedContext, games: readonly { id: number; playedAt: string }[]): Promise<RecentlyPlayed> {
  await mergeDevicePlays(ctx.em, ctx.user.id, games);
  return listRecentlyPlayed(ctx);
}
