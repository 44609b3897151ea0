import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * A visitor played a game on a UTC day: unique players over any period (one row
 * per player and day however many sessions) and whether they came back on a
 * given day (retention). Derived from play_sessions.
 */
export const GamePlayerDaySchema = defineEntity({
  name: 'GamePlayerDay',
  tableName: 'game_player_days',
  properties: {
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    day: p.date().primary(),
    visitorKey: p.string().length(64).primary(),
  },
});

export class GamePlayerDay extends GamePlayerDaySchema.class {}
GamePlayerDaySchema.setClass(GamePlayerDay);
