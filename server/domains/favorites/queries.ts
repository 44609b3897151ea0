/** Every query the favorites domain sends. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/** Adds the favourite; one that is already there stays as it is. */
export async function insertFavorite(em: EntityManager, userId: number, gameId: number): Promise<void> {
  await queryOf(em)
    .insertInto('favorites')
    .values({ user_id: userId, game_id: gameId, created_at: sql`now()` })
    .onConflict((conflict) => conflict.columns(['user_id', 'game_id']).doNothing())
    .execute();
}

export async function deleteFavorite(em: EntityManager, userId: number, gameId: number): Promise<void> {
  await queryOf(em).deleteFrom('favorites').where('user_id', '=', userId).where('game_id', '=', gameId).execute();
}
