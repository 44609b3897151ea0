/**
 * The seed catalog: the categories and every built-in game of games/catalog.json,
 * upserted by slug. It runs on every start, so a changed catalog or games origin
 * (GAMES_PUBLIC_URL) reaches the database; plays and ratings are never touched.
 * Given the build storage, each built-in game's folder is its live build, a new version
 * whenever a file changed (domains/builds/built-in.ts); a catalog entry with no folder
 * (the test catalogs') gets none.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Category, Game, GameOrigin } from '../../entities';
import type { Env } from '../env';
import { gameOriginOf } from '../../shared/urls';
import { hasBuiltInFolder, portalAccount, publishBuiltInBuild, storeBuiltInBuild, type BuiltInBuild } from '../domains/builds/built-in';
import { loadRecordedChecks, type RecordedChecks } from '../domains/builds/recorded-checks';
import type { BlobStore } from '../domains/builds/storage/blob-store';
import { thumbnailUrlOf } from '../domains/builds/thumbnails';
import { categoriesWithSlugs, originOf, searchFieldsFor, tagsNamed } from '../domains/games/writer';
import { CATEGORY_SEED } from './categories';
import { loadCatalog, type CatalogEntry } from './catalog';
import { replaceMedals } from '../domains/medals/service';
import type { MedalDeclaration } from '../../shared/schemas';

export async function seedCatalog(
  em: EntityManager,
  env: Pick<Env, 'GAMES_PUBLIC_URL'>,
  catalog: CatalogEntry[] = loadCatalog(),
  /**
   * The build storage, the folder of the games' files (games/ unless a test says), and the
   * verdicts recorded for them (games/recorded-checks.json unless a test says).
   */
  files?: { storage: BlobStore; gamesDir?: string; recordedChecks?: RecordedChecks },
): Promise<{ categories: number; games: number; newBuilds: number }> {
  const builds = new Map<string, BuiltInBuild>();
  if (files) {
    for (const entry of catalog) {
      if (hasBuiltInFolder(entry.slug, files.gamesDir)) builds.set(entry.slug, await storeBuiltInBuild(files.storage, entry.slug, files.gamesDir));
    }
  }
  const recorded = builds.size > 0 ? (files?.recordedChecks ?? loadRecordedChecks()) : {};
  return em.transactional(async (tx) => {
    await upsertCategories(tx);
    const owner = builds.size > 0 ? await portalAccount(tx) : null;
    let newBuilds = 0;
    const seeded: { game: Game; medals: MedalDeclaration[] }[] = [];
    for (const entry of catalog) {
      const game = await upsertBuiltInGame(tx, entry, env.GAMES_PUBLIC_URL);
      const build = builds.get(entry.slug);
      if (build && owner) {
        await tx.flush();
        const live = game.liveBuildId;
        await publishBuiltInBuild(tx, build, game, owner, env.GAMES_PUBLIC_URL, recorded);
        if (game.liveBuildId !== live) newBuilds += 1;
      }
      allowOnly(tx, game);
      seeded.push({ game, medals: entry.medals ?? [] });
    }
    await tx.flush();
    // Players keep a medal the catalog no longer declares (issue #25: medals/service.ts).
    for (const { game, medals } of seeded) await replaceMedals(tx, game.id, medals, new Date(), { keepUnlocked: true });
    return { categories: CATEGORY_SEED.length, games: catalog.length, newBuilds };
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

async function upsertBuiltInGame(em: EntityManager, entry: CatalogEntry, gamesBaseUrl: string): Promise<Game> {
  // Played from its own origin on the games origin, its live build's files (built-in.ts).
  const srcUrl = `${gameOriginOf(gamesBaseUrl, entry.slug)}/`;
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
    thumbUrl: thumbnailUrlOf(gamesBaseUrl, entry.slug),
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
  return game;
}

/** A built-in game is allowed exactly its current origin. */
function allowOnly(em: EntityManager, game: Game): void {
  const origin = originOf(game.srcUrl)!;
  for (const entryOrigin of game.origins.getItems()) {
    if (entryOrigin.allowedOrigin !== origin) em.remove(entryOrigin);
  }
  if (!game.origins.getItems().some((entryOrigin) => entryOrigin.allowedOrigin === origin)) {
    em.create(GameOrigin, { game, allowedOrigin: origin });
  }
}
