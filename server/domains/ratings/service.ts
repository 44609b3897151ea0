import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { REVIEWS_PAGE_SIZE } from '../../../shared/constants';
import type { Review } from '../../../shared/schemas';
import type { AuthedContext, Context } from '../../trpc/context';
import { publicPlayerName } from '../scores/service';
import { accountKey } from '../visitors/identity';
import { requirePublishedGame } from '../games/lookup';

export const PLAY_BEFORE_RATING = 'Play this game before rating it';

/**
 * Whether the account has played the game: a play made signed in, or made in this
 * browser before signing in (linked at sign-in), or one in progress right now.
 */
export async function hasPlayed(em: EntityManager, userId: number, gameId: number): Promise<boolean> {
  const rows = await em.getConnection().execute<{ played: boolean }[]>(
    `select exists (select 1 from play_events where user_id = ? and game_id = ?)
         or exists (select 1 from visitor_game_activity where visitor_key = ? and game_id = ? and last_play_at is not null) as played`,
    [userId, gameId, accountKey(userId), gameId],
    'all',
    em.getTransactionContext(),
  );
  return rows[0]?.played === true;
}

/** One rating per user per game, and only for a game the account has played: rating again replaces it. Recomputes the game's summary in the same transaction. */
export async function rateGame(
  ctx: AuthedContext,
  input: { id: number; score: number; comment?: string | undefined },
): Promise<{ ratingSummary: { avg: number; count: number } }> {
  const summary = await ctx.em.transactional(async (tx) => {
    // Locking the game row serialises ratings of one game, so each summary counts every rating.
    const game = await requirePublishedGame(tx, input.id, { lock: true });
    if (!(await hasPlayed(tx, ctx.user.id, game.id))) {
      throw new TRPCError({ code: 'FORBIDDEN', message: PLAY_BEFORE_RATING });
    }
    const comment = input.comment ? input.comment : null;
    await tx.getConnection().execute(
      `insert into ratings (game_id, user_id, score, comment, created_at, updated_at) values (?, ?, ?, ?, now(), now())
       on conflict (game_id, user_id) do update set score = excluded.score, comment = excluded.comment, updated_at = now()`,
      [game.id, ctx.user.id, input.score, comment],
      'run',
      tx.getTransactionContext(),
    );
    const [row] = await tx
      .getConnection()
      .execute<{ avg: number; count: number }[]>(
        'select coalesce(avg(score), 0)::float8 as avg, count(*)::int as count from ratings where game_id = ?',
        [game.id],
        'all',
        tx.getTransactionContext(),
      );
    const avg = row?.avg ?? 0;
    const count = row?.count ?? 0;
    game.ratingAvg = avg;
    game.ratingCount = count;
    await tx.flush();
    return { slug: game.slug, avg: Math.round(avg * 100) / 100, count };
  });
  // The game's page shows the new summary at once; lists catch up within the cache's TTL.
  ctx.services.catalogCache.invalidateGame(summary.slug);
  return { ratingSummary: { avg: summary.avg, count: summary.count } };
}

/** A game's ratings with their comments, newest first, each with how often the reviewer played the game. */
export async function listReviews(ctx: Context, gameId: number, page: number): Promise<{ reviews: Review[]; page: number; hasMore: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const rows = await ctx.em.getConnection().execute<{ name: string; score: number; comment: string | null; plays: number; updated_at: string }[]>(
    `select u.name, r.score, r.comment, r.updated_at,
            (select count(*)::int from play_events pe where pe.user_id = r.user_id and pe.game_id = r.game_id) as plays
       from ratings r join users u on u.id = r.user_id
      where r.game_id = ?
      order by r.updated_at desc, r.id desc limit ? offset ?`,
    [game.id, REVIEWS_PAGE_SIZE + 1, (page - 1) * REVIEWS_PAGE_SIZE],
  );
  return {
    reviews: rows.slice(0, REVIEWS_PAGE_SIZE).map((row) => ({
      player: publicPlayerName(row.name),
      score: row.score,
      comment: row.comment,
      plays: row.plays,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    page,
    hasMore: rows.length > REVIEWS_PAGE_SIZE,
  };
}

/** The caller's own rating of a game (kept visible after rating), and whether they have played it. */
export async function myRating(ctx: AuthedContext, gameId: number): Promise<{ rating: { score: number; comment: string | null; updatedAt: string } | null; played: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const [row] = await ctx.em
    .getConnection()
    .execute<{ score: number; comment: string | null; updated_at: string }[]>(
      'select score, comment, updated_at from ratings where game_id = ? and user_id = ?',
      [game.id, ctx.user.id],
    );
  return {
    rating: row ? { score: row.score, comment: row.comment, updatedAt: new Date(row.updated_at).toISOString() } : null,
    played: row !== undefined || (await hasPlayed(ctx.em, ctx.user.id, game.id)),
  };
}
