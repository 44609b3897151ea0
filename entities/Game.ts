import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { AGE_RATINGS, GAME_STATUSES, PLAY_TYPES, type GameControl, type RejectionRule } from '../shared/constants';
import type { ContentFacts } from '../shared/schemas';
import { Category } from './Category';
import { GameOrigin } from './GameOrigin';
import { Tag } from './Tag';
import { User } from './User';

export const GameSchema = defineEntity({
  name: 'Game',
  tableName: 'games',
  extends: BaseSchema,
  properties: {
    slug: p.string().length(120).unique(),
    title: p.string().length(80),
    description: p.text(),
    instructions: p.text().nullable(),
    /** How the game can be played (GAME_CONTROLS, in that order); empty: never declared. GIN-indexed for the device filter. */
    controls: p.array<GameControl>().default([]),
    /** What the game contains; null: never declared (submitted before issue #14, or through the bare API call). */
    contentFacts: p.json<ContentFacts>().nullable(),
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
    /** The distributor an imported game comes from ("GameDistribution", a feed's name: issue #58); null for the portal's own games. */
    distributor: p.string().length(80).nullable(),
    /** When an admin approved this imported game for the Kids Zone (issue #58); null: never, or withdrawn. Imported games enter it only so. */
    kidsApprovedAt: p.datetime().nullable(),
    /** An admin's place for one of the portal's own games on home (issue #58): first in Popular, or boosted; null: none. */
    homePlacement: p.enum(['pinned', 'boosted'] as const).nullable(),
    homePlacedAt: p.datetime().nullable(),
    /** Width over height of the game's frame, as its feed gives it (issue #58); null: the frame's usual size. */
    frameAspect: p.float().$type<number>().nullable(),
    /** How a phone is held to play it, as its feed gives it; null: either way. */
    orientation: p.enum(['landscape', 'portrait'] as const).nullable(),
    /** The submitting user; null for the portal's built-in games. */
    owner: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** Built-in games are (re)synchronised from games/catalog.json on every start. */
    builtIn: p.boolean().default(false),
    /**
     * The approved build the games origin serves (game_builds.id, a foreign key in the migration;
     * a plain column here, as GameBuild already names Game); null: the game is played from srcUrl.
     */
    liveBuildId: p.integer().nullable(),
    /** All-time plays; kept by each batch of plays, derived from play_events. */
    plays: p.integer().default(0),
    /** The highest score the game can report (the catalog entry's maxScore); null: no fixed maximum. */
    maxScore: p.integer().nullable(),
    /** The most points the game can award per second of play (scorePerSecond); null: no rate limit on scores. */
    scorePerSecond: p.integer().nullable(),
    /** Plays in the trending window (today and the 6 days before, UTC), summed from game_daily_plays. */
    trendingPlays: p.integer().default(0),
    /** Total seconds played, reported by games through the SDK. */
    playSeconds: p.bigint('number').default(0),
    ratingAvg: p.double().$type<number>().default(0),
    ratingCount: p.integer().default(0),
    /** Lower-cased, accent-stripped title, description and tags, for search. */
    searchText: p.text().default(''),
    /** The title folded the same way: search ranks title matches first. */
    searchTitle: p.text().default(''),
    /** Full-text vectors the database derives from the two above (GIN-indexed; never written, never loaded). */
    searchVector: p.type('tsvector').generated(`(to_tsvector('simple', search_text)) stored`).lazy().hidden().nullable(),
    titleVector: p.type('tsvector').generated(`(to_tsvector('simple', search_title)) stored`).lazy().hidden().nullable(),
    /**
     * The game's categories, tags and allowed origins as the API shows them, kept by triggers on
     * the link tables (migration game_lists) so a page of games needs no joins; never written here.
     */
    categoryList: p.type('json').default('[]').lazy().hidden(),
    tagList: p.type('json').default('[]').lazy().hidden(),
    originList: p.type('json').default('[]').lazy().hidden(),
    categories: () => p.manyToMany(Category).pivotTable('game_categories').owner(),
    tags: () => p.manyToMany(Tag).pivotTable('game_tags').owner(),
    origins: () => p.oneToMany(GameOrigin).mappedBy('game'),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    publishedAt: p.datetime().nullable(),
    /** The review queue (issue #13): pending games are reviewed in order of submission. Null for built-in games. */
    submittedAt: p.datetime().nullable(),
    /** When an admin last approved or rejected it. */
    reviewedAt: p.datetime().nullable(),
    /** Why it was rejected ([{rule, message}], rules from the guidelines page); null unless REJECTED. */
    rejectionReasons: p.json<{ rule: RejectionRule; message: string }[]>().nullable(),
  },
  uniques: [
    // One live (pending or published) game per source URL: the database settles simultaneous
    // submissions. Rejected and unpublished games free theirs (re-publishing one then checks it).
    {
      name: 'games_src_url_live_unique',
      expression: `create unique index "games_src_url_live_unique" on "games" ("src_url") where "status" in ('PENDING', 'APPROVED')`,
    },
  ],
  // Every word of a game's search vector is counted in search_terms, whoever writes the game
  // (the functions are made by the search_terms migration): once per statement for inserts,
  // per row only when the search text changes, so play counter updates never pay for it.
  triggers: [
    {
      name: 'games_search_terms_on_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression: `create trigger "games_search_terms_on_insert" after insert on "games" referencing new table as "inserted_games" for each statement execute function "count_inserted_search_terms"()`,
    },
    {
      name: 'games_search_terms_on_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      when: `old."search_text" is distinct from new."search_text"`,
      expression: `create trigger "games_search_terms_on_update" after update on "games" for each row when (old."search_text" is distinct from new."search_text") execute function "count_changed_search_terms"()`,
    },
    // Tell every server's in-memory search index that what searches find has changed (catalog_version).
    {
      name: 'games_catalog_version_on_insert_or_delete',
      timing: 'after',
      events: ['insert', 'delete'],
      forEach: 'statement',
      expression: `create trigger "games_catalog_version_on_insert_or_delete" after insert or delete on "games" for each statement execute function "bump_catalog_version"()`,
    },
    {
      name: 'games_catalog_version_on_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      when: `old."status" is distinct from new."status" or old."search_text" is distinct from new."search_text" or old."search_title" is distinct from new."search_title" or old."category_list"::text is distinct from new."category_list"::text or old."controls" is distinct from new."controls"`,
      expression: `create trigger "games_catalog_version_on_update" after update of "status", "search_text", "search_title", "category_list", "controls" on "games" for each row when (old."status" is distinct from new."status" or old."search_text" is distinct from new."search_text" or old."search_title" is distinct from new."search_title" or old."category_list"::text is distinct from new."category_list"::text or old."controls" is distinct from new."controls") execute function "bump_catalog_version"()`,
    },
  ],
  // One index per list order (server/domains/games/read-model.ts), so every list and page is an
  // index scan; the kid-safe and multiplayer lists get partial ones. The full-text indexes take
  // their entries at once (fastupdate off): every batch of plays updates game rows, and a pending
  // list would make every search scan those updates.
  indexes: [
    { name: 'games_popular_index', expression: `create index "games_popular_index" on "games" ("status", "plays" desc, "rating_avg" desc, "id")` },
    { name: 'games_trending_index', expression: `create index "games_trending_index" on "games" ("status", "trending_plays" desc, "plays" desc, "id")` },
    // Deleting a build checks the games that went live with it.
    { properties: ['liveBuildId'] },
    { name: 'games_newest_index', expression: `create index "games_newest_index" on "games" ("status", "published_at" desc nulls last, "id" desc)` },
    {
      name: 'games_multiplayer_popular_index',
      expression: `create index "games_multiplayer_popular_index" on "games" ("status", "plays" desc, "rating_avg" desc, "id") where "multiplayer"`,
    },
    {
      name: 'games_kid_safe_popular_index',
      expression: `create index "games_kid_safe_popular_index" on "games" ("status", "plays" desc, "rating_avg" desc, "id") where "age_rating" in ('KIDS', 'E7')`,
    },
    // The device filter (GAME_CONTROLS): a rare control is found here; a common one walks the list order's index.
    { name: 'games_controls_index', expression: `create index "games_controls_index" on "games" using gin ("controls")` },
    { name: 'games_search_vector_index', expression: `create index "games_search_vector_index" on "games" using gin ("search_vector") with (fastupdate = off)` },
    { name: 'games_title_vector_index', expression: `create index "games_title_vector_index" on "games" using gin ("title_vector") with (fastupdate = off)` },
    { properties: ['status', 'createdAt'] },
    { name: 'games_review_queue_index', expression: `create index "games_review_queue_index" on "games" ("submitted_at", "id") where "status" = 'PENDING'` },
  ],
});

export class Game extends GameSchema.class {}
GameSchema.setClass(Game);
