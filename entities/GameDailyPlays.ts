import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * Plays of one game on one UTC day, kept up to date with every batch of plays:
 * trending sums at most a window's worth of these rows per game instead of
 * counting raw play events. Derived from play_events (`npm run db:rebuild-stats`).
 */
export const GameDailyPlaysSchema = defineEntity({
  name: 'GameDailyPlays',
  tableName: 'game_daily_plays',
  properties: {
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    day: p.date().primary(),
    plays: p.integer(),
  },
  indexes: [{ properties: ['day'] }],
});

export class GameDailyPlays extends GameDailyPlaysSchema.class {}
GameDailyPlaysSchema.setClass(GameDailyPlays);
