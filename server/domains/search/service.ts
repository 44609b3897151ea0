import { SUGGESTIONS_MAX, type SearchSuggestion, type SearchSuggestions } from '../../../shared/search-schemas';
import { foldForSearch, searchWordsOf } from '../../../shared/text';
import type { DomainContext } from '../context';
import type { LanguageCode } from '../../../shared/languages';
import { listingsIn } from '../translations/service';
import { SEARCH_TTL_MS } from '../games/cache';
import { findSuggestionRows, type SuggestionPrefix, type SuggestionRow } from './queries';

/** Places kept for categories and for tags when they match, so games cannot crowd them out. */
const PLACES_PER_NAME_KIND = 2;

/**
 * Suggestions for typed text (already trimmed): games first (titles starting with it, then
 * titles with a word starting with it, each by popularity), then categories, then tags. Shared
 * by every caller for as long as a search answer, by the text's lower-cased form.
 */
export function suggest(ctx: DomainContext, text: string, locale?: LanguageCode): Promise<SearchSuggestions> {
  const lowered = text.toLowerCase().replace(/\s+/g, ' ');
  const language = locale && locale !== 'en' ? locale : undefined;
  return ctx.services.catalogCache.get(
    `suggest:${language ?? ''}:${lowered}`,
    async () => {
      const em = ctx.services.orm.em.fork();
      // From the in-memory search index once it is built; from the database until then.
      const rows = ctx.services.catalogCache.searchIndex.suggestionRows(em, lowered, SUGGESTIONS_MAX) ?? (await findSuggestionRows(em, prefixOf(lowered), SUGGESTIONS_MAX));
      return { suggestions: pick(language ? await titledIn(ctx, rows, language) : rows) };
    },
    { ttlMs: SEARCH_TTL_MS },
  );
}

/** The games' rows labelled with their title in `locale` where their developer translated it. */
async function titledIn(ctx: DomainContext, rows: SuggestionRow[], locale: LanguageCode): Promise<SuggestionRow[]> {
  const listings = await listingsIn(ctx, locale);
  return rows.map((row) => {
    const listing = row.id === null ? undefined : listings.get(row.id);
    return listing ? { ...row, label: listing.title } : row;
  });
}

/** `%`, `_` and the escape character itself, escaped for `like ... escape '!'`. */
function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, '!$&');
}

export function prefixOf(lowered: string): SuggestionPrefix {
  const folded = foldForSearch(lowered);
  const words = searchWordsOf(lowered);
  return {
    titleWords: words.length > 0 ? words.map((word) => `'${word}':*`).join(' <-> ') : null,
    titleStart: `${escapeLike(folded)}%`,
    nameStart: `${escapeLike(lowered)}%`,
  };
}

/**
 * At most SUGGESTIONS_MAX of the rows: up to PLACES_PER_NAME_KIND categories and as many tags,
 * games in the places left, and any places still free to more categories, then more tags.
 */
function pick(rows: SuggestionRow[]): SearchSuggestion[] {
  const games = rows.filter((row) => row.section <= 1).map(gameSuggestion);
  const categories = rows.filter((row) => row.section === 2).map(({ label, slug }) => ({ kind: 'category' as const, label, slug }));
  const tags = rows.filter((row) => row.section === 3).map(({ label, slug }) => ({ kind: 'tag' as const, label, slug }));
  const kept = Math.min(categories.length, PLACES_PER_NAME_KIND) + Math.min(tags.length, PLACES_PER_NAME_KIND);
  const shownGames = games.slice(0, SUGGESTIONS_MAX - kept);
  const categoryCount = Math.min(categories.length, SUGGESTIONS_MAX - shownGames.length - Math.min(tags.length, PLACES_PER_NAME_KIND));
  const tagCount = Math.min(tags.length, SUGGESTIONS_MAX - shownGames.length - categoryCount);
  return [...shownGames, ...categories.slice(0, categoryCount), ...tags.slice(0, tagCount)];
}

/**
 * A game's suggestion carries its id too, not enumerable so it is never sent: unpublishing the
 * game then drops the cached answers that suggest it (CatalogCache.invalidateShowing looks for an
 * id beside a slug).
 */
function gameSuggestion(row: SuggestionRow): SearchSuggestion {
  return Object.defineProperty({ kind: 'game' as const, label: row.label, slug: row.slug }, 'id', { value: row.id, enumerable: false });
}
