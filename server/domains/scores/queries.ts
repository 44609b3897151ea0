/** Every query the scores domain sends (a score itself is written through the ORM). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';
import type { Season } from './seasons';

/**
 * Seconds since the visitor's current play of the game started, if they were seen playing it within
 * the last `idleMinutes`; undefined otherwise.
 */
export async function secondsIntoPlay(em: EntityManager, visitorKey: string, gameId: number, idleMinutes: number): Promise<number | undefined> {
  const row = await queryOf(em)
    .selectFrom('visitor_game_activity')
    .select(sql<number>`extract(epoch from now() - last_play_at)::float8`.as('seconds'))
    .where('visitor_key', '=', visitorKey)
    .where('game_id', '=', gameId)
    .where('last_play_at', 'is not', null)
    .where('seen_at', '>', sql<Date>`now() - interval '${sql.raw(String(idleMinutes))} minutes'`)
    .executeTakeFirst();
  return row?.seconds;
}

/** The user's best score in the game; null when they have none. */
export async function bestScoreOf(em: EntityManager, gameId: number, userId: number): Promise<number | null> {
  const row = await queryOf(em)
    .selectFrom('game_scores')
    .select(sql<number | null>`max(score)::int`.as('best'))
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.best ?? null;
}

/** Each player's best score in the game (the earliest of equal ones), within the season when given. */
function bestPerPlayer(em: EntityManager, gameId: number, season: Season | null) {
  let best = queryOf(em)
    .selectFrom('game_scores as s')
    .distinctOn('s.user_id')
    .select(['s.user_id', 's.score', 's.created_at'])
    .where('s.game_id', '=', gameId);
  if (season) best = best.where('s.created_at', '>=', season.start).where('s.created_at', '<', season.end);
  return best.orderBy('s.user_id').orderBy('s.score', 'desc').orderBy('s.created_at', 'asc');
}

/**
 * The best score of each player (the earliest of equal ones), highest first, with the player and
 * how many players have a score in the period.
 */
export function bestScoresOf(em: EntityManager, gameId: number, limit: number, season: Season | null = null) {
  return queryOf(em)
    .selectFrom(bestPerPlayer(em, gameId, season).as('best'))
    .innerJoin('users as u', 'u.id', 'best.user_id')
    .select(['u.name', 'u.deleted_at', 'best.score', 'best.created_at', sql<number>`(count(*) over ())::int`.as('players')])
    .orderBy('best.score', 'desc')
    .orderBy('best.created_at', 'asc')
    .limit(limit)
    .execute();
}

/**
 * The player's best score in the period and its rank, in the leaderboard's order (higher first,
 * the earlier of equal ones first), with how many players have a score in it.
 */
export async function standingOf(em: EntityManager, gameId: number, userId: number, season: Season | null) {
  const row = await queryOf(em)
    .with('best', () => bestPerPlayer(em, gameId, season))
    .selectFrom('best')
    .leftJoin('best as mine', (join) => join.on('mine.user_id', '=', userId))
    .select([
      sql<number>`count(*)::int`.as('players'),
      sql<number | null>`max(mine.score)`.as('score'),
      sql<number | null>`case when max(mine.score) is null then null
        else (count(*) filter (where best.score > mine.score or (best.score = mine.score and best.created_at < mine.created_at)))::int + 1 end`.as('rank'),
    ])
    .executeTakeFirst();
  return { players: row?.players ?? 0, score: row?.score ?? null, rank: row?.rank ?? null };
}

/** Adds play time to a published game's total; answers false when there is no such game. */
export async function addGamePlaySeconds(tx: EntityManager, gameId: number, seconds: number): Promise<boolean> {
  const updated = await queryOf(tx)
    .updateTable('games')
    .set((eb) => ({ play_seconds: eb('play_seconds', '+', seconds) }))
    .where('id', '=', gameId)
    .where('status', '=', 'APPROVED')
    .returning('id')
    .execute();
  return updated.length > 0;
}

/** The visitor was seen playing the game now. */
export async function noteVisitorSeen(tx: EntityManager, visitorKey: string, gameId: number): Promise<void> {
  await queryOf(tx)
    .insertInto('visitor_game_activity')
    .values({ visitor_key: visitorKey, game_id: gameId, seen_at: sql`now()` })
    .onConflict((conflict) => conflict.columns(['visitor_key', 'game_id']).doUpdateSet((eb) => ({ seen_at: eb.ref('excluded.seen_at') })))
    .execute();
}
