import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditEntry, PendingGame, Report as ReportOutput } from '../../../shared/schemas';
import { AuditLog, Game, Report, User } from '../../../entities';
import type { AuthedContext } from '../context';
import { allowSourceOrigin } from '../games/writer';
import { toReportOutput } from '../reports/service';
import { Conflict, NotFound } from '../errors';

export async function listPendingGames(ctx: AuthedContext): Promise<PendingGame[]> {
  const games = await ctx.em.find(
    Game,
    { status: 'PENDING' },
    { populate: ['categories'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return games.map((game) => ({
    id: game.id,
    slug: game.slug,
    title: game.title,
    description: game.description,
    thumbUrl: game.thumbUrl ?? null,
    srcUrl: game.srcUrl ?? null,
    ageRating: game.ageRating,
    playType: game.playType,
    createdAt: game.createdAt.toISOString(),
    multiplayer: game.multiplayer,
    categories: game.categories.getItems().map(({ id, name }) => ({ id, name })),
    developerProfile: game.studio ? { studio: game.studio } : null,
  }));
}

/** Records an admin action; flushed with (and so in the same transaction as) the action itself. */
export function audit(
  em: EntityManager,
  ctx: AuthedContext,
  action: AuditLog['action'],
  targetType: string,
  targetId: number,
  details: Record<string, unknown>,
): void {
  em.create(AuditLog, { actor: em.getReference(User, ctx.user.id), action, targetType, targetId, details });
}

export async function listAuditLog(ctx: AuthedContext, limit: number): Promise<AuditEntry[]> {
  const entries = await ctx.em.find(AuditLog, {}, { populate: ['actor'], orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    actor: entry.actor ? { id: entry.actor.id, email: entry.actor.email } : null,
    details: entry.details ?? null,
    createdAt: entry.createdAt.toISOString(),
  }));
}

type Decision = { id: number; slug: string; status: Game['status'] };

async function requireGame(em: EntityManager, id: number): Promise<Game> {
  const game = await em.findOne(Game, { id }, { populate: ['origins'] });
  if (!game) throw new NotFound('Game not found');
  return game;
}

/** Publishes a game and allowlists its srcUrl origin, in one transaction. */
export async function approveGame(ctx: AuthedContext, id: number): Promise<Decision> {
  const decision = await ctx.em.transactional(async (tx) => {
    const game = await requireGame(tx, id);
    if (game.status !== 'APPROVED') {
      game.status = 'APPROVED';
      game.publishedAt = new Date();
    }
    allowSourceOrigin(tx, game);
    audit(tx, ctx, 'GAME_APPROVED', 'game', game.id, { slug: game.slug, srcUrl: game.srcUrl });
    await tx.flush();
    return { id: game.id, slug: game.slug, status: game.status };
  });
  ctx.services.catalogCache.invalidate();
  await ctx.services.frameOrigins.refresh(ctx.em);
  return decision;
}

export async function rejectGame(ctx: AuthedContext, id: number): Promise<Decision> {
  const game = await requireGame(ctx.em, id);
  game.status = 'REJECTED';
  audit(ctx.em, ctx, 'GAME_REJECTED', 'game', game.id, { slug: game.slug });
  await ctx.em.flush();
  ctx.services.catalogCache.invalidate();
  await ctx.services.frameOrigins.refresh(ctx.em);
  return { id: game.id, slug: game.slug, status: game.status };
}

/** OPEN → RESOLVED or DISMISSED, recording who decided and when. */
export async function closeReport(ctx: AuthedContext, id: number, status: 'RESOLVED' | 'DISMISSED'): Promise<ReportOutput> {
  const report = await ctx.em.findOne(Report, { id });
  if (!report) throw new NotFound('Report not found');
  if (report.status !== 'OPEN') {
    throw new Conflict(`Report is already ${report.status.toLowerCase()}`);
  }
  report.status = status;
  report.reviewedAt = new Date();
  report.reviewedBy = ctx.em.getReference(User, ctx.user.id);
  audit(ctx.em, ctx, status === 'RESOLVED' ? 'REPORT_RESOLVED' : 'REPORT_DISMISSED', 'report', report.id, {
    reason: report.reason,
  });
  await ctx.em.flush();
  return toReportOutput(report);
}
