import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #49: the breaks the portal started (POST /api/ads/breaks), each by a random id the server
 * issued for one page view, so a break's impression counts only for a break the portal really
 * showed, once (counted_at), and its second on screen is measured from when it started. Rows live
 * as long as their page view may report (AD_LIMITS.pageViewMinutes); issuing a break deletes the
 * expired ones. No foreign key to page_views: a break outlives nothing it refers to, and page views
 * are pruned in bulk. Written by hand with only this change.
 */
export class Migration20261128104400_ad_breaks extends Migration {

  override name = 'Migration20261128104400_ad_breaks';

  override up(): void | Promise<void> {
    this.addSql(`create table "ad_breaks" ("id" varchar(22) not null, "page_view_id" varchar(22) not null, "kind" text check ("kind" in ('midgame', 'rewarded')) not null, "created_at" timestamptz not null, "counted_at" timestamptz null, constraint "ad_breaks_pkey" primary key ("id"));`);
    this.addSql(`create index "ad_breaks_page_view_id_created_at_index" on "ad_breaks" ("page_view_id", "created_at");`);
    this.addSql(`create index "ad_breaks_created_at_index" on "ad_breaks" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ad_breaks";`);
  }

}
