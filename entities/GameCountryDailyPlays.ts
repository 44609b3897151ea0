import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * Plays of one game from one country on one UTC day, for the days of the trending window only
 * (older days are deleted as the window moves): game_country_trending is summed from these.
 * Derived from play_events (`npm run db:rebuild-stats`).
 */
export const GameCountryDailyPlaysSchema = defineEntity({
  name: 'GameCountryDailyPlays',
  tableName: 'game_country_daily_plays',
  properties: {
    /** ISO 3166-1 alpha-2, upper case. */
    country: p.string().length(2).primary(),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    day: p.date().primary(),
    plays: p.integer(),
  },
  indexes: [{ properties: ['day'] }, { properties: ['game'] }],
});

export class GameCountryDailyPlays extends GameCountryDailyPlaysSchema.class {}
GameCountryDailyPlaysSchema.setClass(GameCountryDailyPlays);
