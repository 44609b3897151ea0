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

/** How many recent entries the moderation lists look through. */
const RECENT = 200;

/** What the score and rating lists share: the entry, its game and player, and its flags as columns. */
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
  const rows = await ctx.em.getConnection().execute<(EntryRow & { created_at: string })[]>(
    `select s.id, g.id as game_id, g.slug, g.title, u.id as user_id, u.email, s.score, s.created_at,
            (g.max_score is not null and s.score > g.max_score)
              or s.score > coalesce(g.score_per_second, ${DEFAULT_SCORE_PER_SECOND}) * 3600 as "above-game-limit",
            not exists (select 1 from play_events pe where pe.user_id = s.user_id and pe.game_id = s.game_id) as "never-played"
       from (select * from game_scores order by created_at desc, id desc limit ${RECENT}) s
       join games g on g.id = s.game_id join users u on u.id = s.user_id
      order by s.created_at desc, s.id desc`,
  );
  return rows
    .map((row) => ({ ...entryOf(row), createdAt: new Date(row.created_at).toISOString() }))
    .filter((entry) => !suspiciousOnly || entry.flags.length > 0);
}

export async function listModeratedRatings(ctx: AuthedContext, suspiciousOnly: boolean): Promise<ModeratedRating[]> {
  const rows = await ctx.em.getConnection().execute<(EntryRow & { comment: string | null; updated_at: string })[]>(
    `select r.id, g.id as game_id, g.slug, g.title, u.id as user_id, u.email, r.score, r.comment, r.updated_at,
            not exists (select 1 from play_events pe where pe.user_id = r.user_id and pe.game_id = r.game_id) as "never-played",
            (select count(*) from ratings other where other.user_id = r.user_id
               and other.updated_at between r.updated_at - interval '1 hour' and r.updated_at + interval '1 hour') > 10 as "rating-burst"
       from (select * from ratings order by updated_at desc, id desc limit ${RECENT}) r
       join games g on g.id = r.game_id join users u on u.id = r.user_id
      order by r.updated_at desc, r.id desc`,
  );
  return rows
    .map((row) => ({ ...entryOf(row), comment: row.comment, updatedAt: new Date(row.updated_at).toISOString() }))
    .filter((entry) => !suspiciousOnly || entry.flags.length > 0);
}

export async function removeScore(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  await ctx.em.transactional(async (tx) => {
    const [removed] = await tx
      .getConnection()
      .execute<{ game_id: number; user_id: number; score: number }[]>(
        'delete from game_scores where id = ? returning game_id, user_id, score',
        [id],
        'all',
        tx.getTransactionContext(),
      );
    if (!removed) throw new NotFound('Score not found');
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
    const connection = tx.getConnection();
    const [removed] = await connection.execute<{ game_id: number; user_id: number; score: number; comment: string | null }[]>(
      'delete from ratings where id = ? returning game_id, user_id, score, comment',
      [id],
      'all',
      tx.getTransactionContext(),
    );
    if (!removed) throw new NotFound('Rating not found');
    const [game] = await connection.execute<{ slug: string }[]>(
      `update games g set rating_avg = coalesce(s.avg, 0), rating_count = s.count
         from (select coalesce(avg(score), 0)::float8 as avg, count(*)::int as count from ratings where game_id = ?) s
        where g.id = ? returning g.slug`,
      [removed.game_id, removed.game_id],
      'all',
      tx.getTransactionContext(),
    );
    tx.create(AuditLog, {
      actor: tx.getReference(User, ctx.user.id),
      action: 'RATING_REMOVED',
      targetType: 'rating',
      targetId: id,
      details: { gameId: removed.game_id, userId: removed.user_id, score: removed.score, comment: removed.comment },
    });
    await tx.flush();
    return game?.slug;
  });
  if (slug) ctx.services.catalogCache.invalidateGame(slug);
  return { ok: true };
}
