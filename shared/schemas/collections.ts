/** Collections (issue #25): a player's named lists of games, private or shared by link; Favorites is the first. */
import { z } from 'zod';
import { COLLECTION_LIMITS } from '../constants';
import { idParamSchema, requiredText, typeError } from './fields';
import { gameOutput } from './games';

const collectionName = requiredText(COLLECTION_LIMITS.nameMax);

export const createCollectionInput = z.object({
  name: collectionName,
  isPublic: z.boolean({ error: typeError('true or false') }).default(false),
});
export const collectionForm = createCollectionInput;
export const updateCollectionInput = z.object({
  id: idParamSchema,
  name: collectionName.optional(),
  isPublic: z.boolean({ error: typeError('true or false') }).optional(),
});
export const collectionIdInput = z.object({ id: idParamSchema });
export const collectionGameInput = z.object({ id: idParamSchema, gameId: idParamSchema });
/** Your collections; with `gameId`, each says whether it holds that game (the game page's Save to menu). */
export const myCollectionsInput = z.object({ gameId: idParamSchema.optional() });

export const collectionOutput = z.object({
  id: z.number(),
  name: z.string(),
  isPublic: z.boolean(),
  /** The account's first collection: the games its Favorite toggle keeps (cannot be renamed or deleted). */
  isFavorites: z.boolean(),
  gameCount: z.number(),
  /** Thumbnails of its latest games (up to 4), for its card. */
  thumbs: z.array(z.string()),
  updatedAt: z.string(),
  /** Only with `gameId`: whether this collection holds that game. */
  hasGame: z.boolean().optional(),
});
export type CollectionSummary = z.infer<typeof collectionOutput>;

/** A collection as its link shows it: to its owner, or to anyone when it is public. */
export const collectionPageOutput = z.object({
  collection: collectionOutput.omit({ hasGame: true }),
  /** The owner's public name ("Ada L."). */
  owner: z.string(),
  /** Whether the caller owns it (may edit it). */
  isOwner: z.boolean(),
  games: z.array(gameOutput),
});
export type CollectionPage = z.infer<typeof collectionPageOutput>;

export const collectionGameOutput = z.object({ id: z.number(), gameId: z.number(), inCollection: z.boolean(), gameCount: z.number() });

