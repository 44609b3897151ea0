import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { User } from './User';

export const FavoriteSchema = defineEntity({
  name: 'Favorite',
  tableName: 'favorites',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    game: () => p.manyToOne(Game).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['user', 'game'] }],
});

export class Favorite extends FavoriteSchema.class {}
FavoriteSchema.setClass(Favorite);
