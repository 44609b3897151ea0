import { Migration } from '@mikro-orm/migrations';

/**
 * A game's categories, tags and allowed origins kept on its row as the JSON the API shows, so a
 * page of games is shaped from the rows alone instead of three joins per game. Triggers on the
 * link tables (and on renames of categories and tags) keep them, whoever writes: once per
 * statement, for the games the statement touched.
 */
export class Migration20261122170000_game_lists extends Migration {

  override name = 'Migration20261122170000_game_lists';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add "category_list" json not null default '[]', add "tag_list" json not null default '[]', add "origin_list" json not null default '[]';`);

    this.addSql(`create function "refresh_game_lists"("ids" int[]) returns void language sql as $$
      update "games" "g" set
        "category_list" = coalesce((select json_agg(json_build_object('id', "c"."id", 'slug', "c"."slug", 'name', "c"."name") order by "c"."sort_order", "c"."id")
                                      from "game_categories" "gc" join "categories" "c" on "c"."id" = "gc"."category_id" where "gc"."game_id" = "g"."id"), '[]'),
        "tag_list" = coalesce((select json_agg(json_build_object('id', "t"."id", 'name', "t"."name") order by "t"."name")
                                 from "game_tags" "gt" join "tags" "t" on "t"."id" = "gt"."tag_id" where "gt"."game_id" = "g"."id"), '[]'),
        "origin_list" = coalesce((select json_agg(json_build_object('allowedOrigin', "o"."allowed_origin") order by "o"."id")
                                    from "game_origins" "o" where "o"."game_id" = "g"."id"), '[]')
       where "g"."id" = any("ids");
    $$;`);

    // One function for the three link tables (each has game_id): the rows a statement changed.
    this.addSql(`create function "refresh_lists_of_linked_games"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform "refresh_game_lists"(array(select distinct "game_id" from "new_rows"));
        elsif tg_op = 'DELETE' then
          perform "refresh_game_lists"(array(select distinct "game_id" from "old_rows"));
        else
          perform "refresh_game_lists"(array(select "game_id" from "old_rows" union select "game_id" from "new_rows"));
        end if;
        return null;
      end $$;`);
    for (const table of ['game_categories', 'game_tags', 'game_origins']) {
      this.addSql(`create trigger "${table}_lists_on_insert" after insert on "${table}" referencing new table as "new_rows" for each statement execute function "refresh_lists_of_linked_games"();`);
      this.addSql(`create trigger "${table}_lists_on_delete" after delete on "${table}" referencing old table as "old_rows" for each statement execute function "refresh_lists_of_linked_games"();`);
      this.addSql(`create trigger "${table}_lists_on_update" after update on "${table}" referencing old table as "old_rows" new table as "new_rows" for each statement execute function "refresh_lists_of_linked_games"();`);
    }

    // A renamed (or reordered) category or tag changes the lists of the games that have it.
    this.addSql(`create function "refresh_lists_of_renamed_categories"() returns trigger language plpgsql as $$
      begin
        perform "refresh_game_lists"(array(select distinct "gc"."game_id" from "game_categories" "gc" join "new_rows" "n" on "n"."id" = "gc"."category_id"));
        return null;
      end $$;`);
    this.addSql(`create function "refresh_lists_of_renamed_tags"() returns trigger language plpgsql as $$
      begin
        perform "refresh_game_lists"(array(select distinct "gt"."game_id" from "game_tags" "gt" join "new_rows" "n" on "n"."id" = "gt"."tag_id"));
        return null;
      end $$;`);
    this.addSql(`create trigger "categories_lists_on_update" after update on "categories" referencing new table as "new_rows" for each statement execute function "refresh_lists_of_renamed_categories"();`);
    this.addSql(`create trigger "tags_lists_on_update" after update on "tags" referencing new table as "new_rows" for each statement execute function "refresh_lists_of_renamed_tags"();`);

    this.addSql(`select "refresh_game_lists"(array(select "id" from "games"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "tags_lists_on_update" on "tags";`);
    this.addSql(`drop trigger "categories_lists_on_update" on "categories";`);
    for (const table of ['game_categories', 'game_tags', 'game_origins']) {
      for (const event of ['insert', 'delete', 'update']) this.addSql(`drop trigger "${table}_lists_on_${event}" on "${table}";`);
    }
    this.addSql(`drop function "refresh_lists_of_renamed_tags"();`);
    this.addSql(`drop function "refresh_lists_of_renamed_categories"();`);
    this.addSql(`drop function "refresh_lists_of_linked_games"();`);
    this.addSql(`drop function "refresh_game_lists"(int[]);`);
    this.addSql(`alter table "games" drop column "category_list", drop column "tag_list", drop column "origin_list";`);
  }

}
