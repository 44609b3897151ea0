/** Every query the cloud saves domain sends. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

export type SaveRow = { game_id: number; data: string; version: number; updated_at: string | Date };

export function saveOf(em: EntityManager, userId: number, gameId: number): Promise<SaveRow | undefined> {
  return queryOf(em)
    .selectFrom('game_saves')
    .select(['game_id', 'data', 'version', 'updated_at'])
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
}

/**
 * Writes the save if `version` is the stored one (0 for none yet), in one statement so two writes
 * naming the same version cannot both win; undefined when the stored save has another version.
 */
export function writeSaveAtVersion(em: EntityManager, save: { userId: number; gameId: number; data: string; version: number }): Promise<SaveRow | undefined> {
  return queryOf(em)
    .insertInto('game_saves')
    .values({ user_id: save.userId, game_id: save.gameId, data: save.data, version: 1, created_at: sql`now()`, updated_at: sql`now()` })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'game_id'])
        .doUpdateSet({ data: save.data, version: sql`game_saves.version + 1`, updated_at: sql`now()` })
        .where('game_saves.version', '=', save.version),
    )
    .returning(['game_id', 'data', 'version', 'updated_at'])
    .executeTakeFirst();
}

/** Every save of the user with its game, the latest written first. */
export function savesOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('game_saves')
    .innerJoin('games', 'games.id', 'game_saves.game_id')
    .select(['game_saves.game_id', 'game_saves.data', 'game_saves.version', 'game_saves.updated_at', 'games.slug', 'games.title'])
    .where('game_saves.user_id', '=', userId)
    .orderBy('game_saves.updated_at', 'desc')
    .orderBy('game_saves.game_id')
    .execute();
}

/** The published games among these slugs. */
export function publishedGamesWithSlugs(em: EntityManager, slugs: string[]) {
  return queryOf(em).selectFrom('games').select(['id', 'slug']).where('slug', 'in', slugs).where('status', '=', 'APPROVED').execute();
}

/**
 * Writes an imported save unless the stored one was written later; a save dated in the future
 * counts as written now. Answers whether it was written.
 */
export async function importSave(em: EntityManager, save: { userId: number; gameId: number; data: string; updatedAt: string }): Promise<boolean> {
  const savedAt = sql<Date>`least(${save.updatedAt}::timestamptz, now())`;
  const written = await queryOf(em)
    .insertInto('game_saves')
    .values({ user_id: save.userId, game_id: save.gameId, data: save.data, version: 1, created_at: sql`now()`, updated_at: savedAt })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'game_id'])
        .doUpdateSet({ data: save.data, version: sql`game_saves.version + 1`, updated_at: sql`excluded.updated_at` })
        .where('game_saves.updated_at', '<=', sql<Date>`excluded.updated_at`),
    )
    .returning('game_saves.id')
    .executeTakeFirst();
  return written !== undefined;
}
