import { Migration } from '@mikro-orm/migrations';

export class Migration20261122122015_fair_numbers extends Migration {

  override name = 'Migration20261122122015_fair_numbers';

  override up(): void | Promise<void> {
    this.addSql(`create table "visitor_game_activity" ("visitor_key" varchar(64) not null, "game_id" int not null, "counted_at" timestamptz null, "last_play_at" timestamptz null, "seen_at" timestamptz not null, primary key ("visitor_key", "game_id"));`);
    this.addSql(`create index "visitor_game_activity_game_id_seen_at_index" on "visitor_game_activity" ("game_id", "seen_at");`);
    this.addSql(`create index "visitor_game_activity_seen_at_index" on "visitor_game_activity" ("seen_at");`);

    this.addSql(`alter table "games" add "max_score" int null, add "score_per_second" int null;`);

    this.addSql(`alter table "play_events" add "visitor_key" varchar(64) null;`);
    this.addSql(`create index "play_events_visitor_key_index" on "play_events" ("visitor_key");`);

    this.addSql(`alter table "visitor_game_activity" add constraint "visitor_game_activity_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "visitor_game_activity" cascade;`);

    this.addSql(`alter table "games" drop column "max_score", drop column "score_per_second";`);

    this.addSql(`drop index "play_events_visitor_key_index";`);
    this.addSql(`alter table "play_events" drop column "visitor_key";`);
  }

}
