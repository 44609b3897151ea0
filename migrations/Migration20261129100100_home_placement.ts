import { Migration } from '@mikro-orm/migrations';

const ACTIONS_BEFORE = ['GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED', 'GAME_UNPUBLISHED', 'GAME_REPUBLISHED', 'USER_BLOCKED', 'USER_UNBLOCKED', 'BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK', 'REVENUE_IMPORTED', 'PAYOUT_PAID', 'GAME_KIDS_ZONE_APPROVED', 'GAME_KIDS_ZONE_WITHDRAWN'];
const ACTIONS = [...ACTIONS_BEFORE, 'GAME_HOME_PLACEMENT'];
const check = (actions: string[]) => `alter table "audit_log" add constraint "audit_log_action_check" check ("action" in (${actions.map((action) => `'${action}'`).join(', ')}));`;

/**
 * Issue #58: the portal's own games keep their place on home among thousands of imported ones: an
 * admin pins one (first in home's Popular row) or boosts it (one card in every three of the Popular
 * and Trending rows). Few games are placed, so a partial index finds them at once when home's
 * cached answer is made again.
 */
export class Migration20261129100100_home_placement extends Migration {

  override name = 'Migration20261129100100_home_placement';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "home_placement" varchar(10) null check ("home_placement" in ('pinned', 'boosted')), add column "home_placed_at" timestamptz null;`);
    this.addSql(`create index "games_home_placement_index" on "games" ("home_placement", "plays" desc) where "home_placement" is not null;`);
    this.addSql(`alter table "audit_log" drop constraint if exists "audit_log_action_check";`);
    this.addSql(check(ACTIONS));
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_log" drop constraint if exists "audit_log_action_check";`);
    this.addSql(check(ACTIONS_BEFORE));
    this.addSql(`drop index "games_home_placement_index";`);
    this.addSql(`alter table "games" drop column "home_placement", drop column "home_placed_at";`);
  }

}
