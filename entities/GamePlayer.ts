import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/** The UTC day a visitor first played a game: the cohorts retention is measured on. Derived from game_player_days. */
export const GamePlayerSchema = defineEntity({
  name: 'GamePlayer',
  tableName: 'game_players',
  properties: {
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    visitorKey: p.string().length(64).primary(),
    firstDay: p.date(),
  },
  indexes: [{ properties: ['game', 'firstDay'] }],
});

export class GamePlayer extends GamePlayerSchema.class {}
GamePlayerSchema.setClass(GamePlayer);
