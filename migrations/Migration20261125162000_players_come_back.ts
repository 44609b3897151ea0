import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #25, players come back: what each account played and for how long (player_games, the
 * Recently played row and the play time beside a review), collections of games with favourites
 * as each account's first one, and reports of reviews. Existing favourites move into a Favorites
 * collection per account; `favorites` becomes a view of it, so its readers are unchanged.
 * Written by hand with only this change.
 */
export class Migration20261125162000_players_come_back extends Migration {

  override name = 'Migration20261125162000_players_come_back';

  override up(): void | Promise<void> {
    this.addSql(`create table "player_games" ("user_id" int not null, "game_id" int not null, "last_played_at" timestamptz not null, "play_seconds" int not null default 0, constraint "player_games_pkey" primary key ("user_id", "game_id"));`);
    this.addSql(`create index "player_games_game_id_index" on "player_games" ("game_id");`);
    this.addSql(`create index "player_games_user_id_last_played_at_index" on "player_games" ("user_id", "last_played_at");`);
    this.addSql(`alter table "player_games" add constraint "player_games_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "player_games" add constraint "player_games_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    // What accounts played before this table: their plays' last start (no play time was kept per account).
    this.addSql(`insert into "player_games" ("user_id", "game_id", "last_played_at") select "user_id", "game_id", max("created_at") from "play_events" where "user_id" is not null group by 1, 2;`);

    this.addSql(`create table "collections" ("id" serial primary key, "created_at" timestamptz not null, "user_id" int not null, "name" varchar(60) not null, "is_public" boolean not null default false, "is_favorites" boolean not null default false, "updated_at" timestamptz not null);`);
    this.addSql(`create index "collections_user_id_index" on "collections" ("user_id");`);
    // Names are unique per account whatever their case; one Favorites collection per account.
    this.addSql(`create unique index "collections_user_id_name_unique" on "collections" ("user_id", lower("name"));`);
    this.addSql(`create unique index "collections_user_id_favorites_unique" on "collections" ("user_id") where "is_favorites";`);
    this.addSql(`alter table "collections" add constraint "collections_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create table "collection_games" ("collection_id" int not null, "game_id" int not null, "added_at" timestamptz not null, constraint "collection_games_pkey" primary key ("collection_id", "game_id"));`);
    this.addSql(`create index "collection_games_game_id_index" on "collection_games" ("game_id");`);
    this.addSql(`create index "collection_games_collection_id_added_at_index" on "collection_games" ("collection_id", "added_at");`);
    this.addSql(`alter table "collection_games" add constraint "collection_games_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on delete cascade;`);
    this.addSql(`alter table "collection_games" add constraint "collection_games_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`insert into "collections" ("created_at", "user_id", "name", "is_public", "is_favorites", "updated_at") select min("created_at"), "user_id", 'Favorites', false, true, max("created_at") from "favorites" group by "user_id";`);
    this.addSql(`insert into "collection_games" ("collection_id", "game_id", "added_at") select c."id", f."game_id", f."created_at" from "favorites" f join "collections" c on c."user_id" = f."user_id" and c."is_favorites";`);
    this.addSql(`drop table "favorites";`);
    this.addSql(`create view "favorites" as select c."user_id", cg."game_id", cg."added_at" as "created_at" from "collection_games" cg join "collections" c on c."id" = cg."collection_id" where c."is_favorites";`);

    this.addSql(`create table "review_reports" ("id" serial primary key, "created_at" timestamptz not null, "rating_id" int not null, "user_id" int not null, "reason" text check ("reason" in ('spam', 'offensive', 'off-topic', 'false-information', 'other')) not null, "dismissed_at" timestamptz null);`);
    this.addSql(`create index "review_reports_user_id_index" on "review_reports" ("user_id");`);
    this.addSql(`create index "review_reports_open_index" on "review_reports" ("rating_id") where "dismissed_at" is null;`);
    this.addSql(`alter table "review_reports" add constraint "review_reports_rating_id_user_id_unique" unique ("rating_id", "user_id");`);
    this.addSql(`alter table "review_reports" add constraint "review_reports_rating_id_foreign" foreign key ("rating_id") references "ratings" ("id") on delete cascade;`);
    this.addSql(`alter table "review_reports" add constraint "review_reports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "review_reports" cascade;`);
    this.addSql(`drop view "favorites";`);
    this.addSql(`create table "favorites" ("id" serial primary key, "user_id" int not null, "game_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`insert into "favorites" ("user_id", "game_id", "created_at") select c."user_id", cg."game_id", cg."added_at" from "collection_games" cg join "collections" c on c."id" = cg."collection_id" where c."is_favorites" order by cg."added_at";`);
    this.addSql(`create index "favorites_game_id_index" on "favorites" ("game_id");`);
    this.addSql(`alter table "favorites" add constraint "favorites_user_id_game_id_unique" unique ("user_id", "game_id");`);
    this.addSql(`alter table "favorites" add constraint "favorites_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "favorites" add constraint "favorites_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    this.addSql(`drop table if exists "collection_games" cascade;`);
    this.addSql(`drop table if exists "collections" cascade;`);
    this.addSql(`drop table if exists "player_games" cascade;`);
  }

}
