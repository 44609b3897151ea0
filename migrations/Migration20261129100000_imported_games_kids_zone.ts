import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = ['GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED', 'BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK', 'REVENUE_IMPORTED', 'PAYOUT_PAID'];
const ACTIONS = [...ACTIONS_BEFORE, 'GAME_KIDS_ZONE_APPROVED', 'GAME_KIDS_ZONE_WITHDRAWN'];
const check = (actions: string[]) => `alter table "audit_log" add constraint "audit_log_action_check" check ("action" in (${actions.map((action) => `'${action}'`).join(', ')}));`;

/**
 * Issue #58: an imported game enters the Kids Zone only once an admin approved it there, one by
 * one (games.kids_approved_at, null for every game until then); the approval and its withdrawal
 * are audited like every admin action.
 */
export class Migration20261129100000_imported_games_kids_zone extends Migration {

  override name = 'Migration20261129100000_imported_games_kids_zone';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "kids_approved_at" timestamptz null;`);
    this.addSql(`alter table "audit_log" drop constraint if exists "audit_log_action_check";`);
    this.addSql(check(ACTIONS));
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_log" drop constraint if exists "audit_log_action_check";`);
    this.addSql(check(ACTIONS_BEFORE));
    this.addSql(`alter table "games" drop column "kids_approved_at";`);
  }

}
