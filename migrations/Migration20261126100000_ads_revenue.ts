import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #37, the portal earns and pays its developers: server-issued page views, the ad and card
 * impressions reported against them (one per page view, kind and place; one per page view and
 * game), a month's revenue as the admin entered it, its split over games, each developer's monthly
 * statement and the payouts of the balances that reached the minimum. Written by hand.
 */
export class Migration20261126100000_ads_revenue extends Migration {

  override name = 'Migration20261126100000_ads_revenue';

  override up(): void | Promise<void> {
    this.addSql(`create table "page_views" ("id" varchar(22) primary key, "visitor_key" varchar(64) not null, "game_id" int null, "path" varchar(300) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "page_views_game_id_created_at_index" on "page_views" ("game_id", "created_at") where "game_id" is not null;`);
    this.addSql(`create index "page_views_created_at_index" on "page_views" ("created_at");`);
    this.addSql(`alter table "page_views" add constraint "page_views_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);

    this.addSql(`create table "ad_impressions" ("page_view_id" varchar(22) not null, "kind" text check ("kind" in ('slot', 'break')) not null, "place" varchar(40) not null, "game_id" int null, "visitor_key" varchar(64) not null, "created_at" timestamptz not null, constraint "ad_impressions_pkey" primary key ("page_view_id", "kind", "place"));`);
    this.addSql(`create index "ad_impressions_visitor_key_created_at_index" on "ad_impressions" ("visitor_key", "created_at");`);
    this.addSql(`create index "ad_impressions_created_at_index" on "ad_impressions" ("created_at");`);
    this.addSql(`create index "ad_impressions_game_id_created_at_index" on "ad_impressions" ("game_id", "created_at") where "game_id" is not null;`);
    this.addSql(`alter table "ad_impressions" add constraint "ad_impressions_page_view_id_foreign" foreign key ("page_view_id") references "page_views" ("id") on delete cascade;`);
    this.addSql(`alter table "ad_impressions" add constraint "ad_impressions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete set null;`);

    this.addSql(`create table "card_impressions" ("page_view_id" varchar(22) not null, "game_id" int not null, "created_at" timestamptz not null, constraint "card_impressions_pkey" primary key ("page_view_id", "game_id"));`);
    this.addSql(`create index "card_impressions_game_id_created_at_index" on "card_impressions" ("game_id", "created_at");`);
    this.addSql(`alter table "card_impressions" add constraint "card_impressions_page_view_id_foreign" foreign key ("page_view_id") references "page_views" ("id") on delete cascade;`);
    this.addSql(`alter table "card_impressions" add constraint "card_impressions_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`);

    // A month as entered: its total and, when the network reported by channel, the per-game rows.
    this.addSql(`create table "revenue_months" ("month" char(7) primary key, "currency" char(3) not null, "total_cents" bigint not null, "channel_rows" jsonb null, "break_weight" int not null, "portal_cents" bigint not null, "imported_at" timestamptz not null, "imported_by" int null);`);
    this.addSql(`alter table "revenue_months" add constraint "revenue_months_imported_by_foreign" foreign key ("imported_by") references "users" ("id") on delete set null;`);
    // Games are kept by id and title as of the split: a statement does not change when a game goes.
    this.addSql(`create table "revenue_game_shares" ("month" char(7) not null, "game_id" int not null, "title" varchar(80) not null, "developer_id" int null, "slot_impressions" int not null, "break_impressions" int not null, "revenue_cents" bigint not null, "developer_cents" bigint not null, constraint "revenue_game_shares_pkey" primary key ("month", "game_id"));`);
    this.addSql(`create index "revenue_game_shares_developer_id_index" on "revenue_game_shares" ("developer_id");`);
    this.addSql(`create index "revenue_game_shares_game_id_index" on "revenue_game_shares" ("game_id");`);
    this.addSql(`alter table "revenue_game_shares" add constraint "revenue_game_shares_month_foreign" foreign key ("month") references "revenue_months" ("month") on delete cascade;`);
    this.addSql(`create table "developer_statements" ("month" char(7) not null, "developer_id" int not null, "slot_impressions" int not null, "break_impressions" int not null, "revenue_cents" bigint not null, "share_cents" bigint not null, "carried_in_cents" bigint not null, "balance_cents" bigint not null, constraint "developer_statements_pkey" primary key ("month", "developer_id"));`);
    this.addSql(`create index "developer_statements_developer_id_index" on "developer_statements" ("developer_id", "month");`);
    this.addSql(`alter table "developer_statements" add constraint "developer_statements_month_foreign" foreign key ("month") references "revenue_months" ("month") on delete cascade;`);
    this.addSql(`alter table "developer_statements" add constraint "developer_statements_developer_id_foreign" foreign key ("developer_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create table "payouts" ("id" serial primary key, "month" char(7) not null, "developer_id" int not null, "amount_cents" bigint not null, "currency" char(3) not null, "due_on" date not null, "paid_at" timestamptz null, "reference" varchar(200) null, "paid_by" int null);`);
    this.addSql(`alter table "payouts" add constraint "payouts_month_developer_id_unique" unique ("month", "developer_id");`);
    this.addSql(`create index "payouts_developer_id_index" on "payouts" ("developer_id");`);
    this.addSql(`alter table "payouts" add constraint "payouts_month_foreign" foreign key ("month") references "revenue_months" ("month") on delete cascade;`);
    this.addSql(`alter table "payouts" add constraint "payouts_developer_id_foreign" foreign key ("developer_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "payouts" add constraint "payouts_paid_by_foreign" foreign key ("paid_by") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "audit_log" drop constraint if exists "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED', 'BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK', 'REVENUE_IMPORTED', 'PAYOUT_PAID'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "audit_log" where "action" in ('REVENUE_IMPORTED', 'PAYOUT_PAID');`);
    this.addSql(`alter table "audit_log" drop constraint if exists "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED', 'BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK'));`);
    this.addSql(`drop table if exists "payouts" cascade;`);
    this.addSql(`drop table if exists "developer_statements" cascade;`);
    this.addSql(`drop table if exists "revenue_game_shares" cascade;`);
    this.addSql(`drop table if exists "revenue_months" cascade;`);
    this.addSql(`drop table if exists "card_impressions" cascade;`);
    this.addSql(`drop table if exists "ad_impressions" cascade;`);
    this.addSql(`drop table if exists "page_views" cascade;`);
  }
}
