/** Every query the collections domain sends (collections, collection_games); favourites are the Favorites collection's games. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { FAVORITES_COLLECTION_NAME } from '../../../shared/constants';
import { queryOf } from '../../db/kysely';
import { sqlIn } from '../../db/sql';

export type CollectionRow = {
  id: number;
  user_id: number;
  name: string;
  is_public: boolean;
  is_favorites: boolean;
  updated_at: string | Date;
  game_count: number;
  thumbs: string[];
  has_game: boolean | null;
};

/**
 * The account's Favorites collection's id, made on first need (one per account: a partial unique index).
 * The insert names no conflict target: two first favourites at once collide on the name's unique index
 * too, and a conflict on an index other than a named target is an error, not "do nothing".
 */
export async function favoritesCollectionId(em: EntityManager, userId: number): Promise<number> {
  await sqlIn(
    em,
    `insert into collections (created_at, user_id, name, is_public, is_favorites, updated_at) values (now(), ?, ?, false, true, now())
     on conflict do nothing`,
    [userId, FAVORITES_COLLECTION_NAME],
  );
  const row = await queryOf(em).selectFrom('collections').select('id').where('user_id', '=', userId).where('is_favorites', '=', true).executeTakeFirstOrThrow();
  return row.id;
}

/** Columns of a collection as its card shows it: published games only are counted and pictured. */
const COLLECTION_COLUMNS = `c.id, c.user_id, c.name, c.is_public, c.is_favorites, c.updated_at,
  (select count(*)::int from collection_games cg join games g on g.id = cg.game_id and g.status = 'APPROVED' where cg.collection_id = c.id) as game_count,
  array(select g.thumb_url from collection_games cg join games g on g.id = cg.game_id and g.status = 'APPROVED'
         where cg.collection_id = c.id and g.thumb_url is not null order by cg.added_at desc, g.id desc limit 4) as thumbs`;

/** The account's collections, Favorites first then the oldest first; each says whether it holds `gameId` when given. */
export function collectionsOf(em: EntityManager, userId: number, gameId: number | null): Promise<CollectionRow[]> {
  return sqlIn<CollectionRow>(
    em,
    `select ${COLLECTION_COLUMNS},
       case when ?::int is null then null else exists(select 1 from collection_games h where h.collection_id = c.id and h.game_id = ?::int) end as has_game
       from collections c where c.user_id = ? order by c.is_favorites desc, c.created_at, c.id`,
    [gameId, gameId, userId],
  );
}

export async function collectionById(em: EntityManager, id: number): Promise<(CollectionRow & { owner_name: string; owner_deleted_at: string | Date | null }) | undefined> {
  const rows = await sqlIn<CollectionRow & { owner_name: string; owner_deleted_at: string | Date | null }>(
    em,
    `select ${COLLECTION_COLUMNS}, null as has_game, u.name as owner_name, u.deleted_at as owner_deleted_at
       from collections c join users u on u.id = c.user_id where c.id = ?`,
    [id],
  );
  return rows[0];
}

/** Locks the collection's row for a change of it or its games; answers its owner and kind. */
export function lockCollection(em: EntityManager, id: number) {
  return queryOf(em).selectFrom('collections').select(['id', 'user_id', 'is_favorites']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countCollectionsOf(em: EntityManager, userId: number): Promise<number> {
  const row = await queryOf(em).selectFrom('collections').select(sql<number>`count(*)::int`.as('count')).where('user_id', '=', userId).executeTakeFirst();
  return row?.count ?? 0;
}

/** Whether another collection of the account has this name, whatever its case. */
export async function nameTaken(em: EntityManager, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await sqlIn<{ id: number }>(em, 'select id from collections where user_id = ? and lower(name) = lower(?) and id <> coalesce(?::int, 0)', [userId, name, exceptId]);
  return rows.length > 0;
}

export async function insertCollection(em: EntityManager, userId: number, name: string, isPublic: boolean): Promise<number | undefined> {
  const rows = await sqlIn<{ id: number }>(
    em,
    `insert into collections (created_at, user_id, name, is_public, is_favorites, updated_at) values (now(), ?, ?, ?, false, now())
     on conflict do nothing returning id`,
    [userId, name, isPublic],
  );
  return rows[0]?.id;
}

export async function updateCollectionRow(em: EntityManager, id: number, change: { name?: string | undefined; isPublic?: boolean | undefined }): Promise<void> {
  await queryOf(em)
    .updateTable('collections')
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.isPublic === undefined ? {} : { is_public: change.isPublic }),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCollectionRow(em: EntityManager, id: number): Promise<void> {
  await queryOf(em).deleteFrom('collections').where('id', '=', id).execute();
}

/** Adds the game (once: adding it again keeps its first time) and marks the collection changed. */
export async function insertCollectionGame(em: EntityManager, collectionId: number, gameId: number): Promise<void> {
  await queryOf(em)
    .insertInto('collection_games')
    .values({ collection_id: collectionId, game_id: gameId, added_at: sql`now()` })
    .onConflict((conflict) => conflict.columns(['collection_id', 'game_id']).doNothing())
    .execute();
  await queryOf(em).updateTable('collections').set({ updated_at: sql`now()` }).where('id', '=', collectionId).execute();
}

export async function deleteCollectionGame(em: EntityManager, collectionId: number, gameId: number): Promise<void> {
  await queryOf(em).deleteFrom('collection_games').where('collection_id', '=', collectionId).where('game_id', '=', gameId).execute();
  await queryOf(em).updateTable('collections').set({ updated_at: sql`now()` }).where('id', '=', collectionId).execute();
}

export async function countCollectionGames(em: EntityManager, collectionId: number): Promise<number> {
  const row = await queryOf(em)
    .selectFrom('collection_games')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The ids of the collection's games, the latest added first. */
export async function collectionGameIds(em: EntityManager, collectionId: number, limit: number): Promise<number[]> {
  const rows = await queryOf(em)
    .selectFrom('collection_games')
    .select('game_id')
    .where('collection_id', '=', collectionId)
    .orderBy('added_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_id);
}
