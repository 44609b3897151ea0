import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #36, build checkers as programs of their own: the tokens they claim checks with (only a
 * SHA-256 of each), and the random id of a build's current claim, which the verdicts must carry
 * (a checker whose lease was taken over records nothing). Written by hand with only this change.
 */
export class Migration20261126100000_checkers extends Migration {

  override name = 'Migration20261126100000_checkers';

  override up(): void | Promise<void> {
    this.addSql(`create table "checker_tokens" ("id" serial primary key, "created_at" timestamptz not null, "name" varchar(80) not null, "token_hash" varchar(64) not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null);`);
    this.addSql(`alter table "checker_tokens" add constraint "checker_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "game_builds" add column "checks_claim" varchar(43) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "game_builds" drop column "checks_claim";`);
    this.addSql(`drop table if exists "checker_tokens" cascade;`);
  }
}
