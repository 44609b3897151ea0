import { Migration } from '@mikro-orm/migrations';

export class Migration20261122123234_reviews extends Migration {

  override name = 'Migration20261122123234_reviews';

  override up(): void | Promise<void> {
    this.addSql(`create index "ratings_game_id_updated_at_index" on "ratings" ("game_id", "updated_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "ratings_game_id_updated_at_index";`);
  }

}
