import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics from real sessions: play sessions (start, end, seconds played, completion), their
 * daily rollups per game, the days each visitor played each game and the day they first did
 * (unique players, retention), and developers' custom events. Written by hand: only this change.
 */
export class Migration20261123070600_play_sessions_analytics extends Migration {

  override name = 'Migration20261123070600_play_sessions_analytics';

  override up(): void | Promise<void> {
    this.addSql(`create table "play_sessions" ("id" bigserial primary key, "game_id" int not null, "visitor_key" varchar(64) not null, "started_at" timestamptz not null, "ended_at" timestamptz not null, "seconds" int not null default 0, "completed_at" timestamptz null);`);
    this.addSql(`create index "play_sessions_visitor_key_game_id_started_at_index" on "play_sessions" ("visitor_key", "game_id", "started_at");`);
    this.addSql(`create index "play_sessions_started_at_index" on "play_sessions" ("started_at");`);
    this.addSql(`alter table "play_sessions" add constraint "play_sessions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`create table "game_daily_sessions" ("game_id" int not null, "day" date not null, "sessions" int not null default 0, "players" int not null default 0, "session_seconds" bigint not null default 0, "completions" int not null default 0, primary key ("game_id", "day"));`);
    this.addSql(`alter table "game_daily_sessions" add constraint "game_daily_sessions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`create table "game_player_days" ("game_id" int not null, "day" date not null, "visitor_key" varchar(64) not null, primary key ("game_id", "day", "visitor_key"));`);
    this.addSql(`alter table "game_player_days" add constraint "game_player_days_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`create table "game_players" ("game_id" int not null, "visitor_key" varchar(64) not null, "first_day" date not null, primary key ("game_id", "visitor_key"));`);
    this.addSql(`create index "game_players_game_id_first_day_index" on "game_players" ("game_id", "first_day");`);
    this.addSql(`alter table "game_players" add constraint "game_players_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`create table "analytics_events" ("id" bigserial primary key, "game_id" int not null, "player_id" varchar(128) not null, "event" varchar(64) not null, "properties" jsonb not null, "occurred_at" timestamptz not null, "received_at" timestamptz not null);`);
    this.addSql(`create index "analytics_events_game_id_occurred_at_index" on "analytics_events" ("game_id", "occurred_at");`);
    this.addSql(`alter table "analytics_events" add constraint "analytics_events_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "analytics_events" cascade;`);
    this.addSql(`drop table if exists "game_players" cascade;`);
    this.addSql(`drop table if exists "game_player_days" cascade;`);
    this.addSql(`drop table if exists "game_daily_sessions" cascade;`);
    this.addSql(`drop table if exists "play_sessions" cascade;`);
  }

}
