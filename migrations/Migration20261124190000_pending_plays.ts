import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #23: plays acknowledged while maintenance holds the stats lock wait here, durably, until
 * they are counted. Written by hand with only this change.
 */
export class Migration20261124190000_pending_plays extends Migration {

  override name = 'Migration20261124190000_pending_plays';

  override up(): void | Promise<void> {
    this.addSql(`create table "pending_plays" ("id" bigserial primary key, "game_id" int not null, "user_id" int null, "visitor_key" varchar(64) not null, "played_at" timestamptz not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "pending_plays";`);
  }

}
