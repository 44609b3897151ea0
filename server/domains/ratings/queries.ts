/** Every query the ratings domain sends. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/**
 * Whether the account has a play of the game: one recorded while signed in (`userId`), or one
 * noted under its visitor key (`accountVisitorKey`: linked at sign-in, or in progress now).
 */
export async function hasPlayRecord(em: EntityManager, userId: number, accountVisitorKey: string, gameId: number): Promise<boolean> {
  const row = await queryOf(em)
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom('play_events').select(sql`1`.as('one')).where('user_id', '=', userId).where('game_id', '=', gameId)),
          eb.exists(
            eb
              .selectFrom('visitor_game_activity')
              .select(sql`1`.as('one'))
              .where('visitor_key', '=', accountVisitorKey)
              .where('game_id', '=', gameId)
              .where('last_play_at', 'is not', null),
          ),
        ])
        .as('played'),
    )
    .executeTakeFirst();
  return row?.played === true;
}

/** Writes the user's rating of the game, replacing theirs; answers whether it is their first. */
export async function upsertRating(em: EntityManager, rating: { gameId: number; userId: number; score: number; comment: string | null }): Promise<boolean> {
  const written = await queryOf(em)
    .insertInto('ratings')
    .values({ game_id: rating.gameId, user_id: rating.userId, score: rating.score, comment: rating.comment, created_at: sql`now()`, updated_at: sql`now()` })
    .onConflict((conflict) =>
      conflict.columns(['game_id', 'user_id']).doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), comment: eb.ref('excluded.comment'), updated_at: sql`now()` })),
    )
    // xmax is 0 on a row this statement inserted (not on one it updated); the builder has no name for it.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirst();
  return written?.inserted === true;
}

/** The game's average score (0 without ratings) and number of ratings. */
export async function ratingSummaryOf(em: EntityManager, gameId: number): Promise<{ avg: number; count: number }> {
  const row = await queryOf(em)
    .selectFrom('ratings')
    .select([sql<number>`coalesce(avg(score), 0)::float8`.as('avg'), sql<number>`count(*)::int`.as('count')])
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return { avg: row?.avg ?? 0, count: row?.count ?? 0 };
}

/** One page of the game's ratings, newest first, each with its reviewer and how often they played the game. */
export function reviewsPage(em: EntityManager, gameId: number, limit: number, offset: number) {
  return queryOf(em)
    .selectFrom('ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('player_games as pg', (join) => join.onRef('pg.user_id', '=', 'r.user_id').onRef('pg.game_id', '=', 'r.game_id'))
    .select((eb) => [
      'r.id',
      'u.name',
      'u.deleted_at',
      sql<number>`coalesce(pg.play_seconds, 0)`.as('play_seconds'),
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
    .where('r.game_id', '=', gameId)
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function ratingOf(em: EntityManager, gameId: number, userId: number) {
  return queryOf(em)
    .selectFrom('ratings')
    .select(['score', 'comment', 'updated_at'])
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The rating's author and game, or undefined when there is no such rating. */
export function ratingById(em: EntityManager, id: number) {
  return queryOf(em).selectFrom('ratings').select(['id', 'user_id', 'game_id']).where('id', '=', id).executeTakeFirst();
}

/** Records a report of a review; answers false when this reporter had already reported it. */
export async function insertReviewReport(em: EntityManager, report: { ratingId: number; userId: number; reason: string }): Promise<boolean> {
  const rows = await queryOf(em)
    .insertInto('review_reports')
    .values({ rating_id: report.ratingId, user_id: report.userId, reason: report.reason as never, created_at: sql`now()` })
    .onConflict((conflict) => conflict.columns(['rating_id', 'user_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}
