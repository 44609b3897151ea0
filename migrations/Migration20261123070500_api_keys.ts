import { Migration } from '@mikro-orm/migrations';

/**
 * API keys for the public API /api/v1 (issue #13), stored as SHA-256 hashes, and the API as a
 * submission source. Written by hand: only this change.
 */
export class Migration20261123070500_api_keys extends Migration {

  override name = 'Migration20261123070500_api_keys';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_keys" ("id" serial primary key, "created_at" timestamptz not null, "user_id" int not null, "key_hash" varchar(64) not null, "prefix" varchar(16) not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null);`);
    this.addSql(`create index "api_keys_user_id_index" on "api_keys" ("user_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    // Games submitted through POST /api/v1/games keep what was sent, marked as coming from the API.
    this.addSql(`alter table "submissions" drop constraint "submissions_source_check";`);
    this.addSql(`alter table "submissions" add constraint "submissions_source_check" check ("source" in ('LEGACY', 'DEVELOPER', 'API'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "api_keys" cascade;`);

    this.addSql(`alter table "submissions" drop constraint "submissions_source_check";`);
    this.addSql(`alter table "submissions" add constraint "submissions_source_check" check ("source" in ('LEGACY', 'DEVELOPER'));`);
  }

}
