/** Writing games: slugs, tags, categories, allowlists and the search text, used by submissions, moderation and the seed. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Category, Game, GameOrigin, GameTranslation, Tag } from '../../../entities';
import { foldForSearch, indexedSearchText, slugify } from '../../../shared/text';
import { Validation } from '../errors';
import { text } from '../../i18n/translate';

/** A game's listing in another language, as search reads it. */
export type TranslatedListing = { title: string; description: string };

/**
 * The folded text search matches (title, description, tags, and the listings its developer wrote in
 * other languages) and the folded titles it ranks first: a player finds a game by its title in any
 * of its languages.
 */
export function searchFieldsFor(
  title: string,
  description: string,
  tags: readonly string[],
  listings: readonly TranslatedListing[] = [],
): { searchText: string; searchTitle: string } {
  const titles = [title, ...listings.map((listing) => listing.title)];
  return {
    searchText: indexedSearchText(foldForSearch([...titles, description, ...listings.map((listing) => listing.description), ...tags].join(' '))),
    searchTitle: indexedSearchText(foldForSearch(titles.join(' '))),
  };
}

/** Sets the game's search fields from its title, description, tags and translated listings as they are in `em` now (tags loaded here). */
export async function refreshSearchFields(em: EntityManager, game: Game): Promise<void> {
  await em.populate(game, ['tags']);
  const listings = await em.find(GameTranslation, { game: game.id }, { fields: ['title', 'description'], orderBy: { locale: 'asc' } });
  Object.assign(game, searchFieldsFor(game.title, game.description, game.tags.getItems().map((tag) => tag.name), listings));
}

/** "Space Rocks" → "space-rocks", or "space-rocks-2" when taken. */
export async function uniqueSlug(em: EntityManager, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (await em.find(Game, { slug: { $like: `${base}%` } }, { fields: ['slug'] })).map((game) => game.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Tag entities for these names (lower-cased, de-duplicated), creating the missing ones. */
export async function tagsNamed(em: EntityManager, names: readonly string[]): Promise<Tag[]> {
  const wanted = [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const existing = await em.find(Tag, { name: { $in: wanted } });
  const byName = new Map(existing.map((tag) => [tag.name, tag]));
  return wanted.map((name) => byName.get(name) ?? em.create(Tag, { name }));
}

/** Categories for these slugs; an unknown slug is a 400 naming the field. */
export async function categoriesWithSlugs(em: EntityManager, slugs: readonly string[], field = 'categories'): Promise<Category[]> {
  const wanted = [...new Set(slugs)];
  if (wanted.length === 0) return [];
  const found = await em.find(Category, { slug: { $in: wanted } });
  const missing = wanted.filter((slug) => !found.some((category) => category.slug === slug));
  if (missing.length > 0) {
    throw new Validation(field, text('games.unknownCategory', { names: missing.join(', ') }));
  }
  return wanted.map((slug) => found.find((category) => category.slug === slug)!);
}

/** The lower-cased origin of a game URL, as the frame compares it; null if it is not a URL. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Makes sure the game's srcUrl origin is in its allowlist. */
export function allowSourceOrigin(em: EntityManager, game: Game): void {
  const origin = originOf(game.srcUrl);
  if (!origin) return;
  const known = game.origins.isInitialized() ? game.origins.getItems().some((entry) => entry.allowedOrigin === origin) : false;
  if (!known) em.create(GameOrigin, { game, allowedOrigin: origin });
}
