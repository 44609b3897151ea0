import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #25: trending where the player is, and browsing by rating and by tag.
 * - A play records its country (ISO 3166-1 alpha-2, or null when unknown): play_events and
 *   pending_plays get a column.
 * - game_country_daily_plays: plays per country, game and UTC day, for the days of the trending
 *   window only (older days are deleted as the window moves; play_events keeps the record).
 * - game_country_trending: each country's plays of a game in the window, kept by each batch of
 *   plays like games.trending_plays, and indexed in rank order per country, so "Trending in
 *   {country}" is an index walk, never a count of plays.
 * - The top-rated order and tag pages get an index each.
 * Written by hand with only this change.
 */
export class Migration20261125163000_country_trending_and_browse extends Migration {

  override name = 'Migration20261125163000_country_trending_and_browse';

  override up(): void | Promise<void> {
    this.addSql(`alter table "play_events" add "country" varchar(2) null;`);
    this.addSql(`alter table "pending_plays" add "country" varchar(2) null;`);
    this.addSql(`create table "game_country_daily_plays" ("country" varchar(2) not null, "game_id" int not null, "day" date not null, "plays" int not null, primary key ("country", "game_id", "day"));`);
    this.addSql(`create index "game_country_daily_plays_day_index" on "game_country_daily_plays" ("day");`);
    this.addSql(`alter table "game_country_daily_plays" add constraint "game_country_daily_plays_game_id_foreign" foreign key ("game_id") references "games" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "game_country_trending" ("country" varchar(2) not null, "game_id" int not null, "plays" int not null, primary key ("country", "game_id"));`);
    this.addSql(`create index "game_country_trending_rank_index" on "game_country_trending" ("country", "plays" desc, "game_id");`);
    this.addSql(`create index "game_country_trending_game_id_index" on "game_country_trending" ("game_id");`);
    this.addSql(`alter table "game_country_trending" add constraint "game_country_trending_game_id_foreign" foreign key ("game_id") references "games" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "games_top_rated_index" on "games" ("status", "rating_avg" desc, "rating_count" desc, "id");`);
    this.addSql(`create index "game_tags_tag_id_index" on "game_tags" ("tag_id", "game_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "game_tags_tag_id_index";`);
    this.addSql(`drop index "games_top_rated_index";`);
    this.addSql(`drop table "game_country_trending";`);
    this.addSql(`drop table "game_country_daily_plays";`);
    this.addSql(`alter table "pending_plays" drop column "country";`);
    this.addSql(`alter table "play_events" drop column "country";`);
  }

}
