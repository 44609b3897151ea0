/**
 * The seed catalog: the categories and every built-in game of games/catalog.json,
 * upserted by slug. It runs on every start, so a changed catalog or games origin
 * (GAMES_PUBLIC_URL) reaches the database; plays and ratings are never touched.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Category, Game, GameOrigin } from '../../entities';
import type { Env } from '../env';
import { categoriesWithSlugs, originOf, searchFieldsFor, tagsNamed } from '../domains/games/writer';
import { CATEGORY_SEED } from './categories';
import { loadCatalog, type CatalogEntry } from './catalog';

export async function seedCatalog(
  em: EntityManager,
  env: Pick<Env, 'GAMES_PUBLIC_URL'>,
  catalog: CatalogEntry[] = loadCatalog(),
): Promise<{ categories: number; games: number }> {
  return em.transactional(async (tx) => {
    await upsertCategories(tx);
    for (const entry of catalog) await upsertBuiltInGame(tx, entry, env.GAMES_PUBLIC_URL);
    await tx.flush();
    return { categories: CATEGORY_SEED.length, games: catalog.length };
  });
}

async function upsertCategories(em: EntityManager): Promise<void> {
  const existing = await em.find(Category, {});
  CATEGORY_SEED.forEach((seed, index) => {
    const category = existing.find((candidate) => candidate.slug === seed.slug) ?? em.create(Category, { ...seed, sortOrder: index });
    Object.assign(category, { name: seed.name, icon: seed.icon, sortOrder: index });
  });
  await em.flush();
}

async function upsertBuiltInGame(em: EntityManager, entry: CatalogEntry, gamesBaseUrl: string): Promise<void> {
  const srcUrl = `${gamesBaseUrl}/${entry.slug}/`;
  const game =
    (await em.findOne(Game, { slug: entry.slug }, { populate: ['origins', 'categories', 'tags'] })) ??
    em.create(Game, {
      slug: entry.slug,
      title: entry.title,
      description: entry.description,
      status: 'APPROVED',
      builtIn: true,
      publishedAt: new Date(`${entry.publishedAt}T12:00:00Z`),
    });
  const tags = await tagsNamed(em, entry.tags);
  em.assign(game, {
    title: entry.title,
    description: entry.description,
    instructions: entry.instructions ?? null,
    controls: entry.controls,
    contentFacts: entry.contentFacts,
    thumbUrl: `${gamesBaseUrl}/${entry.slug}/thumb.webp`,
    srcUrl,
    playType: 'IFRAME',
    singlePlayer: true,
    multiplayer: entry.multiplayer,
    ageRating: entry.ageRating,
    studio: entry.studio,
    maxScore: entry.maxScore ?? null,
    scorePerSecond: entry.scorePerSecond ?? null,
    builtIn: true,
    status: 'APPROVED',
    ...searchFieldsFor(entry.title, entry.description, tags.map((tag) => tag.name)),
  });
  game.categories.set(await categoriesWithSlugs(em, entry.categories));
  game.tags.set(tags);
  // Built-in games are allowed exactly the current games origin.
  const origin = originOf(srcUrl)!;
  for (const entryOrigin of game.origins.getItems()) {
    if (entryOrigin.allowedOrigin !== origin) em.remove(entryOrigin);
  }
  if (!game.origins.getItems().some((entryOrigin) => entryOrigin.allowedOrigin === origin)) {
    em.create(GameOrigin, { game, allowedOrigin: origin });
  }
}
