import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { Game } from './Game';
import { User } from './User';

/** A score a signed-in player reached, reported by the game through the SDK. */
export const GameScoreSchema = defineEntity({
  name: 'GameScore',
  tableName: 'game_scores',
  extends: BaseSchema,
  properties: {
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    score: p.integer(),
  },
  // By score for the all-time board, by time for the weekly one (a season's scores of one game).
  indexes: [{ properties: ['game', 'score'] }, { properties: ['game', 'createdAt'] }],
});

export class GameScore extends GameScoreSchema.class {}
GameScoreSchema.setClass(GameScore);
