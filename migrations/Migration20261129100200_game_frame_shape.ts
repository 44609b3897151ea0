import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #58: a game's own shape, as its distributor's feed gives it (Width/Height, aspect_ratio,
 * orientation): the game page's frame takes its aspect, and a phone held the other way is told to
 * turn. Null for every game whose shape nobody gave (the frame keeps its usual size).
 */
export class Migration20261129100200_game_frame_shape extends Migration {

  override name = 'Migration20261129100200_game_frame_shape';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "frame_aspect" real null check ("frame_aspect" between 0.2 and 5), add column "orientation" varchar(10) null check ("orientation" in ('landscape', 'portrait'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "games" drop column "frame_aspect", drop column "orientation";`);
  }

}
