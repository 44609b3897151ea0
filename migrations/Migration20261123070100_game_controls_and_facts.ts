import { Migration } from '@mikro-orm/migrations';

/**
 * Every game says how it plays and what it contains (issue #14): `controls` (a subset of
 * touch, keyboard, mouse, gamepad; empty until declared) and `content_facts` (null until
 * declared), checked here as the API checks them, plus a GIN index for the device filter.
 * Written by hand: only this change (the built-in games get their values from the seed).
 */
export class Migration20261123070100_game_controls_and_facts extends Migration {

  override name = 'Migration20261123070100_game_controls_and_facts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "controls" text[] not null default '{}', add column "content_facts" jsonb null;`);
    this.addSql(`alter table "games" add constraint "games_controls_check" check ("controls" <@ array['touch', 'keyboard', 'mouse', 'gamepad']::text[]);`);
    this.addSql(`alter table "games" add constraint "games_content_facts_check" check ("content_facts" is null or (
      jsonb_typeof("content_facts" -> 'ads') = 'boolean'
      and jsonb_typeof("content_facts" -> 'chat') = 'boolean'
      and jsonb_typeof("content_facts" -> 'externalLinks') = 'boolean'
      and jsonb_typeof("content_facts" -> 'inAppPurchases') = 'boolean'
      and "content_facts" ->> 'saves' in ('none', 'device', 'cloud')
      and "content_facts" ->> 'violence' in ('none', 'cartoon', 'realistic')));`);
    this.addSql(`create index "games_controls_index" on "games" using gin ("controls");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "games_controls_index";`);
    this.addSql(`alter table "games" drop constraint if exists "games_content_facts_check", drop constraint if exists "games_controls_check";`);
    this.addSql(`alter table "games" drop column if exists "content_facts", drop column if exists "controls";`);
  }

}
