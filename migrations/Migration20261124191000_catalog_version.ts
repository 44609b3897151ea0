import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #23: a counter every server's in-memory search index (server/domains/games/search-index.ts)
 * watches to learn that another server changed what searches find: bumped by a statement that
 * inserts or deletes games, and by each update that changes a column searches read (plays and
 * ratings change none of them).
 * Written by hand with only this change.
 */
export class Migration20261124191000_catalog_version extends Migration {

  override name = 'Migration20261124191000_catalog_version';

  override up(): void | Promise<void> {
    this.addSql(`create table "catalog_version" ("id" smallint primary key, "version" bigint not null);`);
    this.addSql(`insert into "catalog_version" ("id", "version") values (1, 0);`);
    this.addSql(`create function "bump_catalog_version"() returns trigger language plpgsql as $$
      begin
        update "catalog_version" set "version" = "version" + 1;
        return null;
      end $$;`);
    this.addSql(`create trigger "games_catalog_version_on_insert_or_delete" after insert or delete on "games" for each statement execute function "bump_catalog_version"();`);
    // Per row, and only when a searched column really changed: rebuilding the statistics rewrites
    // every game's category list with the same value, which must not rebuild every server's index.
    this.addSql(`create trigger "games_catalog_version_on_update" after update of "status", "search_text", "search_title", "category_list", "controls" on "games" for each row
      when (old."status" is distinct from new."status" or old."search_text" is distinct from new."search_text" or old."search_title" is distinct from new."search_title"
            or old."category_list"::text is distinct from new."category_list"::text or old."controls" is distinct from new."controls")
      execute function "bump_catalog_version"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "games_catalog_version_on_update" on "games";`);
    this.addSql(`drop trigger "games_catalog_version_on_insert_or_delete" on "games";`);
    this.addSql(`drop function "bump_catalog_version"();`);
    this.addSql(`drop table "catalog_version";`);
  }

}
