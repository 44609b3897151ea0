/**
 * Game listings in other languages (issue #59): a game's developer writes, per language, its
 * title, description and instructions; players of that language read them in place of the
 * original, which stays the fallback. A translation of a published game shows as soon as it is
 * saved: the catalog's answers are dropped once it has committed, here and (catalog_version, the
 * table's trigger) on every other server. An admin may remove one.
 */
import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Game, GameTranslation } from '../../../entities';
import type { LanguageCode } from '../../../shared/languages';
import type { Listing, TranslationOutput, translationKeyInput, translationPutInput } from '../../../shared/schemas/translations';
import { shareAnswer } from '../games/shared-answer';
import { refreshSearchFields } from '../games/writer';
import { publishedListingsIn } from './queries';
import type { AuthedContext, DomainContext } from '../context';
import { NotFound } from '../errors';
import { text } from '../../i18n/translate';

type Key = z.output<typeof translationKeyInput>;

function outputOf(row: GameTranslation): TranslationOutput {
  return { locale: row.locale as LanguageCode, title: row.title, description: row.description, instructions: row.instructions ?? null, updatedAt: row.updatedAt.toISOString() };
}

/** The game, when `ctx.user` may change its listings: its owner always, an admin when `admin` allows. */
async function ownGame(em: EntityManager, ctx: AuthedContext, id: number, { admin = false } = {}): Promise<Game> {
  const game = await em.findOne(Game, id);
  // Someone else's game is missing, not forbidden: its existence is not told.
  if (!game || (game.owner?.id !== ctx.user.id && !(admin && ctx.user.role === 'ADMIN'))) throw new NotFound(text('games.notFound'));
  return game;
}

/** Every language the owner's game has a listing in, by language. */
export async function listTranslations(ctx: AuthedContext, id: number): Promise<TranslationOutput[]> {
  const em = ctx.em.fork();
  await ownGame(em, ctx, id, { admin: true });
  const rows = await em.find(GameTranslation, { game: id }, { orderBy: { locale: 'asc' } });
  return rows.map(outputOf);
}

export async function getTranslation(ctx: AuthedContext, { id, locale }: Key): Promise<TranslationOutput> {
  const em = ctx.em.fork();
  await ownGame(em, ctx, id, { admin: true });
  const row = await em.findOne(GameTranslation, { game: id, locale });
  if (!row) throw new NotFound(text('translations.notFound'));
  return outputOf(row);
}

/**
 * Writes (adds or replaces) the owner's listing of the game in `locale`; with `builtIn`, an admin's
 * of one of the portal's built-in games (they have no developer to write it).
 */
export async function putTranslation(ctx: AuthedContext, input: z.output<typeof translationPutInput>, { builtIn = false } = {}): Promise<TranslationOutput> {
  const { row, published } = await ctx.em.fork().transactional(async (tx) => {
    const game = builtIn ? await tx.findOne(Game, { id: input.id, builtIn: true }) : await ownGame(tx, ctx, input.id);
    if (!game) throw new NotFound(text('games.notFound'));
    let row = await tx.findOne(GameTranslation, { game: input.id, locale: input.locale });
    if (!row) row = tx.create(GameTranslation, { game, locale: input.locale, title: input.title, description: input.description, instructions: input.instructions || null });
    else Object.assign(row, { title: input.title, description: input.description, instructions: input.instructions || null });
    await tx.flush();
    // Search finds the game by this title too, here and, through the games row, on every server.
    await refreshSearchFields(tx, game);
    await tx.flush();
    return { row, published: game.status === 'APPROVED' };
  });
  if (published) await ctx.services.catalogCache.invalidateCommitted(ctx.em, [input.id]);
  return outputOf(row);
}

/** Removes a listing: by the game's owner, or by an admin (`admin`). */
export async function deleteTranslation(ctx: AuthedContext, { id, locale }: Key, { admin = false } = {}): Promise<{ ok: true }> {
  const published = await ctx.em.fork().transactional(async (tx) => {
    const game = await ownGame(tx, ctx, id, { admin });
    const removed = await tx.nativeDelete(GameTranslation, { game: id, locale });
    if (removed === 0) throw new NotFound(text('translations.notFound'));
    await refreshSearchFields(tx, game);
    await tx.flush();
    return game.status === 'APPROVED';
  });
  if (published) await ctx.services.catalogCache.invalidateCommitted(ctx.em, [id]);
  return { ok: true };
}

/** Every published game's listing in `locale`, by game id: one read per language, kept with the catalog's answers. */
export function listingsIn(ctx: DomainContext, locale: LanguageCode): Promise<Map<number, Listing>> {
  return ctx.services.catalogCache.getPart(`listings:${locale}`, () => publishedListingsIn(ctx.services.orm.em.fork(), locale));
}

/** Games with the title and description of their listing in `locale` where their developer wrote one, the original otherwise. */
export async function gamesInLanguage<T extends { id: number; title: string; description: string }>(ctx: DomainContext, games: T[], locale: LanguageCode | undefined): Promise<T[]> {
  if (!locale || locale === 'en' || games.length === 0) return games;
  const listings = await listingsIn(ctx, locale);
  return games.map((game) => {
    const listing = listings.get(game.id);
    return listing ? { ...game, title: listing.title, description: listing.description } : game;
  });
}

/** A published game's listing in `locale`, or null: shared by every reader like the catalog's answers. */
export async function getListing(ctx: DomainContext, { id, locale }: { id: number; locale: LanguageCode }): Promise<{ listing: Listing | null }> {
  const listings = await listingsIn(ctx, locale);
  return shareAnswer({ listing: listings.get(id) ?? null }, Date.now() + ctx.services.catalogCache.ttlMs);
}
