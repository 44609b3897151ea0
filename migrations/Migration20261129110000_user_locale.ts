import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #59: users.locale, the language the account last signed in from (one of the portal's
 * locales), so a mail sent with no request behind it (a reviewer's decision on a game or a build)
 * is written in it. Null for accounts that have not signed in since: they get English.
 */
export class Migration20261129110000_user_locale extends Migration {

  override name = 'Migration20261129110000_user_locale';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "locale" varchar(5) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "locale";`);
  }

}
