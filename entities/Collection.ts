import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { User } from './User';

/**
 * A player's named list of games (issue #25): private to its owner, or public and readable by
 * anyone with its link (/collections/{id}). Each account's first collection is its Favorites
 * (`isFavorites`, one per account): the games its Favorite toggle keeps.
 */
export const CollectionSchema = defineEntity({
  name: 'Collection',
  tableName: 'collections',
  extends: BaseSchema,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(60),
    isPublic: p.boolean().default(false),
    isFavorites: p.boolean().default(false),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class Collection extends CollectionSchema.class {}
CollectionSchema.setClass(Collection);
