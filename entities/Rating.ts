import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { User } from './User';

export const RatingSchema = defineEntity({
  name: 'Rating',
  tableName: 'ratings',
  properties: {
    id: p.integer().primary(),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    score: p.smallint(),
    comment: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['game', 'user'] }],
  // A game's reviews, newest first.
  indexes: [{ properties: ['game', 'updatedAt'] }],
});

export class Rating extends RatingSchema.class {}
RatingSchema.setClass(Rating);
