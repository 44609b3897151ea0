/** Every query the search domain sends. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';
import type { SuggestionRow } from '../games/search-matching';

/** What the typed text is looked up as; service.ts makes it from the typed text. */
export type SuggestionPrefix = {
  /**
   * A phrase tsquery of the folded words, each a prefix ("space ro" → 'space':* <-> 'ro':*):
   * a title whose words start that way, in that order. Null: the text has no word.
   */
  titleWords: string | null;
  /** A LIKE pattern (escape character `!`) of the folded text: titles (games.search_title) that start with it. */
  titleStart: string;
  /** A LIKE pattern of the lower-cased text: category and tag names that start with it. */
  nameStart: string;
};

export type { SuggestionRow };

/**
 * Up to `perKind` rows of each section, in one round trip: published games by popularity (the popular list's order),
 * categories in their menu order, tags on at least one published game (a pending game's tags are not
 * shown to anyone) by name. Game titles are matched on their folded copy (case and accents),
 * names with lower() for now.
 */
export async function findSuggestionRows(em: EntityManager, prefix: SuggestionPrefix, perKind: number): Promise<SuggestionRow[]> {
  const games = prefix.titleWords
    ? sql`(select 0 as section, g.title as label, g.slug, g.id, row_number() over (order by g.plays desc, g.rating_avg desc, g.id) as sort_key from games g
            where g.status = 'APPROVED' and g.title_vector @@ ${prefix.titleWords}::tsquery and g.search_title like ${prefix.titleStart} escape '!'
            order by g.plays desc, g.rating_avg desc, g.id limit ${perKind})
          union all
          (select 1, g.title, g.slug, g.id, row_number() over (order by g.plays desc, g.rating_avg desc, g.id) from games g
            where g.status = 'APPROVED' and g.title_vector @@ ${prefix.titleWords}::tsquery and g.search_title not like ${prefix.titleStart} escape '!'
            order by g.plays desc, g.rating_avg desc, g.id limit ${perKind})
          union all`
    : sql``;
  const { rows } = await sql<SuggestionRow>`
    select section, label, slug, id from (
      ${games}
      (select 2 as section, c.name as label, c.slug, null::int as id, c.sort_order as sort_key from categories c
        where lower(c.name) like ${prefix.nameStart} escape '!'
        order by c.sort_order, c.id limit ${perKind})
      union all
      (select 3, t.name, t.name, null::int, 0 from tags t
        where lower(t.name) like ${prefix.nameStart} escape '!'
          and exists (select 1 from game_tags gt join games g on g.id = gt.game_id where gt.tag_id = t.id and g.status = 'APPROVED')
        order by t.name limit ${perKind})
    ) suggestions
    order by section, sort_key, label, slug`.execute(queryOf(em));
  return rows;
}
