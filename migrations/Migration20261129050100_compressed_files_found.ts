import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #56: builds stored before the upload's scan of compressed files (20261129050000) that hold
 * an engine's pre-compressed file (`game.wasm.br`, `.data.gz`, as game-headers.ts names them) have
 * always been sent with their Content-Encoding: say so, so their answers show how those files go.
 */
export class Migration20261129050100_compressed_files_found extends Migration {

  override name = 'Migration20261129050100_compressed_files_found';

  override up(): void | Promise<void> {
    this.addSql(`update "game_builds" as b set "compressed_files_found" = 'WITH_ENCODING' where b."compressed_files_found" is null and exists (select 1 from "game_build_files" as f where f."build_id" = b."id" and f."path" ~* '\\.(wasm|js|mjs|data|json|pck|mem|symbols|html|css|txt|svg|xml|bin)\\.(br|gz)$');`);
  }

  override down(): void | Promise<void> {
    // Nothing to undo: the previous migration's down drops the column.
  }

}
