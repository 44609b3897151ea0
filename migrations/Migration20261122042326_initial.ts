import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042326_initial extends Migration {

  override name = 'Migration20261122042326_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "categories" ("id" serial primary key, "slug" varchar(60) not null, "name" varchar(60) not null, "icon" varchar(16) not null, "sort_order" int not null default 0);`);
    this.addSql(`alter table "categories" add constraint "categories_slug_unique" unique ("slug");`);

    this.addSql(`create table "tags" ("id" serial primary key, "name" varchar(24) not null);`);
    this.addSql(`alter table "tags" add constraint "tags_name_unique" unique ("name");`);

    this.addSql(`create table "users" ("id" serial primary key, "email" varchar(254) not null, "name" varchar(80) not null, "role" text not null default 'USER', "created_at" timestamptz not null, "last_sign_in_at" timestamptz null);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "games" ("id" serial primary key, "slug" varchar(120) not null, "title" varchar(80) not null, "description" text not null, "instructions" text null, "thumb_url" varchar(2048) null, "src_url" varchar(2048) null, "banner_url" varchar(2048) null, "play_type" text not null default 'IFRAME', "single_player" boolean not null default true, "multiplayer" boolean not null default false, "age_rating" text not null default 'E13', "status" text not null default 'PENDING', "studio" varchar(80) null, "owner_id" int null, "built_in" boolean not null default false, "plays" int not null default 0, "rating_avg" double precision not null default 0, "rating_count" int not null default 0, "search_text" text not null default '', "created_at" timestamptz not null, "updated_at" timestamptz not null, "published_at" timestamptz null);`);
    this.addSql(`alter table "games" add constraint "games_slug_unique" unique ("slug");`);
    this.addSql(`create index "games_owner_id_index" on "games" ("owner_id");`);
    this.addSql(`create index "games_status_plays_index" on "games" ("status", "plays");`);
    this.addSql(`create index "games_status_published_at_index" on "games" ("status", "published_at");`);
    this.addSql(`create index "games_status_created_at_index" on "games" ("status", "created_at");`);
    this.addSql(`create index "games_status_age_rating_index" on "games" ("status", "age_rating");`);

    this.addSql(`create table "submissions" ("id" serial primary key, "game_id" int not null, "user_id" int not null, "source" text not null, "payload" jsonb not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "submissions_game_id_index" on "submissions" ("game_id");`);
    this.addSql(`create index "submissions_user_id_index" on "submissions" ("user_id");`);

    this.addSql(`create table "reports" ("id" serial primary key, "kind" text not null, "game_id" int null, "user_id" int null, "reason" varchar(40) not null, "status" text not null default 'OPEN', "game_url" varchar(2048) null, "game_title" varchar(80) null, "description" text null, "email" varchar(254) null, "priority" text null, "created_at" timestamptz not null, "reviewed_at" timestamptz null, "reviewed_by_id" int null);`);
    this.addSql(`create index "reports_game_id_index" on "reports" ("game_id");`);
    this.addSql(`create index "reports_user_id_index" on "reports" ("user_id");`);
    this.addSql(`create index "reports_status_created_at_index" on "reports" ("status", "created_at");`);

    this.addSql(`create table "ratings" ("id" serial primary key, "game_id" int not null, "user_id" int not null, "score" smallint not null, "comment" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "ratings_user_id_index" on "ratings" ("user_id");`);
    this.addSql(`alter table "ratings" add constraint "ratings_game_id_user_id_unique" unique ("game_id", "user_id");`);

    this.addSql(`create table "play_events" ("id" serial primary key, "game_id" int not null, "user_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "play_events_user_id_index" on "play_events" ("user_id");`);
    this.addSql(`create index "play_events_game_id_created_at_index" on "play_events" ("game_id", "created_at");`);
    this.addSql(`create index "play_events_created_at_index" on "play_events" ("created_at");`);

    this.addSql(`create table "game_origins" ("id" serial primary key, "game_id" int not null, "allowed_origin" varchar(2048) not null);`);
    this.addSql(`alter table "game_origins" add constraint "game_origins_game_id_allowed_origin_unique" unique ("game_id", "allowed_origin");`);

    this.addSql(`create table "game_tags" ("game_id" int not null, "tag_id" int not null, primary key ("game_id", "tag_id"));`);

    this.addSql(`create table "game_categories" ("game_id" int not null, "category_id" int not null, primary key ("game_id", "category_id"));`);

    this.addSql(`create table "favorites" ("id" serial primary key, "user_id" int not null, "game_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "favorites_game_id_index" on "favorites" ("game_id");`);
    this.addSql(`alter table "favorites" add constraint "favorites_user_id_game_id_unique" unique ("user_id", "game_id");`);

    this.addSql(`create table "auth_sessions" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "last_used_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null);`);
    this.addSql(`create index "auth_sessions_user_id_index" on "auth_sessions" ("user_id");`);
    this.addSql(`alter table "auth_sessions" add constraint "auth_sessions_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('USER', 'ADMIN'));`);

    this.addSql(`alter table "games" add constraint "games_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "games" add constraint "games_play_type_check" check ("play_type" in ('IFRAME', 'CANVAS'));`);
    this.addSql(`alter table "games" add constraint "games_age_rating_check" check ("age_rating" in ('KIDS', 'E7', 'E13', 'E16', 'E18'));`);
    this.addSql(`alter table "games" add constraint "games_status_check" check ("status" in ('PENDING', 'APPROVED', 'REJECTED'));`);

    this.addSql(`alter table "submissions" add constraint "submissions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    this.addSql(`alter table "submissions" add constraint "submissions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "submissions" add constraint "submissions_source_check" check ("source" in ('LEGACY', 'DEVELOPER'));`);

    this.addSql(`alter table "reports" add constraint "reports_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);
    this.addSql(`alter table "reports" add constraint "reports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "reports" add constraint "reports_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "reports" add constraint "reports_kind_check" check ("kind" in ('GAME', 'GENERAL'));`);
    this.addSql(`alter table "reports" add constraint "reports_status_check" check ("status" in ('OPEN', 'RESOLVED', 'DISMISSED'));`);
    this.addSql(`alter table "reports" add constraint "reports_priority_check" check ("priority" in ('low', 'medium', 'high', 'critical'));`);

    this.addSql(`alter table "ratings" add constraint "ratings_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    this.addSql(`alter table "ratings" add constraint "ratings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "play_events" add constraint "play_events_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    this.addSql(`alter table "play_events" add constraint "play_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "game_origins" add constraint "game_origins_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`alter table "game_tags" add constraint "game_tags_game_id_foreign" foreign key ("game_id") references "games" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "game_tags" add constraint "game_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "game_categories" add constraint "game_categories_game_id_foreign" foreign key ("game_id") references "games" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "game_categories" add constraint "game_categories_category_id_foreign" foreign key ("category_id") references "categories" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "favorites" add constraint "favorites_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "favorites" add constraint "favorites_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    this.addSql(`alter table "auth_sessions" add constraint "auth_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "game_categories" drop constraint "game_categories_category_id_foreign";`);
    this.addSql(`alter table "game_tags" drop constraint "game_tags_tag_id_foreign";`);
    this.addSql(`alter table "games" drop constraint "games_owner_id_foreign";`);
    this.addSql(`alter table "submissions" drop constraint "submissions_user_id_foreign";`);
    this.addSql(`alter table "reports" drop constraint "reports_user_id_foreign";`);
    this.addSql(`alter table "reports" drop constraint "reports_reviewed_by_id_foreign";`);
    this.addSql(`alter table "ratings" drop constraint "ratings_user_id_foreign";`);
    this.addSql(`alter table "play_events" drop constraint "play_events_user_id_foreign";`);
    this.addSql(`alter table "favorites" drop constraint "favorites_user_id_foreign";`);
    this.addSql(`alter table "auth_sessions" drop constraint "auth_sessions_user_id_foreign";`);
    this.addSql(`alter table "submissions" drop constraint "submissions_game_id_foreign";`);
    this.addSql(`alter table "reports" drop constraint "reports_game_id_foreign";`);
    this.addSql(`alter table "ratings" drop constraint "ratings_game_id_foreign";`);
    this.addSql(`alter table "play_events" drop constraint "play_events_game_id_foreign";`);
    this.addSql(`alter table "game_origins" drop constraint "game_origins_game_id_foreign";`);
    this.addSql(`alter table "game_tags" drop constraint "game_tags_game_id_foreign";`);
    this.addSql(`alter table "game_categories" drop constraint "game_categories_game_id_foreign";`);
    this.addSql(`alter table "favorites" drop constraint "favorites_game_id_foreign";`);

    this.addSql(`drop table if exists "categories" cascade;`);
    this.addSql(`drop table if exists "tags" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "games" cascade;`);
    this.addSql(`drop table if exists "submissions" cascade;`);
    this.addSql(`drop table if exists "reports" cascade;`);
    this.addSql(`drop table if exists "ratings" cascade;`);
    this.addSql(`drop table if exists "play_events" cascade;`);
    this.addSql(`drop table if exists "game_origins" cascade;`);
    this.addSql(`drop table if exists "game_tags" cascade;`);
    this.addSql(`drop table if exists "game_categories" cascade;`);
    this.addSql(`drop table if exists "favorites" cascade;`);
    this.addSql(`drop table if exists "auth_sessions" cascade;`);
  }

}
