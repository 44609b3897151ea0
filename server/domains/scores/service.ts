import { TRPCError } from '@trpc/server';
import type { ScoreEntry } from '../../../shared/schemas';
import { accountKey, visitorKeyOf } from '../visitors/identity';
import { GameScore, User } from '../../../entities';
import type { AuthedContext, Context } from '../../trpc/context';
import { requirePublishedGame } from '../games/lookup';

export const TOP_SCORES = 10;

/** "Ada Lovelace" → "Ada L.": enough to recognise yourself, not a full name on a public page. */
export function publicPlayerName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.charAt(0);
  return `${first ?? 'Player'}${initial ? ` ${initial.toUpperCase()}.` : ''}`;
}

/** A score is accepted only while the account is playing: its play of the game was seen this recently. */
export const SCORE_SESSION_IDLE_MINUTES = 15;
/** Points per second for a game that declares no limit of its own. */
export const DEFAULT_SCORE_PER_SECOND = 1000;
/** Slack on the time played, for the score sent a moment after a play started. */
const SCORE_GRACE_SECONDS = 30;

/**
 * Records a score the signed-in player reached: only inside a play session of
 * theirs for that game (a play started and seen within SCORE_SESSION_IDLE_MINUTES),
 * and only up to what the game can award: its declared maximum, and its points
 * per second times the time since the play started.
 */
export async function submitScore(ctx: AuthedContext, gameId: number, score: number): Promise<{ score: number; personalBest: number }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const [session] = await ctx.em.getConnection().execute<{ seconds: number }[]>(
    `select extract(epoch from now() - last_play_at)::float8 as seconds from visitor_game_activity
      where visitor_key = ? and game_id = ? and last_play_at is not null
        and seen_at > now() - interval '${SCORE_SESSION_IDLE_MINUTES} minutes'`,
    [accountKey(ctx.user.id), game.id],
  );
  if (!session) throw new TRPCError({ code: 'FORBIDDEN', message: 'Scores are accepted only while you play this game' });
  if (game.maxScore !== null && game.maxScore !== undefined && score > game.maxScore) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `score: Higher than this game's maximum of ${game.maxScore}` });
  }
  const seconds = Math.max(0, session.seconds);
  const allowed = Math.ceil((seconds + SCORE_GRACE_SECONDS) * (game.scorePerSecond ?? DEFAULT_SCORE_PER_SECOND));
  if (score > allowed) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `score: More than this game awards in ${Math.round(seconds)} seconds of play (at most ${allowed})`,
    });
  }
  ctx.em.create(GameScore, { game, user: ctx.em.getReference(User, ctx.user.id), score });
  await ctx.em.flush();
  const [row] = await ctx.em
    .getConnection()
    .execute<{ best: number }[]>('select max(score)::int as best from game_scores where game_id = ? and user_id = ?', [game.id, ctx.user.id]);
  return { score, personalBest: row?.best ?? score };
}

/** The best score of each player, highest first. */
export async function topScores(ctx: Context, gameId: number): Promise<ScoreEntry[]> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const rows = await ctx.em.getConnection().execute<{ name: string; score: number; created_at: string }[]>(
    `select u.name, best.score, best.created_at from (
       select distinct on (s.user_id) s.user_id, s.score, s.created_at
         from game_scores s where s.game_id = ?
        order by s.user_id, s.score desc, s.created_at asc
     ) best join users u on u.id = best.user_id
     order by best.score desc, best.created_at asc limit ?`,
    [game.id, TOP_SCORES],
  );
  return rows.map((row, index) => ({
    rank: index + 1,
    player: publicPlayerName(row.name),
    score: row.score,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Adds reported play time to the game's total (signed in or not). It is also the
 * game's heartbeat: the visitor counts as playing it now.
 */
export async function addPlayTime(ctx: Context, gameId: number, seconds: number): Promise<{ ok: true }> {
  const visitorKey = await visitorKeyOf(ctx);
  await ctx.em.transactional(async (tx) => {
    const updated = await tx
      .getConnection()
      .execute<{ id: number }[]>(
        `update games set play_seconds = play_seconds + ? where id = ? and status = 'APPROVED' returning id`,
        [seconds, gameId],
        'all',
        tx.getTransactionContext(),
      );
    if (updated.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: 'Game not found' });
    await tx.getConnection().execute(
      `insert into visitor_game_activity (visitor_key, game_id, seen_at) values (?, ?, now())
       on conflict (visitor_key, game_id) do update set seen_at = excluded.seen_at`,
      [visitorKey, gameId],
      'run',
      tx.getTransactionContext(),
    );
  });
  return { ok: true };
}
