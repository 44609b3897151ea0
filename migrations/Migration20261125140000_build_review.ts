import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #24, builds reviewed one by one: each build gets the random token of its preview host
 * (`build--{token}.<games host>`, where the developer, the checks and the reviewer try it before
 * it goes live), what its upload added to the storage, when it was submitted, and the reviewer's
 * reason when it is rejected, and the lease of the process running its checks. Written by hand with only this change.
 */
export class Migration20261125140000_build_review extends Migration {

  override name = 'Migration20261125140000_build_review';

  override up(): void | Promise<void> {
    this.addSql(`alter table "game_builds" add column "preview_token" varchar(32) not null default substr(md5(random()::text || clock_timestamp()::text), 1, 20);`);
    this.addSql(`alter table "game_builds" alter column "preview_token" drop default;`);
    this.addSql(`alter table "game_builds" add constraint "game_builds_preview_token_unique" unique ("preview_token");`);
    this.addSql(`alter table "game_builds" add column "new_files" int not null default 0, add column "new_bytes" bigint not null default 0;`);
    this.addSql(`alter table "game_builds" add column "submitted_at" timestamptz null, add column "review_note" text null;`);
    this.addSql(`alter table "game_builds" add column "checks_claimed_until" timestamptz null;`);
    this.addSql(`create index "game_builds_status_index" on "game_builds" ("status", "submitted_at");`);
    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED', 'BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "audit_log" where "action" in ('BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK');`);
    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED'));`);
    this.addSql(`drop index "game_builds_status_index";`);
    this.addSql(`alter table "game_builds" drop column "checks_claimed_until", drop column "review_note", drop column "submitted_at", drop column "new_bytes", drop column "new_files", drop column "preview_token";`);
  }

}
