import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #59: a game's listing in another language, written by its developer: title, description
 * and instructions per locale (one of the web app's sixteen, src/i18n/locales.ts), shown to players
 * of that language with the original text as the fallback. The slug stays one for all languages.
 * A written or removed translation changes what searches find and what catalog answers show, so
 * it is logged in catalog_changes and bumps catalog_version as an edit of the game itself does.
 * Written by hand with only this change.
 */
const LOCALES = `'en', 'es', 'hi', 'ar', 'pt-BR', 'fr', 'de', 'it', 'nl', 'pl', 'ru', 'tr', 'id', 'vi', 'ja', 'ko'`;

export class Migration20261129060000_game_translations extends Migration {

  override name = 'Migration20261129060000_game_translations';

  override up(): void | Promise<void> {
    this.addSql(`create table "game_translations" (
      "game_id" int not null references "games" ("id") on delete cascade,
      "locale" varchar(5) not null check ("locale" in (${LOCALES})),
      "title" varchar(80) not null,
      "description" text not null,
      "instructions" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      primary key ("game_id", "locale"));`);
    // Reading every translation in one language (a page of games, the search index).
    this.addSql(`create index "game_translations_locale_index" on "game_translations" ("locale");`);
    this.addSql(`create function "log_translated_catalog_game"() returns trigger language plpgsql as $$
      begin
        insert into "catalog_changes" ("game_id") values (coalesce(new."game_id", old."game_id"));
        update "catalog_version" set "version" = "version" + 1;
        return null;
      end $$;`);
    this.addSql(`create trigger "game_translations_catalog_changes" after insert or update or delete on "game_translations" for each row execute function "log_translated_catalog_game"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "game_translations_catalog_changes" on "game_translations";`);
    this.addSql(`drop function "log_translated_catalog_game"();`);
    this.addSql(`drop table "game_translations";`);
  }

}
