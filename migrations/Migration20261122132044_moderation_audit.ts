import { Migration } from '@mikro-orm/migrations';

export class Migration20261122132044_moderation_audit extends Migration {

  override name = 'Migration20261122132044_moderation_audit';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED'));`);
  }

}
