import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #49 (10b): page views, card impressions and ad impressions counted per game and UTC day
 * (game 0: the portal's own pages), so the funnel, the statements and a re-import read these
 * rows, not the raw events, which can then be dropped. Kept by statement-level triggers on the
 * raw tables, in the transaction that inserts the events (exact whatever is pruned later: a
 * delete does not touch them); filled once here from the raw rows there are. Written by hand
 * with only this change.
 */
export class Migration20261128220700_page_event_rollups extends Migration {

  override name = 'Migration20261128220700_page_event_rollups';

  override up(): void | Promise<void> {
    this.addSql(`create table "game_daily_events" ("day" date not null, "game_id" int not null, "page_views" int not null default 0, "card_impressions" int not null default 0, "slot_impressions" int not null default 0, "break_impressions" int not null default 0, constraint "game_daily_events_pkey" primary key ("game_id", "day"));`);
    this.addSql(`create index "game_daily_events_day_index" on "game_daily_events" ("day");`);
    this.addSql(`create function "roll_up_page_views"() returns trigger language plpgsql as $$
      begin
        insert into "game_daily_events" ("game_id", "day", "page_views")
          select coalesce("game_id", 0), ("created_at" at time zone 'UTC')::date, count(*) from "new_page_views" group by 1, 2
          on conflict ("game_id", "day") do update set "page_views" = "game_daily_events"."page_views" + excluded."page_views";
        return null;
      end $$;`);
    this.addSql(`create function "roll_up_card_impressions"() returns trigger language plpgsql as $$
      begin
        insert into "game_daily_events" ("game_id", "day", "card_impressions")
          select "game_id", ("created_at" at time zone 'UTC')::date, count(*) from "new_card_impressions" group by 1, 2
          on conflict ("game_id", "day") do update set "card_impressions" = "game_daily_events"."card_impressions" + excluded."card_impressions";
        return null;
      end $$;`);
    this.addSql(`create function "roll_up_ad_impressions"() returns trigger language plpgsql as $$
      begin
        insert into "game_daily_events" ("game_id", "day", "slot_impressions", "break_impressions")
          select coalesce("game_id", 0), ("created_at" at time zone 'UTC')::date, count(*) filter (where "kind" = 'slot'), count(*) filter (where "kind" = 'break')
            from "new_ad_impressions" group by 1, 2
          on conflict ("game_id", "day") do update set "slot_impressions" = "game_daily_events"."slot_impressions" + excluded."slot_impressions",
                                                      "break_impressions" = "game_daily_events"."break_impressions" + excluded."break_impressions";
        return null;
      end $$;`);
    this.addSql(`create trigger "page_views_roll_up" after insert on "page_views" referencing new table as "new_page_views" for each statement execute function "roll_up_page_views"();`);
    this.addSql(`create trigger "card_impressions_roll_up" after insert on "card_impressions" referencing new table as "new_card_impressions" for each statement execute function "roll_up_card_impressions"();`);
    this.addSql(`create trigger "ad_impressions_roll_up" after insert on "ad_impressions" referencing new table as "new_ad_impressions" for each statement execute function "roll_up_ad_impressions"();`);
    this.addSql(`insert into "game_daily_events" ("game_id", "day", "page_views", "card_impressions", "slot_impressions", "break_impressions")
      select "game_id", "day", sum("page_views"), sum("card_impressions"), sum("slot_impressions"), sum("break_impressions") from (
        select coalesce("game_id", 0) as "game_id", ("created_at" at time zone 'UTC')::date as "day", count(*) as "page_views", 0 as "card_impressions", 0 as "slot_impressions", 0 as "break_impressions" from "page_views" group by 1, 2
        union all
        select "game_id", ("created_at" at time zone 'UTC')::date, 0, count(*), 0, 0 from "card_impressions" group by 1, 2
        union all
        select coalesce("game_id", 0), ("created_at" at time zone 'UTC')::date, 0, 0, count(*) filter (where "kind" = 'slot'), count(*) filter (where "kind" = 'break') from "ad_impressions" group by 1, 2
      ) "counts" group by 1, 2;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "ad_impressions_roll_up" on "ad_impressions";`);
    this.addSql(`drop trigger "card_impressions_roll_up" on "card_impressions";`);
    this.addSql(`drop trigger "page_views_roll_up" on "page_views";`);
    this.addSql(`drop function "roll_up_ad_impressions"();`);
    this.addSql(`drop function "roll_up_card_impressions"();`);
    this.addSql(`drop function "roll_up_page_views"();`);
    this.addSql(`drop table "game_daily_events";`);
  }

}
