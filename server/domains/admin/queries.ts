/** Every query the admin domain sends beyond the entities' own reads and writes. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ReviewReportReason } from '../../../shared/constants';
import { queryOf } from '../../db/kysely';

/** Published games, and accounts not blocked that signed in within `activeDays`. */
export async function countGamesAndActiveUsers(em: EntityManager, activeDays: number): Promise<{ totalGames: number; activeUsers: number }> {
  const row = await queryOf(em)
    .selectNoFrom((eb) => [
      eb.selectFrom('games').select(sql<number>`count(*)::int`.as('n')).where('status', '=', 'APPROVED').as('total_games'),
      eb
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('blocked_at', 'is', null)
        .where('last_sign_in_at', '>=', sql<Date>`now() - make_interval(days => ${activeDays}::int)`)
        .as('active_users'),
    ])
    .executeTakeFirst();
  return { totalGames: row?.total_games ?? 0, activeUsers: row?.active_users ?? 0 };
}

/**
 * The `recent` newest scores, each with its game and player and whether it is above what the game
 * can award (`perSecondDefault` points a second for a game without its own rate) or from an
 * account that never played the game.
 */
export function recentScoresWithFlags(em: EntityManager, recent: number, perSecondDefault: number) {
  return queryOf(em)
    .selectFrom((eb) => eb.selectFrom('game_scores').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(recent).as('s'))
    .innerJoin('games as g', 'g.id', 's.game_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [
      's.id',
      'g.id as game_id',
      'g.slug',
      'g.title',
      'u.id as user_id',
      'u.email',
      's.score',
      's.created_at',
      sql<boolean>`(g.max_score is not null and s.score > g.max_score)
        or s.score > coalesce(g.score_per_second, ${sql.lit(perSecondDefault)}) * 3600`.as('above-game-limit'),
      eb
        .not(eb.exists(eb.selectFrom('play_events as pe').select('pe.id').whereRef('pe.user_id', '=', 's.user_id').whereRef('pe.game_id', '=', 's.game_id')))
        .$castTo<boolean>()
        .as('never-played'),
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/**
 * The `recent` latest ratings, each with its game and player and whether its account never played
 * the game or gave more than `burst` ratings within an hour either side of it.
 */
export function recentRatingsWithFlags(em: EntityManager, recent: number, burst: number) {
  return queryOf(em)
    .selectFrom((eb) => eb.selectFrom('ratings').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(recent).as('r'))
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => [
      'r.id',
      'g.id as game_id',
      'g.slug',
      'g.title',
      'u.id as user_id',
      'u.email',
      'r.score',
      'r.comment',
      'r.updated_at',
      eb
        .not(eb.exists(eb.selectFrom('play_events as pe').select('pe.id').whereRef('pe.user_id', '=', 'r.user_id').whereRef('pe.game_id', '=', 'r.game_id')))
        .$castTo<boolean>()
        .as('never-played'),
      sql<boolean>`${eb
        .selectFrom('ratings as other')
        .select(eb.fn.countAll().as('n'))
        .whereRef('other.user_id', '=', 'r.user_id')
        .where(sql<boolean>`other.updated_at between r.updated_at - interval '1 hour' and r.updated_at + interval '1 hour'`)} > ${sql.lit(burst)}`.as(
        'rating-burst',
      ),
    ])
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** Deletes a score; answers what it was, or undefined when there was none. */
export function deleteScore(em: EntityManager, id: number) {
  return queryOf(em).deleteFrom('game_scores').where('id', '=', id).returning(['game_id', 'user_id', 'score']).executeTakeFirst();
}

/** Deletes a rating; answers what it was, or undefined when there was none. */
export function deleteRating(em: EntityManager, id: number) {
  return queryOf(em).deleteFrom('ratings').where('id', '=', id).returning(['game_id', 'user_id', 'score', 'comment']).executeTakeFirst();
}

/** Recomputes the game's rating summary from its ratings; answers its slug. */
export async function recomputeRatingSummary(em: EntityManager, gameId: number): Promise<string | undefined> {
  const row = await queryOf(em)
    .updateTable('games')
    .set((eb) => ({
      rating_avg: eb.selectFrom('ratings').select(sql<number>`coalesce(avg(score), 0)::float8`.as('avg')).where('game_id', '=', gameId),
      rating_count: eb.selectFrom('ratings').select(sql<number>`count(*)::int`.as('count')).where('game_id', '=', gameId),
    }))
    .where('id', '=', gameId)
    .returning('slug')
    .executeTakeFirst();
  return row?.slug;
}

/** Reviews with open reports, the latest reported first, each with its report count and reasons. */
export function reportedReviews(em: EntityManager, limit: number) {
  return queryOf(em)
    .selectFrom((eb) =>
      eb
        .selectFrom('review_reports')
        .select([
          'rating_id',
          sql<number>`count(*)::int`.as('reports'),
          sql<ReviewReportReason[]>`array_agg(distinct reason order by reason)`.as('reasons'),
          sql<string>`max(created_at)`.as('last_reported_at'),
        ])
        .where('dismissed_at', 'is', null)
        .groupBy('rating_id')
        .as('rr'),
    )
    .innerJoin('ratings as r', 'r.id', 'rr.rating_id')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'g.id as game_id', 'g.slug', 'g.title', 'u.id as user_id', 'u.email', 'r.score', 'r.comment', 'r.updated_at', 'rr.reports', 'rr.reasons', 'rr.last_reported_at'])
    .orderBy('rr.last_reported_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** Closes a review's open reports; answers how many were open. */
export async function dismissReviewReports(em: EntityManager, ratingId: number): Promise<number> {
  const result = await queryOf(em)
    .updateTable('review_reports')
    .set({ dismissed_at: sql`now()` })
    .where('rating_id', '=', ratingId)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
