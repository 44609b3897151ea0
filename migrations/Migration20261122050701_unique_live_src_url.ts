import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050701_unique_live_src_url extends Migration {

  override name = 'Migration20261122050701_unique_live_src_url';

  override up(): void | Promise<void> {
    this.addSql(`create unique index "games_src_url_live_unique" on "games" ("src_url") where "status" <> 'REJECTED';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "games_src_url_live_unique";`);
  }

}
