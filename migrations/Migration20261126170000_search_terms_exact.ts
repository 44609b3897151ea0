import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #38: search_terms counts each word's games exactly. It only ever grew: a deleted game kept
 * its words, and an edit added one to every word of the new text, changed or not. After 100,000
 * games were imported and deleted again the table held 100,582 words for a catalog of 657, and
 * every typed prefix and misspelling was expanded over the dead ones (the search mix's p99 went
 * from 23 to 52 ms). Now a delete takes its games' words off (once per statement, as inserts
 * add them), an edit moves the game from its old words to its new ones, and a word no game holds
 * is dropped. The counts are made exact once here. Written by hand with only this change.
 */
export class Migration20261126170000_search_terms_exact extends Migration {

  override name = 'Migration20261126170000_search_terms_exact';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "count_changed_search_terms"() returns trigger language plpgsql as $$
      begin
        update "search_terms" set "games" = "games" - 1 where "term" = any(tsvector_to_array(old."search_vector"));
        insert into "search_terms" ("term", "games")
          select unnest(tsvector_to_array(new."search_vector")), 1
          on conflict ("term") do update set "games" = "search_terms"."games" + 1;
        delete from "search_terms" where "games" <= 0 and "term" = any(tsvector_to_array(old."search_vector"));
        return null;
      end $$;`);
    this.addSql(`create function "count_deleted_search_terms"() returns trigger language plpgsql as $$
      begin
        update "search_terms" s set "games" = s."games" - g."games"
          from (select "term", count(*)::int as "games" from "deleted_games", unnest(tsvector_to_array("search_vector")) as "term" group by "term") g
         where s."term" = g."term";
        -- The words as one array (an init plan), each looked up by the key: a transition table has no
        -- statistics, and as a subquery the planner scanned it once per row of search_terms.
        delete from "search_terms"
         where "term" = any(array(select distinct unnest(tsvector_to_array("search_vector")) from "deleted_games")) and "games" <= 0;
        return null;
      end $$;`);
    this.addSql(`create trigger "games_search_terms_on_delete" after delete on "games" referencing old table as "deleted_games" for each statement execute function "count_deleted_search_terms"();`);
    this.addSql(`delete from "search_terms";`);
    this.addSql(`insert into "search_terms" ("term", "games") select "term", count(*) from "games", unnest(tsvector_to_array("search_vector")) as "term" group by "term";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "games_search_terms_on_delete" on "games";`);
    this.addSql(`drop function "count_deleted_search_terms"();`);
    this.addSql(`create or replace function "count_changed_search_terms"() returns trigger language plpgsql as $$
      begin
        insert into "search_terms" ("term", "games")
          select unnest(tsvector_to_array(new."search_vector")), 1
          on conflict ("term") do update set "games" = "search_terms"."games" + 1;
        return null;
      end $$;`);
  }

}
