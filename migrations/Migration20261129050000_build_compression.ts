import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #56. build_blob_compressions: each stored blob's brotli and gzip forms, made once when it
 * is stored, so the games origin never compresses a file per request (blobs stored before are
 * compressed once, on their first request). game_builds.compressed_files: how the developer wants
 * the build's own .br/.gz files sent (AUTO, WITH_ENCODING: with their Content-Encoding, AS_IS: as
 * the bytes they are); compressed_files_found: what the upload's scan of its loader or its checks
 * found works, null for a build with no such file. Builds until now keep being sent with the
 * encoding (AUTO, nothing found).
 */
export class Migration20261129050000_build_compression extends Migration {

  override name = 'Migration20261129050000_build_compression';

  override up(): void | Promise<void> {
    this.addSql(`create table "build_blob_compressions" ("hash" varchar(64) not null, "br_hash" varchar(64) null, "br_size" bigint null, "gzip_hash" varchar(64) null, "gzip_size" bigint null, "created_at" timestamptz not null, primary key ("hash"));`);
    this.addSql(`alter table "game_builds" add column "compressed_files" text not null default 'AUTO', add column "compressed_files_found" text null;`);
    this.addSql(`alter table "game_builds" add constraint "game_builds_compressed_files_check" check ("compressed_files" in ('AUTO', 'WITH_ENCODING', 'AS_IS'));`);
    this.addSql(`alter table "game_builds" add constraint "game_builds_compressed_files_found_check" check ("compressed_files_found" in ('WITH_ENCODING', 'AS_IS'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "game_builds" drop column "compressed_files", drop column "compressed_files_found";`);
    this.addSql(`drop table if exists "build_blob_compressions" cascade;`);
  }

}
