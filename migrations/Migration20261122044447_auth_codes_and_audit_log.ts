import { Migration } from '@mikro-orm/migrations';

export class Migration20261122044447_auth_codes_and_audit_log extends Migration {

  override name = 'Migration20261122044447_auth_codes_and_audit_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "login_challenges" ("id" serial primary key, "email" varchar(254) not null, "code_salt" varchar(32) not null, "code_hash" varchar(64) not null, "failed_attempts" int not null default 0, "created_at" timestamptz not null, "expires_at" timestamptz not null, "consumed_at" timestamptz null, "request_ip" varchar(64) null);`);
    this.addSql(`create index "login_challenges_email_created_at_index" on "login_challenges" ("email", "created_at");`);

    this.addSql(`create table "audit_log" ("id" serial primary key, "actor_id" int null, "action" text not null, "target_type" varchar(20) not null, "target_id" int not null, "details" jsonb null, "created_at" timestamptz not null);`);
    this.addSql(`create index "audit_log_actor_id_index" on "audit_log" ("actor_id");`);
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at");`);
    this.addSql(`create index "audit_log_target_type_target_id_index" on "audit_log" ("target_type", "target_id");`);

    this.addSql(`alter table "audit_log" add constraint "audit_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "login_challenges" cascade;`);
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }

}
