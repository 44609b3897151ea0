import { DELETED_PLAYER } from '../../../shared/constants';
import type { ScoreEntry } from '../../../shared/schemas';
import { accountKey, sessionKeysOf } from '../visitors/identity';
import { sql } from 'kysely';
import { GameScore, User } from '../../../entities';
import { queryOf } from '../../db/kysely';
import type { AuthedContext, DomainContext } from '../context';
import { extendSession, lockStatsShared } from '../analytics/sessions';
import { requirePublishedGame } from '../games/lookup';
import { Forbidden, NotFound, Validation } from '../errors';

export const TOP_SCORES = 10;

/**
 * "Ada Lovelace" → "Ada L.": enough to recognise yourself, not a full name on a public page.
 * A deleted account's entries (`users.deleted_at` set) read DELETED_PLAYER.
 */
export function publicPlayerName(name: string, deletedAt: string | Date | null = null): string {
  if (deletedAt !== null) return DELETED_PLAYER;
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
  const session = await queryOf(ctx.em)
    .selectFrom('visitor_game_activity')
    .select(sql<number>`extract(epoch from now() - last_play_at)::float8`.as('seconds'))
    .where('visitor_key', '=', accountKey(ctx.user.id))
    .where('game_id', '=', game.id)
    .where('last_play_at', 'is not', null)
    .where('seen_at', '>', sql<Date>`now() - interval '${sql.raw(String(SCORE_SESSION_IDLE_MINUTES))} minutes'`)
    .executeTakeFirst();
  if (!session) throw new Forbidden('Scores are accepted only while you play this game');
  if (game.maxScore !== null && game.maxScore !== undefined && score > game.maxScore) {
    throw new Validation('score', `Higher than this game's maximum of ${game.maxScore}`);
  }
  const seconds = Math.max(0, session.seconds);
  const allowed = Math.ceil((seconds + SCORE_GRACE_SECONDS) * (game.scorePerSecond ?? DEFAULT_SCORE_PER_SECOND));
  if (score > allowed) {
    throw new Validation('score', `More than this game awards in ${Math.round(seconds)} seconds of play (at most ${allowed})`);
  }
  ctx.em.create(GameScore, { game, user: ctx.em.getReference(User, ctx.user.id), score });
  await ctx.em.flush();
  const row = await queryOf(ctx.em)
    .selectFrom('game_scores')
    .select(sql<number | null>`max(score)::int`.as('best'))
    .where('game_id', '=', game.id)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  return { score, personalBest: row?.best ?? score };
}

/** The best score of each player, highest first. */
export async function topScores(ctx: DomainContext, gameId: number): Promise<ScoreEntry[]> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const query = queryOf(ctx.em);
  const best = query
    .selectFrom('game_scores as s')
    .distinctOn('s.user_id')
    .select(['s.user_id', 's.score', 's.created_at'])
    .where('s.game_id', '=', game.id)
    .orderBy('s.user_id')
    .orderBy('s.score', 'desc')
    .orderBy('s.created_at', 'asc');
  const rows = await query
    .selectFrom(best.as('best'))
    .innerJoin('users as u', 'u.id', 'best.user_id')
    .select(['u.name', 'u.deleted_at', 'best.score', 'best.created_at'])
    .orderBy('best.score', 'desc')
    .orderBy('best.created_at', 'asc')
    .limit(TOP_SCORES)
    .execute();
  return rows.map((row, index) => ({
    rank: index + 1,
    player: publicPlayerName(row.name, row.deleted_at),
    score: row.score,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Adds reported play time to the game's total and to the visitor's current play
 * session (signed in or not). It is also the game's heartbeat: the visitor counts
 * as playing it now.
 */
export async function addPlayTime(ctx: DomainContext, gameId: number, seconds: number): Promise<{ ok: true }> {
  const sessionKeys = await sessionKeysOf(ctx);
  const visitorKey = sessionKeys[0]!;
  await ctx.em.transactional(async (tx) => {
    await lockStatsShared(tx);
    const query = queryOf(tx);
    const updated = await query
      .updateTable('games')
      .set((eb) => ({ play_seconds: eb('play_seconds', '+', seconds) }))
      .where('id', '=', gameId)
      .where('status', '=', 'APPROVED')
      .returning('id')
      .execute();
    if (updated.length === 0) throw new NotFound('Game not found');
    await extendSession(tx, sessionKeys, gameId, seconds);
    await query
      .insertInto('visitor_game_activity')
      .values({ visitor_key: visitorKey, game_id: gameId, seen_at: sql`now()` })
      .onConflict((conflict) => conflict.columns(['visitor_key', 'game_id']).doUpdateSet((eb) => ({ seen_at: eb.ref('excluded.seen_at') })))
      .execute();
  });
  return { ok: true };
}
