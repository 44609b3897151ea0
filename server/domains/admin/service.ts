import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { ACTIVE_USER_DAYS, type RejectionRule } from '../../../shared/constants';
import type { AdminStats, AuditEntry, PendingGame, Report as ReportOutput } from '../../../shared/schemas';
import { AuditLog, Game, Report, User } from '../../../entities';
import type { AuthedContext } from '../context';
import { allowSourceOrigin } from '../games/writer';
import { isHostedHere, publishSubmittedBuild } from '../builds/service';
import { toReportOutput } from '../reports/service';
import { decisionMail, gameEventData, toRejectionReasons } from '../developer/review';
import { storedLocale } from '../../i18n/locale';
import { enqueueWebhookEvent } from '../webhooks/service';
import { sendAfterCommit } from '../../mail/mailer';
import { Conflict, NotFound, Validation } from '../errors';
import { audit } from './audit';
import { afterTakenOff, takeOffPortal } from './catalog';
import { countGamesAndActiveUsers } from './queries';
import { thumbnailsToShow } from '../builds/unpublished-thumbnails';
import { text } from '../../i18n/translate';

export async function listPendingGames(ctx: AuthedContext): Promise<PendingGame[]> {
  const games = await ctx.em.find(
    Game,
    { status: 'PENDING' },
    { populate: ['categories'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const thumbnails = await thumbnailsToShow(ctx.em, ctx.services.env.GAMES_PUBLIC_URL, games.map((game) => ({ id: game.id, slug: game.slug, thumbUrl: game.thumbUrl ?? null, liveBuildId: game.liveBuildId ?? null })));
  return games.map((game) => ({
    id: game.id,
    slug: game.slug,
    title: game.title,
    description: game.description,
    thumbUrl: thumbnails.get(game.id) ?? null,
    srcUrl: game.srcUrl ?? null,
    hosted: isHostedHere(ctx.services.env.GAMES_PUBLIC_URL, game),
    ageRating: game.ageRating,
    playType: game.playType,
    createdAt: game.createdAt.toISOString(),
    multiplayer: game.multiplayer,
    categories: game.categories.getItems().map(({ id, name }) => ({ id, name })),
    developerProfile: game.studio ? { studio: game.studio } : null,
    instructions: game.instructions ?? null,
    controls: game.controls,
    contentFacts: game.contentFacts ?? null,
  }));
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
  if (!game) throw new NotFound(text('games.notFound'));
  return game;
}

/**
 * A decision that changed the game's status is the owner's news: the webhook event is queued in
 * the decision's transaction; the e-mail goes out after the commit (decidedNews).
 */
async function queueDecisionEvent(tx: EntityManager, ctx: AuthedContext, game: Game): Promise<void> {
  const event = game.status === 'APPROVED' ? 'game.approved' : 'game.rejected';
  await enqueueWebhookEvent(tx, game.owner?.id, event, {
    game: gameEventData(ctx.services.env, game),
    reviewedAt: game.reviewedAt?.toISOString() ?? null,
    ...(event === 'game.rejected' ? { reasons: game.rejectionReasons ?? [] } : {}),
  });
}

async function decidedNews(ctx: AuthedContext, game: Game): Promise<void> {
  ctx.services.webhooks.kick();
  const owner = game.owner ? await ctx.em.findOne(User, { id: game.owner.id }) : null;
  if (owner) void sendAfterCommit(ctx.services.mailer, decisionMail(ctx.services.env, game, owner.email, storedLocale(owner.locale)), `The decision on game #${game.id}`);
}

/** Publishes a game and allowlists its srcUrl origin, in one transaction. */
export async function approveGame(ctx: AuthedContext, id: number): Promise<Decision> {
  const { decision, changed } = await ctx.em.transactional(async (tx) => {
    const game = await requireGame(tx, id);
    // Its source URL may have been taken while it was off; re-publishing checks that (catalog.ts).
    if (game.status === 'UNPUBLISHED') throw new Conflict(text('admin.wasUnpublished'));
    const newlyApproved = game.status !== 'APPROVED' ? game : null;
    if (newlyApproved) {
      game.status = 'APPROVED';
      game.publishedAt = new Date();
      game.reviewedAt = new Date();
      game.rejectionReasons = null;
      await queueDecisionEvent(tx, ctx, game);
    }
    await publishSubmittedBuild(tx, game, ctx.services.env.GAMES_PUBLIC_URL);
    allowSourceOrigin(tx, game);
    audit(tx, ctx, 'GAME_APPROVED', 'game', game.id, { slug: game.slug, srcUrl: game.srcUrl });
    await tx.flush();
    return { decision: { id: game.id, slug: game.slug, status: game.status }, changed: newlyApproved };
  });
  await ctx.services.catalogCache.invalidateCommitted(ctx.em, [decision.id]);
  await ctx.services.frameOrigins.refresh(ctx.em);
  if (changed) await decidedNews(ctx, changed);
  return decision;
}

/** Rejects a game, with the reasons given (none for the spec's bodiless call), in one transaction. */
export async function rejectGame(
  ctx: AuthedContext,
  id: number,
  reasons?: readonly { rule: RejectionRule; message?: string | undefined }[],
): Promise<Decision> {
  const { decision, changed } = await ctx.em.transactional(async (tx) => {
    const game = await requireGame(tx, id);
    const newlyRejected = game.status !== 'REJECTED' ? game : null;
    game.status = 'REJECTED';
    game.rejectionReasons = toRejectionReasons(reasons);
    game.reviewedAt = new Date();
    if (newlyRejected) await queueDecisionEvent(tx, ctx, game);
    audit(tx, ctx, 'GAME_REJECTED', 'game', game.id, {
      slug: game.slug,
      ...(game.rejectionReasons.length > 0 ? { reasons: game.rejectionReasons.map((reason) => reason.rule) } : {}),
    });
    await tx.flush();
    return { decision: { id: game.id, slug: game.slug, status: game.status }, changed: newlyRejected };
  });
  await ctx.services.catalogCache.invalidateCommitted(ctx.em, [decision.id]);
  await ctx.services.frameOrigins.refresh(ctx.em);
  if (changed) await decidedNews(ctx, changed);
  return decision;
}

/**
 * OPEN → RESOLVED or DISMISSED, recording who decided and when. Resolving with `unpublish` also
 * takes the reported game off the portal, in the same transaction (a game another report already
 * had unpublished stays so; a game that is not live is a conflict and nothing changes).
 */
export async function closeReport(
  ctx: AuthedContext,
  id: number,
  status: 'RESOLVED' | 'DISMISSED',
  options: { unpublish?: boolean } = {},
): Promise<ReportOutput> {
  const { output, takenOff } = await ctx.em.transactional(async (tx) => {
    const report = await tx.findOne(Report, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!report) throw new NotFound(text('admin.reportNotFound'));
    if (report.status !== 'OPEN') {
      throw new Conflict(text('admin.reportClosed', { status: report.status.toLowerCase() }));
    }
    let unpublished: Game | null = null;
    if (options.unpublish) {
      if (!report.game) throw new Validation('unpublish', text('admin.reportNoGame'));
      const game = await tx.findOne(Game, { id: report.game.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!game) throw new NotFound(text('games.notFound'));
      if (game.status !== 'UNPUBLISHED') {
        takeOffPortal(tx, ctx, game, { reportId: report.id });
        unpublished = game;
      }
    }
    report.status = status;
    report.reviewedAt = new Date();
    report.reviewedBy = tx.getReference(User, ctx.user.id);
    audit(tx, ctx, status === 'RESOLVED' ? 'REPORT_RESOLVED' : 'REPORT_DISMISSED', 'report', report.id, {
      reason: report.reason,
      ...(options.unpublish ? { unpublishedGameId: report.game?.id } : {}),
    });
    await tx.flush();
    return { output: toReportOutput(report), takenOff: unpublished };
  });
  if (takenOff) await afterTakenOff(ctx, takenOff);
  return output;
}

/** The dashboard's Total Games (published) and Active Users (not blocked, signed in within ACTIVE_USER_DAYS) cards. */
export function getAdminStats(ctx: AuthedContext): Promise<AdminStats> {
  return countGamesAndActiveUsers(ctx.em, ACTIVE_USER_DAYS);
}
