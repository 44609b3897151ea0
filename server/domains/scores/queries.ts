/** Every query the scores domain sends (a score itself is written through the ORM). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

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

/** The best score of each player (the earliest of equal ones), highest first, with the player. */
export function bestScoresOf(em: EntityManager, gameId: number, limit: number) {
  const query = queryOf(em);
  const best = query
    .selectFrom('game_scores as s')
    .distinctOn('s.user_id')
    .select(['s.user_id', 's.score', 's.created_at'])
    .where('s.game_id', '=', gameId)
    .orderBy('s.user_id')
    .orderBy('s.score', 'desc')
    .orderBy('s.created_at', 'asc');
  return query
    .selectFrom(best.as('best'))
    .innerJoin('users as u', 'u.id', 'best.user_id')
    .select(['u.name', 'u.deleted_at', 'best.score', 'best.created_at'])
    .orderBy('best.score', 'desc')
    .orderBy('best.created_at', 'asc')
    .limit(limit)
    .execute();
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
