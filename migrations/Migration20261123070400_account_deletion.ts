import { Migration } from '@mikro-orm/migrations';

/**
 * Account deletion (issue #14): a deleted account's ratings, scores and plays stay (game summaries,
 * leaderboards and play counts are built from them) but move to a new anonymous account row, marked
 * by `deleted_at`, that holds no personal data and can never sign in. Written by hand: only this change.
 */
export class Migration20261123070400_account_deletion extends Migration {

  override name = 'Migration20261123070400_account_deletion';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "deleted_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "deleted_at";`);
  }

}
