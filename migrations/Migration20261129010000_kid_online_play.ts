import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #48: a parent's per-child switch for online play with friends (rooms). Off for every
 * child, those already made included, until the parent turns it on at /family; a child's rooms
 * are then invite-only (server/rooms/rules.ts).
 */
export class Migration20261129010000_kid_online_play extends Migration {

  override name = 'Migration20261129010000_kid_online_play';

  override up(): void | Promise<void> {
    this.addSql(`alter table "kid_profiles" add column "online_play" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "kid_profiles" drop column "online_play";`);
  }

}
