import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #24: games uploaded as builds and served by the portal. A build's files
 * (game_build_files) name their bytes by sha256; the bytes live in the build storage, a folder
 * under DATA_DIR or, for several instances, these tables (build_blobs, build_blob_chunks).
 * games.live_build_id is the approved build the games origin serves.
 * Written by hand with only this change.
 */
export class Migration20261125110000_game_builds extends Migration {

  override name = 'Migration20261125110000_game_builds';

  override up(): void | Promise<void> {
    this.addSql(`create table "build_blobs" ("hash" varchar(64) not null primary key, "size" bigint not null, "created_at" timestamptz not null);`);
    this.addSql(`create table "build_blob_chunks" ("hash" varchar(64) not null references "build_blobs" ("hash") on delete cascade, "chunk" int not null, "data" bytea not null, primary key ("hash", "chunk"));`);
    this.addSql(`create table "game_builds" (
      "id" serial primary key,
      "created_at" timestamptz not null,
      "game_id" int not null references "games" ("id") on delete cascade,
      "version" int not null,
      "status" text check ("status" in ('CHECKING', 'READY', 'FAILED', 'SUBMITTED', 'APPROVED', 'REJECTED')) not null default 'CHECKING',
      "uploaded_by_id" int null references "users" ("id") on delete set null,
      "file_count" int not null,
      "total_bytes" bigint not null,
      "checks" jsonb null,
      "reviewed_at" timestamptz null,
      constraint "game_builds_game_id_version_unique" unique ("game_id", "version"));`);
    this.addSql(`create table "game_build_files" (
      "build_id" int not null references "game_builds" ("id") on delete cascade,
      "path" varchar(512) not null,
      "hash" varchar(64) not null,
      "size" bigint not null,
      primary key ("build_id", "path"));`);
    this.addSql(`create index "game_build_files_hash_index" on "game_build_files" ("hash");`);
    this.addSql(`alter table "games" add column "live_build_id" int null references "game_builds" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "games" drop column "live_build_id";`);
    this.addSql(`drop table "game_build_files";`);
    this.addSql(`drop table "game_builds";`);
    this.addSql(`drop table "build_blob_chunks";`);
    this.addSql(`drop table "build_blobs";`);
  }

}
