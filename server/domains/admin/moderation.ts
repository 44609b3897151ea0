/**
 * Scores and ratings an admin may need to remove: the most recent ones, each
 * flagged with why it looks suspicious (above what the game can award, from an
 * account that never played the game, or one of many ratings an account gave
 * within an hour). Removing one is audited and,
 * for a rating, recomputes the game's summary in the same transaction.
 */
import { SUSPICION_FLAGS, type ModeratedRating, type ModeratedScore } from '../../../shared/schemas';
import { AuditLog, User } from '../../../entities';
import type { AuthedContext } from '../context';
import { DEFAULT_SCORE_PER_SECOND } from '../scores/service';
import { NotFound } from '../errors';
import { deleteRating, deleteScore, recentRatingsWithFlags, recentScoresWithFlags, recomputeRatingSummary } from './queries';
import { text } from '../../i18n/translate';

/** How many recent entries the moderation lists look through. */
const RECENT = 200;
/** More ratings than this from one account within an hour either side of one is a burst. */
const RATING_BURST = 10;

/** What the score and rating lists share: the entry, its game and player, and its flags. */
type EntryRow = { id: number; game_id: number; slug: string; title: string; user_id: number; email: string; score: number } & Partial<
  Record<(typeof SUSPICION_FLAGS)[number], boolean>
>;

function entryOf(row: EntryRow) {
  return {
    id: row.id,
    game: { id: row.game_id, slug: row.slug, title: row.title },
    player: { id: row.user_id, email: row.email },
    score: row.score,
    flags: SUSPICION_FLAGS.filter((flag) => row[flag] === true),
  };
}

export async function listModeratedScores(ctx: AuthedContext, suspiciousOnly: boolean): Promise<ModeratedScore[]> {
  const rows = await recentScoresWithFlags(ctx.em, RECENT, DEFAULT_SCORE_PER_SECOND);
  return rows
    .map((row) => ({ ...entryOf(row), createdAt: new Date(row.created_at).toISOString() }))
    .filter((entry) => !suspiciousOnly || entry.flags.length > 0);
}

export async function listModeratedRatings(ctx: AuthedContext, suspiciousOnly: boolean): Promise<ModeratedRating[]> {
  const rows = await recentRatingsWithFlags(ctx.em, RECENT, RATING_BURST);
  return rows
    .map((row) => ({ ...entryOf(row), comment: row.comment, updatedAt: new Date(row.updated_at).toISOString() }))
    .filter((entry) => !suspiciousOnly || entry.flags.length > 0);
}

export async function removeScore(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  await ctx.em.transactional(async (tx) => {
    const removed = await deleteScore(tx, id);
    if (!removed) throw new NotFound(text('admin.scoreNotFound'));
    tx.create(AuditLog, {
      actor: tx.getReference(User, ctx.user.id),
      action: 'SCORE_REMOVED',
      targetType: 'score',
      targetId: id,
      details: { gameId: removed.game_id, userId: removed.user_id, score: removed.score },
    });
    await tx.flush();
  });
  return { ok: true };
}

export async function removeRating(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  const slug = await ctx.em.transactional(async (tx) => {
    const removed = await deleteRating(tx, id);
    if (!removed) throw new NotFound(text('admin.ratingNotFound'));
    const gameSlug = await recomputeRatingSummary(tx, removed.game_id);
    tx.create(AuditLog, {
      actor: tx.getReference(User, ctx.user.id),
      action: 'RATING_REMOVED',
      targetType: 'rating',
      targetId: id,
      details: { gameId: removed.game_id, userId: removed.user_id, score: removed.score, comment: removed.comment },
    });
    await tx.flush();
    return gameSlug;
  });
  if (slug) ctx.services.catalogCache.invalidateGame(slug);
  return { ok: true };
}
