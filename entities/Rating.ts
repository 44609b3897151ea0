import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { Game } from './Game';
import { User } from './User';

export const RatingSchema = defineEntity({
  name: 'Rating',
  tableName: 'ratings',
  extends: BaseSchema,
  properties: {
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    score: p.smallint(),
    comment: p.text().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['game', 'user'] }],
  // A game's reviews, newest first.
  indexes: [{ properties: ['game', 'updatedAt'] }],
});

export class Rating extends RatingSchema.class {}
RatingSchema.setClass(Rating);
