import { Migration } from '@mikro-orm/migrations';

/** Cloud saves (issue #14): one row per player and game, its JSON as text and a write counter. Written by hand. */
export class Migration20261123070200_game_saves extends Migration {

  override name = 'Migration20261123070200_game_saves';

  override up(): void | Promise<void> {
    this.addSql(`create table "game_saves" ("id" serial primary key, "created_at" timestamptz not null, "user_id" int not null, "game_id" int not null, "data" text not null, "version" int not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "game_saves_game_id_index" on "game_saves" ("game_id");`);
    this.addSql(`alter table "game_saves" add constraint "game_saves_user_id_game_id_unique" unique ("user_id", "game_id");`);
    this.addSql(`alter table "game_saves" add constraint "game_saves_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "game_saves" add constraint "game_saves_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "game_saves" cascade;`);
  }

}
