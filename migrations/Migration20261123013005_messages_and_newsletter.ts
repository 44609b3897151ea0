import { Migration } from '@mikro-orm/migrations';

/**
 * Contact messages (answered from the admin Messages tab) and newsletter subscriptions with
 * double opt-in. Generated, then trimmed to this change: the generator also wanted to drop the
 * game-list triggers of Migration20261122170000_game_lists, which it does not know about.
 */
export class Migration20261123013005_messages_and_newsletter extends Migration {

  override name = 'Migration20261123013005_messages_and_newsletter';

  override up(): void | Promise<void> {
    this.addSql(`create table "newsletter_subscriptions" ("id" serial primary key, "created_at" timestamptz not null, "email" varchar(254) not null, "status" text not null default 'PENDING', "token_hash" varchar(64) not null, "confirmed_at" timestamptz null, "unsubscribed_at" timestamptz null);`);
    this.addSql(`alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_email_unique" unique ("email");`);
    this.addSql(`alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_status_check" check ("status" in ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED'));`);

    this.addSql(`create table "contact_messages" ("id" serial primary key, "created_at" timestamptz not null, "name" varchar(80) not null, "email" varchar(254) not null, "type" text null, "subject" varchar(80) not null, "body" text not null, "status" text not null default 'OPEN', "answer" text null, "answered_at" timestamptz null, "answered_by_id" int null);`);
    this.addSql(`create index "contact_messages_status_created_at_index" on "contact_messages" ("status", "created_at");`);
    this.addSql(`alter table "contact_messages" add constraint "contact_messages_answered_by_id_foreign" foreign key ("answered_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "contact_messages" add constraint "contact_messages_type_check" check ("type" in ('general', 'technical', 'developer', 'business', 'report'));`);
    this.addSql(`alter table "contact_messages" add constraint "contact_messages_status_check" check ("status" in ('OPEN', 'ANSWERED'));`);

    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED', 'MESSAGE_ANSWERED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "newsletter_subscriptions" cascade;`);
    this.addSql(`drop table if exists "contact_messages" cascade;`);

    this.addSql(`alter table "audit_log" drop constraint "audit_log_action_check";`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_action_check" check ("action" in ('GAME_APPROVED', 'GAME_REJECTED', 'REPORT_RESOLVED', 'REPORT_DISMISSED', 'USER_PROMOTED', 'SCORE_REMOVED', 'RATING_REMOVED'));`);
  }

}
