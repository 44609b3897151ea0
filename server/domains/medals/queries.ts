/** Every query the medals domain sends. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { MedalDeclaration } from '../../../shared/schemas';
import { queryOf } from '../../db/kysely';

export type MedalRow = {
  id: number;
  key: string;
  name: string;
  description: string;
  icon: MedalDeclaration['icon'];
  points: number;
  secret: boolean;
};

const medalColumns = ['m.id', 'm.key', 'm.name', 'm.description', 'm.icon', 'm.points', 'm.secret'] as const;

/** The game's medals in their declared order, with when `userId` unlocked each (null: not unlocked, or no user). */
export async function medalsOfGame(em: EntityManager, gameId: number, userId: number | null) {
  return queryOf(em)
    .selectFrom('game_medals as m')
    .leftJoin('medal_unlocks as u', (join) => join.onRef('u.medal_id', '=', 'm.id').on('u.user_id', '=', userId ?? 0))
    .select([...medalColumns, 'u.created_at as unlocked_at'])
    .where('m.game_id', '=', gameId)
    .orderBy('m.position')
    .execute();
}

/** One medal of the game by its key. */
export async function medalByKey(em: EntityManager, gameId: number, key: string): Promise<MedalRow | undefined> {
  return queryOf(em).selectFrom('game_medals as m').select(medalColumns).where('m.game_id', '=', gameId).where('m.key', '=', key).executeTakeFirst();
}

/** Records the unlock unless the player has it; answers when they got it and whether that was now. */
export async function insertUnlock(em: EntityManager, medalId: number, userId: number, at: Date): Promise<{ unlockedAt: Date; newly: boolean }> {
  const inserted = await queryOf(em)
    .insertInto('medal_unlocks')
    .values({ medal_id: medalId, user_id: userId, created_at: at })
    .onConflict((conflict) => conflict.columns(['medal_id', 'user_id']).doNothing())
    .returning('created_at')
    .executeTakeFirst();
  if (inserted) return { unlockedAt: new Date(inserted.created_at), newly: true };
  const existing = await queryOf(em)
    .selectFrom('medal_unlocks')
    .select('created_at')
    .where('medal_id', '=', medalId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { unlockedAt: new Date(existing.created_at), newly: false };
}

/** The player's medals, newest first: of published games (the profile), or of every game (the account's export). */
export function unlockedMedalsOf(em: EntityManager, userId: number, { publishedOnly = true } = {}) {
  const query = queryOf(em)
    .selectFrom('medal_unlocks as u')
    .innerJoin('game_medals as m', 'm.id', 'u.medal_id')
    .innerJoin('games as g', 'g.id', 'm.game_id')
    .select([...medalColumns, 'u.created_at as unlocked_at', 'g.id as game_id', 'g.slug', 'g.title'])
    .where('u.user_id', '=', userId)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc');
  return (publishedOnly ? query.where('g.status', '=', 'APPROVED') : query).execute();
}

/** The game's declared medals with how many players unlocked each, for replacing the declaration. */
export function declaredMedals(em: EntityManager, gameId: number) {
  return queryOf(em)
    .selectFrom('game_medals as m')
    .select([...medalColumns, (eb) => eb.selectFrom('medal_unlocks as u').select(sql<number>`count(*)::int`.as('n')).whereRef('u.medal_id', '=', 'm.id').as('unlocks')])
    .where('m.game_id', '=', gameId)
    .orderBy('m.position')
    .execute();
}

/** Writes one declared medal: a new one, or the medal of that key changed in place (its unlocks stay). */
export async function upsertMedal(em: EntityManager, gameId: number, medal: MedalDeclaration, position: number, at: Date): Promise<void> {
  const values = { name: medal.name, description: medal.description, icon: medal.icon, points: medal.points, secret: medal.secret, position };
  await queryOf(em)
    .insertInto('game_medals')
    .values({ game_id: gameId, key: medal.key, created_at: at, ...values })
    .onConflict((conflict) => conflict.columns(['game_id', 'key']).doUpdateSet(values))
    .execute();
}

export async function deleteMedals(em: EntityManager, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await queryOf(em).deleteFrom('game_medals').where('id', 'in', [...ids]).execute();
}

/** Moves medals kept out of a declaration after the declared ones, in their old order. */
export async function placeAfter(em: EntityManager, ids: readonly number[], from: number): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await queryOf(em).updateTable('game_medals').set({ position: from + index }).where('id', '=', id).execute();
  }
}
