/** Every query the translations domain's service sends beyond its entities (service.ts holds the rules). */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LanguageCode } from '../../../shared/languages';
import type { Listing } from '../../../shared/schemas/translations';
import { sqlIn } from '../../db/sql';

/** Every published game's listing in `locale`, by game id. */
export async function publishedListingsIn(em: EntityManager, locale: LanguageCode): Promise<Map<number, Listing>> {
  const rows = await sqlIn<{ game_id: number; title: string; description: string; instructions: string | null }>(
    em,
    `select t.game_id, t.title, t.description, t.instructions from game_translations t join games g on g.id = t.game_id where t.locale = ? and g.status = 'APPROVED'`,
    [locale],
  );
  return new Map(rows.map((row) => [row.game_id, { title: row.title, description: row.description, instructions: row.instructions }]));
}
