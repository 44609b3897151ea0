import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #13: developers' webhooks and their delivery queue; the review queue's columns on games
 * (submitted, reviewed, why rejected); the studio name kept on the user's profile. Written by hand
 * with only this change (the generator would also pick up other work in progress).
 */
export class Migration20261123070700_webhooks_and_review_queue extends Migration {

  override name = 'Migration20261123070700_webhooks_and_review_queue';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "submitted_at" timestamptz null, add column "reviewed_at" timestamptz null, add column "rejection_reasons" jsonb null;`);
    // Games already submitted joined the queue when they were created.
    this.addSql(`update "games" set "submitted_at" = "created_at" where "owner_id" is not null;`);
    this.addSql(`create index "games_review_queue_index" on "games" ("submitted_at", "id") where "status" = 'PENDING';`);

    this.addSql(`alter table "users" add column "studio_name" varchar(80) null;`);

    this.addSql(`create table "webhooks" ("id" serial primary key, "created_at" timestamptz not null, "owner_id" int not null, "url" varchar(2048) not null, "events" jsonb not null, "secret" varchar(64) not null);`);
    this.addSql(`create index "webhooks_owner_id_index" on "webhooks" ("owner_id");`);
    this.addSql(`alter table "webhooks" add constraint "webhooks_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "webhook_deliveries" ("id" serial primary key, "created_at" timestamptz not null, "webhook_id" int not null, "event" text not null, "body" text not null, "status" text not null default 'PENDING', "attempts" int not null default 0, "next_attempt_at" timestamptz null, "last_attempt_at" timestamptz null, "response_code" int null, "last_error" varchar(500) null, "delivered_at" timestamptz null);`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_webhook_id_foreign" foreign key ("webhook_id") references "webhooks" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('game.approved', 'game.rejected', 'rating.created', 'report.created'));`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_status_check" check ("status" in ('PENDING', 'DELIVERED', 'FAILED'));`);
    this.addSql(`create index "webhook_deliveries_webhook_id_id_index" on "webhook_deliveries" ("webhook_id", "id" desc);`);
    this.addSql(`create index "webhook_deliveries_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" = 'PENDING';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhooks" cascade;`);
    this.addSql(`alter table "users" drop column "studio_name";`);
    this.addSql(`drop index if exists "games_review_queue_index";`);
    this.addSql(`alter table "games" drop column "submitted_at", drop column "reviewed_at", drop column "rejection_reasons";`);
  }

}
