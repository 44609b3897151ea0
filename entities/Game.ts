import { defineEntity, p } from '@mikro-orm/core';
import { AGE_RATINGS, GAME_STATUSES, PLAY_TYPES } from '../shared/constants';
import { Category } from './Category';
import { GameOrigin } from './GameOrigin';
import { Tag } from './Tag';
import { User } from './User';

export const GameSchema = defineEntity({
  name: 'Game',
  tableName: 'games',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(120).unique(),
    title: p.string().length(80),
    description: p.text(),
    instructions: p.text().nullable(),
    thumbUrl: p.string().length(2048).nullable(),
    srcUrl: p.string().length(2048).nullable(),
    bannerUrl: p.string().length(2048).nullable(),
    playType: p.enum(PLAY_TYPES).default('IFRAME'),
    singlePlayer: p.boolean().default(true),
    multiplayer: p.boolean().default(false),
    ageRating: p.enum(AGE_RATINGS).default('E13'),
    status: p.enum(GAME_STATUSES).default('PENDING'),
    /** The developerProfile.studio shown on the game; null shows "Independent Developer". */
    studio: p.string().length(80).nullable(),
    /** The submitting user; null for the portal's built-in games. */
    owner: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** Built-in games are (re)synchronised from games/catalog.json on every start. */
    builtIn: p.boolean().default(false),
    plays: p.integer().default(0),
    /** Total seconds played, reported by games through the SDK. */
    playSeconds: p.bigint('number').default(0),
    ratingAvg: p.double().$type<number>().default(0),
    ratingCount: p.integer().default(0),
    /** Lower-cased, accent-stripped title, description and tags, for search. */
    searchText: p.text().default(''),
    categories: () => p.manyToMany(Category).pivotTable('game_categories').owner(),
    tags: () => p.manyToMany(Tag).pivotTable('game_tags').owner(),
    origins: () => p.oneToMany(GameOrigin).mappedBy('game'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    publishedAt: p.datetime().nullable(),
  },
  uniques: [
    // One live (pending or published) game per source URL: the database settles simultaneous submissions.
    {
      name: 'games_src_url_live_unique',
      expression: `create unique index "games_src_url_live_unique" on "games" ("src_url") where "status" <> 'REJECTED'`,
    },
  ],
  indexes: [
    { properties: ['status', 'plays'] },
    { properties: ['status', 'publishedAt'] },
    { properties: ['status', 'createdAt'] },
    { properties: ['status', 'ageRating'] },
  ],
});

export class Game extends GameSchema.class {}
GameSchema.setClass(Game);
