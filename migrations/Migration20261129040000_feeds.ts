import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #58: distributors' feeds as a catalog source. A feed (its address, format, how its games
 * are published, its categories mapping and its schedule) and its items, each known by (feed, the
 * distributor's own id) and tied to the game it became, with the hash of what it said last so a
 * second sync of an unchanged feed writes nothing. Imported games name their distributor
 * (games.distributor), and their thumbnails are stored here, as WebP, once per change.
 */
export class Migration20261129040000_feeds extends Migration {

  override name = 'Migration20261129040000_feeds';

  override up(): void | Promise<void> {
    this.addSql(`create table "feeds" (
      "id" serial primary key,
      "name" varchar(80) not null,
      "url" varchar(2048) not null,
      "format" varchar(20) not null check ("format" in ('gamedistribution', 'gamemonetize', 'gamepix', 'famobi', 'json', 'rss')),
      "publish" varchar(10) not null check ("publish" in ('now', 'review')),
      "item_limit" int not null default 1000,
      "schedule_hours" int not null default 24,
      "category_map" jsonb not null default '{}',
      "field_map" jsonb null,
      "created_at" timestamptz not null default now(),
      "last_sync_at" timestamptz null,
      "last_success_at" timestamptz null,
      "last_report" jsonb null,
      "last_error" text null,
      "sync_started_at" timestamptz null,
      constraint "feeds_url_unique" unique ("url")
    );`);
    this.addSql(`create table "feed_items" (
      "feed_id" int not null references "feeds" ("id") on delete cascade,
      "distributor_id" varchar(200) not null,
      "game_id" int not null references "games" ("id") on delete cascade,
      "content_hash" varchar(64) not null,
      "thumb_source" varchar(2048) null,
      "present" boolean not null default true,
      primary key ("feed_id", "distributor_id")
    );`);
    this.addSql(`create index "feed_items_game_id_index" on "feed_items" ("game_id");`);
    this.addSql(`create table "game_thumbnails" (
      "game_id" int primary key references "games" ("id") on delete cascade,
      "webp" bytea not null,
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`alter table "games" add column "distributor" varchar(80) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "games" drop column "distributor";`);
    this.addSql(`drop table "game_thumbnails";`);
    this.addSql(`drop table "feed_items";`);
    this.addSql(`drop table "feeds";`);
  }

}
