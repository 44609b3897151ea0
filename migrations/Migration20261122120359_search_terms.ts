import { Migration } from '@mikro-orm/migrations';

export class Migration20261122120359_search_terms extends Migration {

  override name = 'Migration20261122120359_search_terms';

  override up(): void | Promise<void> {
    this.addSql(`create table "search_terms" ("term" text collate "C" not null, "games" int not null default 0, primary key ("term"));`);

    // Every word of a game's search vector is counted in search_terms, whoever writes the game:
    // once per statement for inserts (bulk imports), per row only when the search text changes
    // (the play counters' updates of games must not pay for it).
    this.addSql(`create function "count_inserted_search_terms"() returns trigger language plpgsql as $$
      begin
        insert into "search_terms" ("term", "games")
          select "term", count(*) from "inserted_games", unnest(tsvector_to_array("search_vector")) as "term" group by "term"
          on conflict ("term") do update set "games" = "search_terms"."games" + excluded."games";
        return null;
      end $$;`);
    this.addSql(`create function "count_changed_search_terms"() returns trigger language plpgsql as $$
      begin
        insert into "search_terms" ("term", "games")
          select unnest(tsvector_to_array(new."search_vector")), 1
          on conflict ("term") do update set "games" = "search_terms"."games" + 1;
        return null;
      end $$;`);
    this.addSql(`create trigger "games_search_terms_on_insert" after insert on "games" referencing new table as "inserted_games" for each statement execute function "count_inserted_search_terms"();`);
    this.addSql(`create trigger "games_search_terms_on_update" after update on "games" for each row when (old."search_text" is distinct from new."search_text") execute function "count_changed_search_terms"();`);
    this.addSql(`insert into "search_terms" ("term", "games") select "term", count(*) from "games", unnest(tsvector_to_array("search_vector")) as "term" group by "term";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "games_search_terms_on_update" on "games";`);
    this.addSql(`drop trigger "games_search_terms_on_insert" on "games";`);
    this.addSql(`drop function "count_changed_search_terms"();`);
    this.addSql(`drop function "count_inserted_search_terms"();`);
    this.addSql(`drop table if exists "search_terms" cascade;`);
  }

}
