/**
 * The admin's All Games tab: every game whatever its status, and taking a published game off the
 * portal (UNPUBLISHED) or putting it back. Every public read filters on status = 'APPROVED', so
 * the status alone removes the game from lists, search, the Kids Zone, favourites and its page;
 * its plays, trending counters, ratings, categories and origins stay on the row untouched, so
 * re-publishing brings it back exactly as it was.
 */
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE, type GameStatus } from '../../../shared/constants';
import type { AdminGame } from '../../../shared/schemas';
import { Game } from '../../../entities';
import type { AuthedContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { audit } from './audit';
import { text as catalogText } from '../../i18n/translate';

type Decision = { id: number; slug: string; status: GameStatus };

/** `text` for a LIKE pattern that matches it literally (LIKE's escape character is the backslash). */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function toAdminGame(game: Game): AdminGame {
  return {
    id: game.id,
    slug: game.slug,
    title: game.title,
    thumbUrl: game.thumbUrl ?? null,
    status: game.status,
    developerProfile: game.studio ? { studio: game.studio } : null,
    owner: game.owner ? { id: game.owner.id, email: game.owner.email } : null,
    metrics: { plays: game.plays },
    createdAt: game.createdAt.toISOString(),
    publishedAt: game.publishedAt?.toISOString() ?? null,
  };
}

export async function listAllGames(
  ctx: AuthedContext,
  input: { status?: GameStatus | undefined; search?: string | undefined; page: number },
): Promise<{ games: AdminGame[]; page: number; hasMore: boolean; total: number }> {
  const pattern = input.search ? likeContaining(input.search) : null;
  const [games, total] = await ctx.em.findAndCount(
    Game,
    {
      ...(input.status ? { status: input.status } : {}),
      ...(pattern ? { $or: [{ title: { $ilike: pattern } }, { slug: { $ilike: pattern } }] } : {}),
    },
    {
      populate: ['owner'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: ADMIN_PAGE_SIZE,
      offset: (input.page - 1) * ADMIN_PAGE_SIZE,
    },
  );
  return { games: games.map(toAdminGame), page: input.page, hasMore: input.page * ADMIN_PAGE_SIZE < total, total };
}

async function lockedGame(em: EntityManager, id: number): Promise<Game> {
  const game = await em.findOne(Game, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!game) throw new NotFound(catalogText('games.notFound'));
  return game;
}

/** Marks a published game UNPUBLISHED and audits it; the caller flushes, then calls `afterTakenOff`. */
export function takeOffPortal(em: EntityManager, ctx: AuthedContext, game: Game, details: Record<string, unknown> = {}): void {
  if (game.status !== 'APPROVED') {
    throw new Conflict(catalogText('admin.notPublished', { status: game.status.toLowerCase() }));
  }
  game.status = 'UNPUBLISHED';
  audit(em, ctx, 'GAME_UNPUBLISHED', 'game', game.id, { slug: game.slug, ...details });
}

/** After the commit: the answers that showed the game go, and its origins leave the frame policy. */
export async function afterTakenOff(ctx: AuthedContext, game: { id: number; slug: string }): Promise<void> {
  ctx.services.catalogCache.invalidateShowing(game);
  await ctx.services.frameOrigins.refresh(ctx.em);
}

export async function unpublishGame(ctx: AuthedContext, id: number): Promise<Decision> {
  const decision = await ctx.em.transactional(async (tx) => {
    const game = await lockedGame(tx, id);
    takeOffPortal(tx, ctx, game);
    await tx.flush();
    return { id: game.id, slug: game.slug, status: game.status };
  });
  await afterTakenOff(ctx, decision);
  return decision;
}

/**
 * UNPUBLISHED → APPROVED, keeping its first publication date (it comes back where it was in the
 * New list). Its source URL was freed while it was off: if another live game took it since, the
 * re-publish is a conflict.
 */
export async function republishGame(ctx: AuthedContext, id: number): Promise<Decision> {
  let decision: Decision;
  try {
    decision = await ctx.em.transactional(async (tx) => {
      const game = await lockedGame(tx, id);
      if (game.status !== 'UNPUBLISHED') {
        throw new Conflict(catalogText('admin.notUnpublished', { status: game.status.toLowerCase() }));
      }
      game.status = 'APPROVED';
      game.publishedAt ??= new Date();
      audit(tx, ctx, 'GAME_REPUBLISHED', 'game', game.id, { slug: game.slug });
      await tx.flush();
      return { id: game.id, slug: game.slug, status: game.status };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && error.message.includes('games_src_url_live_unique')) {
      throw new Conflict(catalogText('admin.sourceTaken'));
    }
    throw error;
  }
  // The game may belong in any list again: every answer is rebuilt.
  await ctx.services.catalogCache.invalidateCommitted(ctx.em, [decision.id]);
  await ctx.services.frameOrigins.refresh(ctx.em);
  return decision;
}
