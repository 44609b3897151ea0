import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #38: every foreign key gets an index that starts with its column. Deleting (or re-keying)
 * a row checks each table that refers to it, and without such an index that is a scan of the
 * whole table per row: deleting 100,000 games took 98 s, nearly all of it reading play_sessions
 * once per game. tests/scale/foreign-key-indexes.test.ts keeps it so. Written by hand with only
 * this change.
 */
const INDEXES: [table: string, column: string][] = [
  ['contact_messages', 'answered_by_id'],
  ['game_builds', 'uploaded_by_id'],
  ['game_categories', 'category_id'],
  ['game_country_daily_plays', 'game_id'],
  ['games', 'live_build_id'],
  ['kid_play_days', 'game_id'],
  ['kid_plays', 'device_id'],
  ['kid_plays', 'game_id'],
  ['kid_profile_games', 'game_id'],
  ['payouts', 'paid_by'],
  ['play_sessions', 'game_id'],
  ['reports', 'reviewed_by_id'],
  ['revenue_months', 'imported_by'],
];

export class Migration20261126171000_foreign_key_indexes extends Migration {

  override name = 'Migration20261126171000_foreign_key_indexes';

  override up(): void | Promise<void> {
    for (const [table, column] of INDEXES) this.addSql(`create index "${table}_${column}_index" on "${table}" ("${column}");`);
  }

  override down(): void | Promise<void> {
    for (const [table, column] of INDEXES) this.addSql(`drop index "${table}_${column}_index";`);
  }

}
