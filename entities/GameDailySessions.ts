import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * Sessions of one game started on one UTC day, kept with every batch of plays,
 * play-time report and completion, so analytics read at most 90 rows per game
 * (plays per day come from game_daily_plays). `players` is the day's distinct
 * visitors. Derived from play_sessions (`npm run db:rebuild-stats`).
 */
export const GameDailySessionsSchema = defineEntity({
  name: 'GameDailySessions',
  tableName: 'game_daily_sessions',
  properties: {
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    day: p.date().primary(),
    sessions: p.integer().default(0),
    players: p.integer().default(0),
    sessionSeconds: p.bigint('number').default(0),
    completions: p.integer().default(0),
  },
});

export class GameDailySessions extends GameDailySessionsSchema.class {}
GameDailySessionsSchema.setClass(GameDailySessions);
