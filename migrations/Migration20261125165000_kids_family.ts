import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #26: the Kids Zone's settings move to a parent's account. A parent (kid_parents: the PIN
 * as a slow hash and its wrong tries, the time zone days are counted in) has child profiles
 * (kid_profiles: a nickname, an avatar, an age band and the limits), each with the games a parent
 * approved (kid_profile_games), the devices paired to it (kid_devices: a random token's hash), the
 * plays the server started for it (kid_plays) and the time counted per day and game
 * (kid_play_days). kid_pairing_codes holds the short codes a device shows until a parent enters
 * one; kid_pin_resets the codes mailed to reset a forgotten PIN; kid_ticket_keys the key that signs
 * the games origin's play tickets. Written by hand.
 */
export class Migration20261125165000_kids_family extends Migration {

  override name = 'Migration20261125165000_kids_family';

  override up(): void | Promise<void> {
    this.addSql(`create table "kid_parents" (
      "user_id" int primary key references "users" ("id") on delete cascade,
      "time_zone" varchar(64) not null default 'UTC',
      "pin_hash" varchar(200) null,
      "pin_failures" int not null default 0,
      "pin_blocked_until" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create table "kid_profiles" (
      "id" serial primary key,
      "parent_id" int not null references "users" ("id") on delete cascade,
      "name" varchar(40) not null,
      "avatar" varchar(20) not null,
      "age_band" varchar(8) not null check ("age_band" in ('3-5', '6-8', '9-12')),
      "daily_minutes" int null check ("daily_minutes" between 1 and 600),
      "bedtime_start" smallint null check ("bedtime_start" between 0 and 1439),
      "bedtime_end" smallint null check ("bedtime_end" between 0 and 1439),
      "allow_cartoon_violence" boolean not null default false,
      "approved_only" boolean not null default false,
      "bonus_day" date null,
      "bonus_minutes" int not null default 0,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "kid_profiles_parent_id_index" on "kid_profiles" ("parent_id");`);
    this.addSql(`create table "kid_profile_games" (
      "profile_id" int not null references "kid_profiles" ("id") on delete cascade,
      "game_id" int not null references "games" ("id") on delete cascade,
      primary key ("profile_id", "game_id"));`);
    this.addSql(`create table "kid_devices" (
      "id" serial primary key,
      "profile_id" int not null references "kid_profiles" ("id") on delete cascade,
      "token_hash" varchar(64) not null unique,
      "label" varchar(80) not null,
      "paired_at" timestamptz not null default now(),
      "last_seen_at" timestamptz not null default now(),
      "released_until" timestamptz null);`);
    this.addSql(`create index "kid_devices_profile_id_index" on "kid_devices" ("profile_id");`);
    this.addSql(`create table "kid_pairing_codes" (
      "id" serial primary key,
      "code_hash" varchar(64) not null,
      "token_hash" varchar(64) not null,
      "label" varchar(80) not null,
      "expires_at" timestamptz not null,
      "consumed_at" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "kid_pairing_codes_code_hash_index" on "kid_pairing_codes" ("code_hash");`);
    this.addSql(`create table "kid_plays" (
      "id" serial primary key,
      "profile_id" int not null references "kid_profiles" ("id") on delete cascade,
      "device_id" int null references "kid_devices" ("id") on delete set null,
      "game_id" int not null references "games" ("id") on delete cascade,
      "started_at" timestamptz not null default now(),
      "last_beat_at" timestamptz null,
      "ended_at" timestamptz null);`);
    this.addSql(`create index "kid_plays_profile_id_index" on "kid_plays" ("profile_id", "started_at");`);
    this.addSql(`create table "kid_play_days" (
      "profile_id" int not null references "kid_profiles" ("id") on delete cascade,
      "day" date not null,
      "game_id" int not null references "games" ("id") on delete cascade,
      "ms" bigint not null default 0,
      primary key ("profile_id", "day", "game_id"));`);
    this.addSql(`create table "kid_pin_resets" (
      "id" serial primary key,
      "parent_id" int not null references "users" ("id") on delete cascade,
      "code_salt" varchar(32) not null,
      "code_hash" varchar(64) not null,
      "failed_attempts" int not null default 0,
      "expires_at" timestamptz not null,
      "consumed_at" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "kid_pin_resets_parent_id_index" on "kid_pin_resets" ("parent_id", "created_at");`);
    this.addSql(`create table "kid_ticket_keys" ("id" smallint primary key, "secret" varchar(64) not null);`);
  }

  override down(): void | Promise<void> {
    for (const table of ['kid_ticket_keys', 'kid_pin_resets', 'kid_play_days', 'kid_plays', 'kid_pairing_codes', 'kid_devices', 'kid_profile_games', 'kid_profiles', 'kid_parents']) {
      this.addSql(`drop table "${table}";`);
    }
  }

}
