import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #49 (10b): page_views, card_impressions and ad_impressions range-partitioned by UTC month
 * (the impressions on their page view's created_at, copied as page_view_at), so a pruned month is
 * a DROP of its partitions, not a DELETE of its rows. A DEFAULT partition each takes whatever no
 * month has (an insert never fails); create_page_event_partitions(from, to) adds the months of a
 * range, the server calling it daily for this month and the next two. The rows move with their
 * ids; the roll-up triggers are created after the move, so game_daily_events is not counted
 * twice. Written by hand with only this change.
 */
export class Migration20261129020000_partition_page_events extends Migration {

  override name = 'Migration20261129020000_partition_page_events';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger "ad_impressions_roll_up" on "ad_impressions";`);
    this.addSql(`drop trigger "card_impressions_roll_up" on "card_impressions";`);
    this.addSql(`drop trigger "page_views_roll_up" on "page_views";`);
    for (const table of ['page_views', 'card_impressions', 'ad_impressions']) {
      this.addSql(`alter table "${table}" rename to "${table}_unpartitioned";`);
      this.addSql(`alter table "${table}_unpartitioned" rename constraint "${table}_pkey" to "${table}_unpartitioned_pkey";`);
    }
    this.addSql(`drop index "page_views_game_id_created_at_index", "page_views_created_at_index", "ad_impressions_visitor_key_created_at_index", "ad_impressions_created_at_index", "ad_impressions_game_id_created_at_index", "card_impressions_game_id_created_at_index";`);

    this.addSql(`create table "page_views" ("id" varchar(22) not null, "visitor_key" varchar(64) not null, "game_id" int null, "path" varchar(300) not null, "created_at" timestamptz not null, constraint "page_views_pkey" primary key ("id", "created_at")) partition by range ("created_at");`);
    this.addSql(`create table "ad_impressions" ("page_view_id" varchar(22) not null, "page_view_at" timestamptz not null, "kind" text check ("kind" in ('slot', 'break')) not null, "place" varchar(40) not null, "game_id" int null, "visitor_key" varchar(64) not null, "created_at" timestamptz not null, constraint "ad_impressions_pkey" primary key ("page_view_id", "page_view_at", "kind", "place")) partition by range ("page_view_at");`);
    this.addSql(`create table "card_impressions" ("page_view_id" varchar(22) not null, "page_view_at" timestamptz not null, "game_id" int not null, "created_at" timestamptz not null, constraint "card_impressions_pkey" primary key ("page_view_id", "page_view_at", "game_id")) partition by range ("page_view_at");`);
    for (const table of ['page_views', 'card_impressions', 'ad_impressions']) this.addSql(`create table "${table}_default" partition of "${table}" default;`);
    this.addSql(CREATE_PARTITIONS_FUNCTION);
    this.addSql(`select "create_page_event_partitions"((least((select min("created_at") from "page_views_unpartitioned"), now()) at time zone 'UTC')::date, ((now() + interval '2 months') at time zone 'UTC')::date);`);

    this.addSql(`insert into "page_views" ("id", "visitor_key", "game_id", "path", "created_at") select "id", "visitor_key", "game_id", "path", "created_at" from "page_views_unpartitioned";`);
    this.addSql(`insert into "card_impressions" ("page_view_id", "page_view_at", "game_id", "created_at")
      select c."page_view_id", v."created_at", c."game_id", c."created_at" from "card_impressions_unpartitioned" c join "page_views_unpartitioned" v on v."id" = c."page_view_id";`);
    this.addSql(`insert into "ad_impressions" ("page_view_id", "page_view_at", "kind", "place", "game_id", "visitor_key", "created_at")
      select a."page_view_id", v."created_at", a."kind", a."place", a."game_id", a."visitor_key", a."created_at" from "ad_impressions_unpartitioned" a join "page_views_unpartitioned" v on v."id" = a."page_view_id";`);
    this.addSql(`drop table "card_impressions_unpartitioned", "ad_impressions_unpartitioned", "page_views_unpartitioned";`);

    this.addSql(`create index "page_views_game_id_created_at_index" on "page_views" ("game_id", "created_at") where "game_id" is not null;`);
    this.addSql(`create index "page_views_created_at_index" on "page_views" ("created_at");`);
    this.addSql(`alter table "page_views" add constraint "page_views_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);
    this.addSql(`create index "ad_impressions_visitor_key_created_at_index" on "ad_impressions" ("visitor_key", "created_at");`);
    this.addSql(`create index "ad_impressions_created_at_index" on "ad_impressions" ("created_at");`);
    this.addSql(`create index "ad_impressions_game_id_created_at_index" on "ad_impressions" ("game_id", "created_at") where "game_id" is not null;`);
    this.addSql(`alter table "ad_impressions" add constraint "ad_impressions_page_view_foreign" foreign key ("page_view_id", "page_view_at") references "page_views" ("id", "created_at") on update cascade on delete cascade;`);
    this.addSql(`alter table "ad_impressions" add constraint "ad_impressions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);
    this.addSql(`create index "card_impressions_game_id_created_at_index" on "card_impressions" ("game_id", "created_at");`);
    this.addSql(`alter table "card_impressions" add constraint "card_impressions_page_view_foreign" foreign key ("page_view_id", "page_view_at") references "page_views" ("id", "created_at") on update cascade on delete cascade;`);
    this.addSql(`alter table "card_impressions" add constraint "card_impressions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    for (const trigger of ROLL_UP_TRIGGERS) this.addSql(trigger);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "ad_impressions_roll_up" on "ad_impressions";`);
    this.addSql(`drop trigger "card_impressions_roll_up" on "card_impressions";`);
    this.addSql(`drop trigger "page_views_roll_up" on "page_views";`);
    for (const table of ['page_views', 'card_impressions', 'ad_impressions']) {
      this.addSql(`alter table "${table}" rename to "${table}_partitioned";`);
      this.addSql(`alter table "${table}_partitioned" rename constraint "${table}_pkey" to "${table}_partitioned_pkey";`);
    }
    this.addSql(`drop index "page_views_game_id_created_at_index", "page_views_created_at_index", "ad_impressions_visitor_key_created_at_index", "ad_impressions_created_at_index", "ad_impressions_game_id_created_at_index", "card_impressions_game_id_created_at_index";`);
    this.addSql(`create table "page_views" ("id" varchar(22) primary key, "visitor_key" varchar(64) not null, "game_id" int null, "path" varchar(300) not null, "created_at" timestamptz not null);`);
    this.addSql(`create table "ad_impressions" ("page_view_id" varchar(22) not null, "kind" text check ("kind" in ('slot', 'break')) not null, "place" varchar(40) not null, "game_id" int null, "visitor_key" varchar(64) not null, "created_at" timestamptz not null, constraint "ad_impressions_pkey" primary key ("page_view_id", "kind", "place"));`);
    this.addSql(`create table "card_impressions" ("page_view_id" varchar(22) not null, "game_id" int not null, "created_at" timestamptz not null, constraint "card_impressions_pkey" primary key ("page_view_id", "game_id"));`);
    this.addSql(`insert into "page_views" ("id", "visitor_key", "game_id", "path", "created_at") select "id", "visitor_key", "game_id", "path", "created_at" from "page_views_partitioned";`);
    this.addSql(`insert into "card_impressions" ("page_view_id", "game_id", "created_at") select "page_view_id", "game_id", "created_at" from "card_impressions_partitioned";`);
    this.addSql(`insert into "ad_impressions" ("page_view_id", "kind", "place", "game_id", "visitor_key", "created_at") select "page_view_id", "kind", "place", "game_id", "visitor_key", "created_at" from "ad_impressions_partitioned";`);
    this.addSql(`drop table "card_impressions_partitioned", "ad_impressions_partitioned", "page_views_partitioned";`);
    this.addSql(`drop function "create_page_event_partitions"(date, date);`);
    this.addSql(`create index "page_views_game_id_created_at_index" on "page_views" ("game_id", "created_at") where "game_id" is not null;`);
    this.addSql(`create index "page_views_created_at_index" on "page_views" ("created_at");`);
    this.addSql(`alter table "page_views" add constraint "page_views_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);
    this.addSql(`create index "ad_impressions_visitor_key_created_at_index" on "ad_impressions" ("visitor_key", "created_at");`);
    this.addSql(`create index "ad_impressions_created_at_index" on "ad_impressions" ("created_at");`);
    this.addSql(`create index "ad_impressions_game_id_created_at_index" on "ad_impressions" ("game_id", "created_at") where "game_id" is not null;`);
    this.addSql(`alter table "ad_impressions" add constraint "ad_impressions_page_view_id_foreign" foreign key ("page_view_id") references "page_views" ("id") on delete cascade;`);
    this.addSql(`alter table "ad_impressions" add constraint "ad_impressions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);
    this.addSql(`create index "card_impressions_game_id_created_at_index" on "card_impressions" ("game_id", "created_at");`);
    this.addSql(`alter table "card_impressions" add constraint "card_impressions_page_view_id_foreign" foreign key ("page_view_id") references "page_views" ("id") on delete cascade;`);
    this.addSql(`alter table "card_impressions" add constraint "card_impressions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);
    for (const trigger of ROLL_UP_TRIGGERS) this.addSql(trigger);
  }

}

/** The triggers of Migration20261128220700_page_event_rollups, on the tables of that name. */
const ROLL_UP_TRIGGERS = [
  `create trigger "page_views_roll_up" after insert on "page_views" referencing new table as "new_page_views" for each statement execute function "roll_up_page_views"();`,
  `create trigger "card_impressions_roll_up" after insert on "card_impressions" referencing new table as "new_card_impressions" for each statement execute function "roll_up_card_impressions"();`,
  `create trigger "ad_impressions_roll_up" after insert on "ad_impressions" referencing new table as "new_ad_impressions" for each statement execute function "roll_up_ad_impressions"();`,
];

/**
 * Adds the missing monthly partitions (page_views_YYYY_MM, card_impressions_YYYY_MM,
 * ad_impressions_YYYY_MM) of the UTC months from `from_day` to `to_day`. A month with rows in a
 * DEFAULT partition is left there (a new partition cannot take rows the default holds): those
 * rows are pruned by a DELETE.
 */
const CREATE_PARTITIONS_FUNCTION = `create function "create_page_event_partitions"("from_day" date, "to_day" date) returns void language plpgsql as $$
  declare
    "month" date := date_trunc('month', "from_day"::timestamp)::date;
    "starts" timestamptz;
    "ends" timestamptz;
    "event_table" text;
  begin
    while "month" <= "to_day" loop
      "starts" := "month"::timestamp at time zone 'UTC';
      "ends" := ("month" + interval '1 month')::timestamp at time zone 'UTC';
      if (to_regclass(format('%I', 'page_views' || to_char("month", '_YYYY_MM'))) is null
          or to_regclass(format('%I', 'card_impressions' || to_char("month", '_YYYY_MM'))) is null
          or to_regclass(format('%I', 'ad_impressions' || to_char("month", '_YYYY_MM'))) is null)
         and not exists (select 1 from "page_views_default" where "created_at" >= "starts" and "created_at" < "ends")
         and not exists (select 1 from "card_impressions_default" where "page_view_at" >= "starts" and "page_view_at" < "ends")
         and not exists (select 1 from "ad_impressions_default" where "page_view_at" >= "starts" and "page_view_at" < "ends") then
        foreach "event_table" in array array['page_views', 'card_impressions', 'ad_impressions'] loop
          if to_regclass(format('%I', "event_table" || to_char("month", '_YYYY_MM'))) is null then
            execute format('create table %I partition of %I for values from (%L) to (%L)', "event_table" || to_char("month", '_YYYY_MM'), "event_table", "starts", "ends");
          end if;
        end loop;
      end if;
      "month" := ("month" + interval '1 month')::date;
    end loop;
  end $$;`;
