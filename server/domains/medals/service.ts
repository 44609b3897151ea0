/**
 * Medals (issue #25): a game declares them (name, icon, points, secret or not; built-in games in
 * games/catalog.json, other games through the developer's PUT of its list), and a signed-in player
 * unlocks one through the SDK (`PlayFree.unlockMedal(key)`), accepted like a score only inside
 * their play session of the game. A secret medal shows only its points until the player has it.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Medal, MedalDeclaration, MyMedals, UnlockedMedal } from '../../../shared/schemas';
import { Game } from '../../../entities';
import type { AuthedContext, DomainContext } from '../context';
import { Conflict, Forbidden, NotFound } from '../errors';
import { requirePublishedGame } from '../games/lookup';
import { inPlaySession } from '../scores/service';
import { declaredMedals, deleteMedals, insertUnlock, medalByKey, medalsOfGame, placeAfter, upsertMedal, unlockedMedalsOf, type MedalRow } from './queries';
import { text, translate } from '../../i18n/translate';

export const MEDAL_OUTSIDE_SESSION = translate('en', 'medals.outsidePlay');

/** A medal as the caller sees it: a secret one they do not have shows only its points. */
function shownMedal(row: MedalRow, unlockedAt: string | Date | null): Medal {
  const unlocked = unlockedAt !== null;
  const hidden = row.secret && !unlocked;
  return {
    key: hidden ? null : row.key,
    name: hidden ? null : row.name,
    description: hidden ? null : row.description,
    icon: hidden ? null : row.icon,
    points: row.points,
    secret: row.secret,
    unlocked,
    unlockedAt: unlocked ? new Date(unlockedAt).toISOString() : null,
  };
}

/** A published game's medals in their declared order, with the signed-in caller's unlocks. */
export async function gameMedals(ctx: DomainContext, gameId: number): Promise<Medal[]> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const user = await ctx.getUser();
  const rows = await medalsOfGame(ctx.em, game.id, user?.id ?? null);
  return rows.map((row) => shownMedal(row, row.unlocked_at));
}

/**
 * Unlocks a medal for the signed-in player: only inside their play session of the game (as a
 * score), and once: unlocking a medal they have changes nothing and says so.
 */
export async function unlockMedal(ctx: AuthedContext, gameId: number, key: string): Promise<UnlockedMedal> {
  const game = await requirePublishedGame(ctx.em, gameId);
  // Before the medal is looked up: outside a session, no answer tells which medal ids exist.
  if (!(await inPlaySession(ctx.em, ctx.user.id, game.id))) throw new Forbidden(text('medals.outsidePlay'));
  const medal = await medalByKey(ctx.em, game.id, key);
  if (!medal) throw new NotFound(text('medals.notFound'));
  const { unlockedAt, newly } = await insertUnlock(ctx.em, medal.id, ctx.user.id, ctx.services.clock.now());
  return { medal: shownMedal(medal, unlockedAt), newlyUnlocked: newly };
}

/** The signed-in player's medals, newest first, and their points. */
export async function myMedals(ctx: AuthedContext): Promise<MyMedals> {
  const rows = await unlockedMedalsOf(ctx.em, ctx.user.id);
  return {
    points: rows.reduce((sum, row) => sum + row.points, 0),
    medals: rows.map((row) => ({
      key: row.key,
      name: row.name,
      description: row.description,
      icon: row.icon,
      points: row.points,
      secret: row.secret,
      unlockedAt: new Date(row.unlocked_at).toISOString(),
      game: { id: row.game_id, slug: row.slug, title: row.title },
    })),
  };
}

/** Every medal the player unlocked, of any game, for the account's export (GET /api/me/export). */
export async function exportedMedals(em: EntityManager, userId: number) {
  const rows = await unlockedMedalsOf(em, userId, { publishedOnly: false });
  return rows.map((row) => ({ gameId: row.game_id, slug: row.slug, title: row.title, key: row.key, name: row.name, points: row.points, unlockedAt: new Date(row.unlocked_at).toISOString() }));
}

/**
 * Makes `medals` the game's declaration, in that order: a medal keeps its key, so players keep
 * it when its name, icon, points or secrecy change. A medal left out is removed, unless players
 * have unlocked it: then the developer is refused (Conflict), and the built-in catalog's seed
 * (`keepUnlocked`) keeps it after the declared ones rather than take it from players.
 */
export async function replaceMedals(em: EntityManager, gameId: number, medals: readonly MedalDeclaration[], at: Date, { keepUnlocked = false } = {}): Promise<void> {
  const existing = await declaredMedals(em, gameId);
  const declared = new Set(medals.map((medal) => medal.key));
  const left = existing.filter((medal) => !declared.has(medal.key));
  const unlocked = left.filter((medal) => (medal.unlocks ?? 0) > 0);
  if (unlocked.length > 0 && !keepUnlocked) {
    throw new Conflict(text('medals.unlocked', { keys: unlocked.map((medal) => `"${medal.key}"`).join(', ') }));
  }
  await deleteMedals(
    em,
    left.filter((medal) => !medal.unlocks).map((medal) => medal.id),
  );
  for (const [position, medal] of medals.entries()) await upsertMedal(em, gameId, medal, position, at);
  await placeAfter(
    em,
    unlocked.map((medal) => medal.id),
    medals.length,
  );
}

/** Every medal of the game as declared (secret ones included), for its developer. */
async function declaredList(em: EntityManager, gameId: number): Promise<MedalDeclaration[]> {
  const rows = await declaredMedals(em, gameId);
  return rows.map(({ key, name, description, icon, points, secret }) => ({ key, name, description, icon, points, secret }));
}

/** The developer declares their game's medals (any status: before review too); anyone else's game is a 404. */
export async function declareGameMedals(ctx: AuthedContext, gameId: number, medals: readonly MedalDeclaration[]): Promise<MedalDeclaration[]> {
  return ctx.em.transactional(async (tx) => {
    const game = await tx.findOne(Game, { id: gameId, owner: ctx.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!game) throw new NotFound(text('games.notFound'));
    await replaceMedals(tx, game.id, medals, ctx.services.clock.now());
    return declaredList(tx, game.id);
  });
}

/** The developer's own declaration of their game's medals. */
export async function declaredGameMedals(ctx: AuthedContext, gameId: number): Promise<MedalDeclaration[]> {
  const game = await ctx.em.findOne(Game, { id: gameId, owner: ctx.user.id });
  if (!game) throw new NotFound(text('games.notFound'));
  return declaredList(ctx.em, game.id);
}
