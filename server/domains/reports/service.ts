import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Report as ReportOutput, generalReportInput } from '../../../shared/schemas';
import { Report, User } from '../../../entities';
import type { AuthedContext, DomainContext } from '../context';
import { requirePublishedGame } from '../games/lookup';
import { enqueueWebhookEvent } from '../webhooks/service';

export function toReportOutput(report: Report): ReportOutput {
  return {
    id: report.id,
    kind: report.kind,
    gameId: report.game?.id ?? null,
    userId: report.user?.id ?? null,
    reason: report.reason,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    gameUrl: report.gameUrl ?? null,
    gameTitle: report.gameTitle ?? null,
    description: report.description ?? null,
    email: report.email ?? null,
    priority: report.priority ?? null,
  };
}

export async function reportGame(ctx: AuthedContext, input: { id: number; reason: string }): Promise<ReportOutput> {
  const { report, queued } = await ctx.em.transactional(async (tx) => {
    const game = await requirePublishedGame(tx, input.id);
    const created = tx.create(Report, {
      kind: 'GAME',
      game,
      user: tx.getReference(User, ctx.user.id),
      reason: input.reason,
      status: 'OPEN',
    });
    await tx.flush();
    // In the report's transaction: the event exists exactly when the report does.
    const queued = await enqueueWebhookEvent(tx, game.owner?.id, 'report.created', {
      game: { id: game.id, slug: game.slug, title: game.title },
      report: { id: created.id, reason: created.reason, createdAt: created.createdAt.toISOString() },
    });
    await tx.flush();
    return { report: created, queued };
  });
  if (queued > 0) ctx.services.webhooks.kick();
  return toReportOutput(report);
}

/** The /report form: anonymous allowed; a signed-in reporter is recorded. */
export async function createGeneralReport(ctx: DomainContext, input: z.output<typeof generalReportInput>): Promise<ReportOutput> {
  const user = await ctx.getUser();
  const report = ctx.em.create(Report, {
    kind: 'GENERAL',
    user: user ? ctx.em.getReference(User, user.id) : null,
    reason: input.reportType,
    status: 'OPEN',
    gameUrl: input.gameUrl,
    gameTitle: input.gameTitle || null,
    description: input.description,
    email: input.email || user?.email || null,
    priority: input.priority,
  });
  await ctx.em.flush();
  return toReportOutput(report);
}

export async function findReports(em: EntityManager, status: Report['status']): Promise<ReportOutput[]> {
  const reports = await em.find(Report, { status }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return reports.map(toReportOutput);
}
