import { defineEntity, p } from '@mikro-orm/core';
import { Collection } from './Collection';
import { Game } from './Game';

/** A game in a collection, once, with when it was added (a collection lists the latest added first). */
export const CollectionGameSchema = defineEntity({
  name: 'CollectionGame',
  tableName: 'collection_games',
  properties: {
    collection: () => p.manyToOne(Collection).primary().deleteRule('cascade'),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade').index(),
    addedAt: p.datetime(),
  },
});

export class CollectionGame extends CollectionGameSchema.class {}
CollectionGameSchema.setClass(CollectionGame);
