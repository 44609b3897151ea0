/**
 * Collections (issue #25): a player's named lists of games. A private one is its owner's alone
 * (anyone else gets 404, as if it did not exist); a public one is readable by anyone with its link.
 * Every account's first collection is Favorites: the games its Favorite toggle keeps, made on
 * first need; it cannot be renamed or deleted, but can be made public like any other.
 */
import { COLLECTION_LIMITS, FAVORITES_COLLECTION_NAME } from '../../../shared/constants';
import type { CollectionPage, CollectionSummary } from '../../../shared/schemas';
import type { AuthedContext, DomainContext } from '../context';
import { Conflict, Forbidden, NotFound, Validation } from '../errors';
import { favoriteGameIds, findPublishedGamesInOrder, markFavorites } from '../games/read-model';
import { requirePublishedGame } from '../games/lookup';
import { publicPlayerName } from '../scores/service';
import {
  collectionById,
  collectionGameIds,
  collectionsOf,
  countCollectionGames,
  countCollectionsOf,
  deleteCollectionGame,
  deleteCollectionRow,
  favoritesCollectionId,
  insertCollection,
  insertCollectionGame,
  lockCollection,
  nameTaken,
  updateCollectionRow,
  type CollectionRow,
} from './queries';
import type { EntityManager } from '@mikro-orm/postgresql';
import { text } from '../../i18n/translate';

function summaryOf(row: CollectionRow): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    isPublic: row.is_public,
    isFavorites: row.is_favorites,
    gameCount: row.game_count,
    thumbs: row.thumbs,
    updatedAt: new Date(row.updated_at).toISOString(),
    ...(row.has_game === null ? {} : { hasGame: row.has_game }),
  };
}

/** "favorites" in any case is the first collection's name: no other may take it. */
function checkName(name: string): void {
  if (name.toLowerCase() === FAVORITES_COLLECTION_NAME.toLowerCase()) throw new Conflict(text('collections.firstName', { name: FAVORITES_COLLECTION_NAME }));
}

/** The caller's collection, locked for a change, or 404 (someone else's is not told apart from none). */
async function lockOwnCollection(tx: EntityManager, ctx: AuthedContext, id: number) {
  const row = await lockCollection(tx, id);
  if (!row || row.user_id !== ctx.user.id) throw new NotFound(text('collections.notFound'));
  return row;
}

async function ownSummary(ctx: AuthedContext, id: number): Promise<CollectionSummary> {
  const row = await collectionById(ctx.em, id);
  if (!row) throw new NotFound(text('collections.notFound'));
  return summaryOf(row);
}

/** The caller's collections, Favorites first; with `gameId`, each says whether it holds that game. */
export async function listMyCollections(ctx: AuthedContext, gameId: number | null): Promise<CollectionSummary[]> {
  await favoritesCollectionId(ctx.em, ctx.user.id);
  return (await collectionsOf(ctx.em, ctx.user.id, gameId)).map(summaryOf);
}

export async function createCollection(ctx: AuthedContext, input: { name: string; isPublic: boolean }): Promise<CollectionSummary> {
  checkName(input.name);
  const id = await ctx.em.transactional(async (tx) => {
    await favoritesCollectionId(tx, ctx.user.id);
    if ((await countCollectionsOf(tx, ctx.user.id)) >= COLLECTION_LIMITS.perAccount) {
      throw new Validation('name', text('collections.max', { max: COLLECTION_LIMITS.perAccount }));
    }
    // The unique index decides a race between two creations of one name.
    const created = (await nameTaken(tx, ctx.user.id, input.name, null)) ? undefined : await insertCollection(tx, ctx.user.id, input.name, input.isPublic);
    if (created === undefined) throw new Conflict(text('collections.duplicate', { name: input.name! }));
    return created;
  });
  return ownSummary(ctx, id);
}

