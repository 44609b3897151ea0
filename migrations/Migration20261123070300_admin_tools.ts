import { Migration } from '@mikro-orm/migrations';

/**
 * Admin tools (issue #14): blocked accounts, an UNPUBLISHED state for games taken off the portal
 * (which frees its source URL like a rejected game: only pending and published games hold one),
 * and the audit actions of unpublishing, re-publishing, blocking and unblocking. Written by hand:
 * only this change.
 */
export class Migration20261123070300_admin_tools extends Migration {

  override name = 'Migration20261123070300_admin_tools';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "blocked_at" timestamptz null;`);

    this.addSql(`alter table "games" drop constraint "games_status_check";`);
    this.addSql(`alter table "games" add constraint "games_status_check" check ("status" in ('PENDING', 'APPROVED', 'REJECTED', 'UNPUBLISHED'));`);
    this.addSql(`drop index "games_src_url_live_unique";`);
    this.addSql(`create unique index "games_src_url_live_unique" on "games" ("src_url") where "status" in ('PENDING', 'APPROVED');`);

    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "audit_log" where "action" in ('GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED');`);
    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED'));`);

    // An unpublished game goes back to being rejected: the old states have no other place for it.
    this.addSql(`update "games" set "status" = 'REJECTED' where "status" = 'UNPUBLISHED';`);
    this.addSql(`drop index "games_src_url_live_unique";`);
    this.addSql(`create unique index "games_src_url_live_unique" on "games" ("src_url") where "status" <> 'REJECTED';`);
    this.addSql(`alter table "games" drop constraint "games_status_check";`);
    this.addSql(`alter table "games" add constraint "games_status_check" check ("status" in ('PENDING', 'APPROVED', 'REJECTED'));`);

    this.addSql(`alter table "users" drop column "blocked_at";`);
  }

}
