import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';
import { REVIEWS_PAGE_SIZE } from '../../../shared/constants';
import type { Review } from '../../../shared/schemas';
import type { AuthedContext, DomainContext } from '../context';
import { publicPlayerName } from '../scores/service';
import { accountKey } from '../visitors/identity';
import { requirePublishedGame } from '../games/lookup';
import { Forbidden } from '../errors';
import { enqueueWebhookEvent } from '../webhooks/service';

export const PLAY_BEFORE_RATING = 'Play this game before rating it';

/**
 * Whether the account has played the game: a play made signed in, or made in this
 * browser before signing in (linked at sign-in), or one in progress right now.
 */
export async function hasPlayed(em: EntityManager, userId: number, gameId: number): Promise<boolean> {
  const row = await queryOf(em)
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom('play_events').select(sql`1`.as('one')).where('user_id', '=', userId).where('game_id', '=', gameId)),
          eb.exists(
            eb
              .selectFrom('visitor_game_activity')
              .select(sql`1`.as('one'))
              .where('visitor_key', '=', accountKey(userId))
              .where('game_id', '=', gameId)
              .where('last_play_at', 'is not', null),
          ),
        ])
        .as('played'),
    )
    .executeTakeFirst();
  return row?.played === true;
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
      throw new Forbidden(PLAY_BEFORE_RATING);
    }
    const comment = input.comment ? input.comment : null;
    const query = queryOf(tx);
    const written = await query
      .insertInto('ratings')
      .values({ game_id: game.id, user_id: ctx.user.id, score: input.score, comment, created_at: sql`now()`, updated_at: sql`now()` })
      .onConflict((conflict) =>
        conflict.columns(['game_id', 'user_id']).doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), comment: eb.ref('excluded.comment'), updated_at: sql`now()` })),
      )
      // xmax is 0 on a row this statement inserted (not on one it updated): a first rating is news to the developer.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    const queued = written?.inserted
      ? await enqueueWebhookEvent(tx, game.owner?.id, 'rating.created', {
          game: { id: game.id, slug: game.slug, title: game.title },
          rating: { score: input.score, comment },
        })
      : 0;
    const row = await query
      .selectFrom('ratings')
      .select([sql<number>`coalesce(avg(score), 0)::float8`.as('avg'), sql<number>`count(*)::int`.as('count')])
      .where('game_id', '=', game.id)
      .executeTakeFirst();
    const avg = row?.avg ?? 0;
    const count = row?.count ?? 0;
    game.ratingAvg = avg;
    game.ratingCount = count;
    await tx.flush();
    return { slug: game.slug, avg: Math.round(avg * 100) / 100, count, queued };
  });
  if (summary.queued > 0) ctx.services.webhooks.kick();
  // The game's page shows the new summary at once; lists catch up within the cache's TTL.
  ctx.services.catalogCache.invalidateGame(summary.slug);
  return { ratingSummary: { avg: summary.avg, count: summary.count } };
}

/** A game's ratings with their comments, newest first, each with how often the reviewer played the game. */
export async function listReviews(ctx: DomainContext, gameId: number, page: number): Promise<{ reviews: Review[]; page: number; hasMore: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const rows = await queryOf(ctx.em)
    .selectFrom('ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => [
      'u.name',
      'u.deleted_at',
      'r.score',
      'r.comment',
      'r.updated_at',
      eb
        .selectFrom('play_events as pe')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('pe.user_id', '=', 'r.user_id')
        .whereRef('pe.game_id', '=', 'r.game_id')
        .$asScalar()
        .as('plays'),
    ])
    .where('r.game_id', '=', game.id)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(REVIEWS_PAGE_SIZE + 1)
    .offset((page - 1) * REVIEWS_PAGE_SIZE)
    .execute();
  return {
    reviews: rows.slice(0, REVIEWS_PAGE_SIZE).map((row) => ({
      player: publicPlayerName(row.name, row.deleted_at),
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
  const row = await queryOf(ctx.em)
    .selectFrom('ratings')
    .select(['score', 'comment', 'updated_at'])
    .where('game_id', '=', game.id)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  return {
    rating: row ? { score: row.score, comment: row.comment, updatedAt: new Date(row.updated_at).toISOString() } : null,
    played: row !== undefined || (await hasPlayed(ctx.em, ctx.user.id, game.id)),
  };
}
