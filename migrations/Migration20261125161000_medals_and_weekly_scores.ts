import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #25: medals a game declares (game_medals) and the players who unlocked them (medal_unlocks),
 * and an index for the weekly leaderboards, which read one game's scores since a Monday. Written by
 * hand with only this change.
 */
export class Migration20261125161000_medals_and_weekly_scores extends Migration {

  override name = 'Migration20261125161000_medals_and_weekly_scores';

  override up(): void | Promise<void> {
    this.addSql(`create table "game_medals" ("id" serial primary key, "created_at" timestamptz not null, "game_id" int not null, "key" varchar(40) not null, "name" varchar(40) not null, "description" varchar(120) not null, "icon" varchar(20) not null, "points" int not null, "secret" boolean not null, "position" int not null);`);
    this.addSql(`alter table "game_medals" add constraint "game_medals_game_id_key_unique" unique ("game_id", "key");`);
    this.addSql(`alter table "game_medals" add constraint "game_medals_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`create table "medal_unlocks" ("id" serial primary key, "created_at" timestamptz not null, "medal_id" int not null, "user_id" int not null);`);
    this.addSql(`create index "medal_unlocks_user_id_index" on "medal_unlocks" ("user_id");`);
    this.addSql(`alter table "medal_unlocks" add constraint "medal_unlocks_medal_id_user_id_unique" unique ("medal_id", "user_id");`);
    this.addSql(`alter table "medal_unlocks" add constraint "medal_unlocks_medal_id_foreign" foreign key ("medal_id") references "game_medals" ("id") on delete cascade;`);
    this.addSql(`alter table "medal_unlocks" add constraint "medal_unlocks_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create index "game_scores_game_id_created_at_index" on "game_scores" ("game_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "game_scores_game_id_created_at_index";`);
    this.addSql(`drop table if exists "medal_unlocks" cascade;`);
    this.addSql(`drop table if exists "game_medals" cascade;`);
  }

}
