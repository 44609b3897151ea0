import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045642_game_scores_and_play_time extends Migration {

  override name = 'Migration20261122045642_game_scores_and_play_time';

  override up(): void | Promise<void> {
    this.addSql(`create table "game_scores" ("id" serial primary key, "game_id" int not null, "user_id" int not null, "score" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "game_scores_user_id_index" on "game_scores" ("user_id");`);
    this.addSql(`create index "game_scores_game_id_score_index" on "game_scores" ("game_id", "score");`);

    this.addSql(`alter table "games" add "play_seconds" bigint not null default '0';`);

    this.addSql(`alter table "game_scores" add constraint "game_scores_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    this.addSql(`alter table "game_scores" add constraint "game_scores_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "game_scores" cascade;`);

    this.addSql(`alter table "games" drop column "play_seconds";`);
  }

}
