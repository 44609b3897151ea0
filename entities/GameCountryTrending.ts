import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * One country's plays of one game in the trending window (today and the 6 days before, UTC),
 * kept by each batch of plays and recounted as the window moves, like games.trending_plays.
 * "Trending in {country}" walks the rank index of its country.
 */
export const GameCountryTrendingSchema = defineEntity({
  name: 'GameCountryTrending',
  tableName: 'game_country_trending',
  properties: {
    /** ISO 3166-1 alpha-2, upper case. */
    country: p.string().length(2).primary(),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade').index(),
    plays: p.integer(),
  },
  indexes: [
    {
      name: 'game_country_trending_rank_index',
      expression: `create index "game_country_trending_rank_index" on "game_country_trending" ("country", "plays" desc, "game_id")`,
    },
  ],
});

export class GameCountryTrending extends GameCountryTrendingSchema.class {}
GameCountryTrendingSchema.setClass(GameCountryTrending);
