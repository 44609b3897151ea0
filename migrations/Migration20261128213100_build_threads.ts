import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #47: a build that needs SharedArrayBuffer (Godot 4's threaded export, Emscripten's
 * -pthread) is served cross-origin isolated. `threads` says why: DEVELOPER (ticked) or DETECTED
 * (the upload's scan found a threaded export); null for every build until now.
 */
export class Migration20261128213100_build_threads extends Migration {

  override name = 'Migration20261128213100_build_threads';

  override up(): void | Promise<void> {
    this.addSql(`alter table "game_builds" add column "threads" text null;`);
    this.addSql(`alter table "game_builds" add constraint "game_builds_threads_check" check ("threads" in ('DEVELOPER', 'DETECTED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "game_builds" drop column "threads";`);
  }

}
