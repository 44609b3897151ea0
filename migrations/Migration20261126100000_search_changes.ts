import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #38 point 18: which games changed, in order, so every server's in-memory search index
 * (server/domains/games/search-index.ts) applies only those games, a slice at a time, instead of
 * reloading the whole catalog after each change. A row per game a statement inserts or deletes,
 * and per update that changes what searches or suggestions read (plays and ratings change none
 * of them, and rebuilding the statistics rewrites category lists with the same value). Rows older
 * than a day are deleted by the servers (every index reloads in full at least hourly).
 * (catalog_version stays: it says only that something changed, which is what the sitemap needs.)
 * Written by hand with only this change.
 */
export class Migration20261126100000_search_changes extends Migration {

  override name = 'Migration20261126100000_search_changes';

  override up(): void | Promise<void> {
    this.addSql(`create table "catalog_changes" ("seq" bigserial primary key, "game_id" int not null, "changed_at" timestamptz not null default now());`);
    this.addSql(`create index "catalog_changes_changed_at_index" on "catalog_changes" ("changed_at");`);
    this.addSql(`create function "record_changed_games"() returns trigger language plpgsql as $$
      begin
        insert into "catalog_changes" ("game_id") select "id" from "changed_games" order by "id";
        return null;
      end $$;`);
    this.addSql(`create function "record_changed_game"() returns trigger language plpgsql as $$
      begin
        insert into "catalog_changes" ("game_id") values (coalesce(new."id", old."id"));
        return null;
      end $$;`);
    this.addSql(`create trigger "games_catalog_changes_on_insert" after insert on "games" referencing new table as "changed_games" for each statement execute function "record_changed_games"();`);
    this.addSql(`create trigger "games_catalog_changes_on_delete" after delete on "games" referencing old table as "changed_games" for each statement execute function "record_changed_games"();`);
    this.addSql(`create trigger "games_catalog_changes_on_update" after update of "status", "title", "slug", "search_text", "search_title", "category_list", "controls" on "games" for each row
      when (old."status" is distinct from new."status" or old."title" is distinct from new."title" or old."slug" is distinct from new."slug"
            or old."search_text" is distinct from new."search_text" or old."search_title" is distinct from new."search_title"
            or old."category_list"::text is distinct from new."category_list"::text or old."controls" is distinct from new."controls")
      execute function "record_changed_game"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "games_catalog_changes_on_update" on "games";`);
    this.addSql(`drop trigger "games_catalog_changes_on_delete" on "games";`);
    this.addSql(`drop trigger "games_catalog_changes_on_insert" on "games";`);
    this.addSql(`drop function "record_changed_game"();`);
    this.addSql(`drop function "record_changed_games"();`);
    this.addSql(`drop table "catalog_changes";`);
  }

}