/** Renames it or changes who may read it. Favorites keeps its name. */
export async function updateCollection(ctx: AuthedContext, input: { id: number; name?: string | undefined; isPublic?: boolean | undefined }): Promise<CollectionSummary> {
  await ctx.em.transactional(async (tx) => {
    const row = await lockOwnCollection(tx, ctx, input.id);
    const renamed = input.name !== undefined && !(row.is_favorites && input.name === FAVORITES_COLLECTION_NAME);
    if (renamed && row.is_favorites) throw new Validation('name', text('collections.keepsName', { name: FAVORITES_COLLECTION_NAME }));
    if (renamed) {
      checkName(input.name!);
      if (await nameTaken(tx, ctx.user.id, input.name!, row.id)) throw new Conflict(text('collections.duplicate', { name: input.name! }));
    }
    await updateCollectionRow(tx, row.id, { name: renamed ? input.name : undefined, isPublic: input.isPublic });
  });
  return ownSummary(ctx, input.id);
}

export async function deleteCollection(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  await ctx.em.transactional(async (tx) => {
    const row = await lockOwnCollection(tx, ctx, id);
    if (row.is_favorites) throw new Forbidden(text('collections.undeletable', { name: FAVORITES_COLLECTION_NAME }));
    await deleteCollectionRow(tx, row.id);
  });
  return { ok: true };
}

/** Adds a published game to the caller's collection (idempotent). */
export async function addGameToCollection(ctx: AuthedContext, id: number, gameId: number) {
  const game = await requirePublishedGame(ctx.em, gameId);
  const gameCount = await ctx.em.transactional(async (tx) => {
    const row = await lockOwnCollection(tx, ctx, id);
    const count = await countCollectionGames(tx, row.id);
    if (!row.is_favorites && count >= COLLECTION_LIMITS.gamesMax) {
      throw new Validation('gameId', text('collections.full', { max: COLLECTION_LIMITS.gamesMax }));
    }
    await insertCollectionGame(tx, row.id, game.id);
    return countCollectionGames(tx, row.id);
  });
  return { id, gameId: game.id, inCollection: true, gameCount };
}

/** Takes a game out of the caller's collection (idempotent; a game no longer published can be taken out too). */
export async function removeGameFromCollection(ctx: AuthedContext, id: number, gameId: number) {
  const gameCount = await ctx.em.transactional(async (tx) => {
    const row = await lockOwnCollection(tx, ctx, id);
    await deleteCollectionGame(tx, row.id, gameId);
    return countCollectionGames(tx, row.id);
  });
  return { id, gameId, inCollection: false, gameCount };
}

/** A collection by its link: its owner sees it always, anyone else only while it is public. */
export async function getCollection(ctx: DomainContext, id: number): Promise<CollectionPage> {
  const row = await collectionById(ctx.em, id);
  const user = await ctx.getUser();
  const isOwner = row !== undefined && user !== null && row.user_id === user.id;
  if (!row || (!row.is_public && !isOwner) || (row.owner_deleted_at !== null && !isOwner)) throw new NotFound(text('collections.notFound'));
  const games = await findPublishedGamesInOrder(ctx.em, await collectionGameIds(ctx.em, row.id, COLLECTION_LIMITS.gamesMax));
  return {
    collection: summaryOf({ ...row, has_game: null }),
    owner: publicPlayerName(row.owner_name),
    isOwner,
    games: user ? markFavorites(games, await favoriteGameIds(ctx.em, user.id)) : games,
  };
}

/** The Favorite toggle: the game goes into (or out of) the caller's Favorites collection. */
export async function setFavorite(ctx: AuthedContext, gameId: number, favorite: boolean): Promise<void> {
  await ctx.em.transactional(async (tx) => {
    const id = await favoritesCollectionId(tx, ctx.user.id);
    if (favorite) await insertCollectionGame(tx, id, gameId);
    else await deleteCollectionGame(tx, id, gameId);
  });
}
