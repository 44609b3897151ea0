import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #38: which published games a write changed, so each server's in-memory search index
 * (server/domains/games/search-index.ts) reads only those games again instead of all of them. Each
 * row names a game whose searched columns changed, inserted or deleted while published, and the
 * transaction that did it (`xid`): a reader takes every row of a transaction still running at its
 * last read (server/domains/games/catalog-changes.ts), so no change is missed however the writers'
 * commits interleave. Rows older than an hour are deleted by the servers reading them.
 * catalog_version still says that something changed (one tiny read every second or two).
 * Written by hand with only this change.
 */
/** The columns the search index holds, and the condition that one of them really changed. */
const WATCHED = `"status", "search_text", "search_title", "title", "slug", "category_list", "tag_list", "controls"`;
const CHANGED = `old."status" is distinct from new."status" or old."search_text" is distinct from new."search_text" or old."search_title" is distinct from new."search_title"
  or old."title" is distinct from new."title" or old."slug" is distinct from new."slug"
  or old."category_list"::text is distinct from new."category_list"::text or old."tag_list"::text is distinct from new."tag_list"::text
  or old."controls" is distinct from new."controls"`;

export class Migration20261127100000_catalog_changes extends Migration {

  override name = 'Migration20261127100000_catalog_changes';

  override up(): void | Promise<void> {
    this.addSql(`create table "catalog_changes" ("xid" xid8 not null default pg_current_xact_id(), "game_id" integer not null, "at" timestamptz not null default now());`);
    this.addSql(`create index "catalog_changes_xid_index" on "catalog_changes" ("xid");`);
    // Once per statement for inserts and deletes (an import of 100,000 games is one insert here).
    this.addSql(`create function "log_inserted_catalog_games"() returns trigger language plpgsql as $$
      begin
        insert into "catalog_changes" ("game_id") select "id" from "inserted_catalog_games" where "status" = 'APPROVED';
        return null;
      end $$;`);
    this.addSql(`create function "log_deleted_catalog_games"() returns trigger language plpgsql as $$
      begin
        insert into "catalog_changes" ("game_id") select "id" from "deleted_catalog_games" where "status" = 'APPROVED';
        return null;
      end $$;`);
    this.addSql(`create function "log_changed_catalog_game"() returns trigger language plpgsql as $$
      begin
        insert into "catalog_changes" ("game_id") values (new."id");
        return null;
      end $$;`);
    this.addSql(`create trigger "games_catalog_changes_on_insert" after insert on "games" referencing new table as "inserted_catalog_games" for each statement execute function "log_inserted_catalog_games"();`);
    this.addSql(`create trigger "games_catalog_changes_on_delete" after delete on "games" referencing old table as "deleted_catalog_games" for each statement execute function "log_deleted_catalog_games"();`);
    // Per row, only when a column the index holds really changed: counting plays and rebuilding the
    // statistics change none of them. catalog_version now also watches titles, slugs and tags (the
    // suggestions show them), so a renamed game reaches the index too.
    this.addSql(`create trigger "games_catalog_changes_on_update" after update of ${WATCHED} on "games" for each row when (${CHANGED}) execute function "log_changed_catalog_game"();`);
    this.addSql(`drop trigger "games_catalog_version_on_update" on "games";`);
    this.addSql(`create trigger "games_catalog_version_on_update" after update of ${WATCHED} on "games" for each row when (${CHANGED}) execute function "bump_catalog_version"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "games_catalog_version_on_update" on "games";`);
    this.addSql(`create trigger "games_catalog_version_on_update" after update of "status", "search_text", "search_title", "category_list", "controls" on "games" for each row
      when (old."status" is distinct from new."status" or old."search_text" is distinct from new."search_text" or old."search_title" is distinct from new."search_title"
            or old."category_list"::text is distinct from new."category_list"::text or old."controls" is distinct from new."controls")
      execute function "bump_catalog_version"();`);
    this.addSql(`drop trigger "games_catalog_changes_on_update" on "games";`);
    this.addSql(`drop trigger "games_catalog_changes_on_delete" on "games";`);
    this.addSql(`drop trigger "games_catalog_changes_on_insert" on "games";`);
    this.addSql(`drop function "log_changed_catalog_game"();`);
    this.addSql(`drop function "log_deleted_catalog_games"();`);
    this.addSql(`drop function "log_inserted_catalog_games"();`);
    this.addSql(`drop table "catalog_changes";`);
  }

}
