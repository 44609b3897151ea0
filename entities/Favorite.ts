import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { Game } from './Game';
import { User } from './User';

export const FavoriteSchema = defineEntity({
  name: 'Favorite',
  tableName: 'favorites',
  extends: BaseSchema,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade'),
    game: () => p.manyToOne(Game).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['user', 'game'] }],
});

export class Favorite extends FavoriteSchema.class {}
FavoriteSchema.setClass(Favorite);
