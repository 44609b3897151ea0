import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_PLAYER } from '../../../shared/constants';
import type { ScoreEntry, ScorePeriod, ScoreStanding } from '../../../shared/schemas';
import { accountKey, sessionKeysOf } from '../visitors/identity';
import { GameScore, User } from '../../../entities';
import type { AuthedContext, DomainContext } from '../context';
import { extendSession } from '../analytics/sessions';
import { addPlayedSeconds } from '../recent/queries';
import { lockStatsShared } from '../games/stats-lock';
import { requirePublishedGame } from '../games/lookup';
import { Forbidden, NotFound, Validation } from '../errors';
import { addGamePlaySeconds, bestScoreOf, bestScoresOf, noteVisitorSeen, secondsIntoPlay, standingOf } from './queries';
import { badgeFor, seasonOf } from './seasons';
import { text } from '../../i18n/translate';

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

/** Whether the account is playing the game: its play of it was seen within SCORE_SESSION_IDLE_MINUTES (scores and medals need it). */
export async function inPlaySession(em: EntityManager, userId: number, gameId: number): Promise<boolean> {
  return (await secondsIntoPlay(em, accountKey(userId), gameId, SCORE_SESSION_IDLE_MINUTES)) !== undefined;
}

/**
 * Records a score the signed-in player reached: only inside a play session of
 * theirs for that game (a play started and seen within SCORE_SESSION_IDLE_MINUTES),
 * and only up to what the game can award: its declared maximum, and its points
 * per second times the time since the play started.
 */
export async function submitScore(ctx: AuthedContext, gameId: number, score: number): Promise<{ score: number; personalBest: number }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const played = await secondsIntoPlay(ctx.em, accountKey(ctx.user.id), game.id, SCORE_SESSION_IDLE_MINUTES);
  if (played === undefined) throw new Forbidden(text('scores.outsidePlay'));
  if (game.maxScore !== null && game.maxScore !== undefined && score > game.maxScore) {
    throw new Validation('score', text('scores.aboveMaximum', { max: game.maxScore }));
  }
  const seconds = Math.max(0, played);
  const allowed = Math.ceil((seconds + SCORE_GRACE_SECONDS) * (game.scorePerSecond ?? DEFAULT_SCORE_PER_SECOND));
  if (score > allowed) {
    throw new Validation('score', text('scores.tooFast', { seconds: Math.round(seconds), allowed }));
  }
  // Dated by the services' clock: the same time the weekly leaderboards' seasons are read by.
  ctx.em.create(GameScore, { game, user: ctx.em.getReference(User, ctx.user.id), score, createdAt: ctx.services.clock.now() });
  await ctx.em.flush();
  return { score, personalBest: (await bestScoreOf(ctx.em, game.id, ctx.user.id)) ?? score };
}

/** The best score of each player in the period (this week's season, or all time), highest first. */
export async function topScores(ctx: DomainContext, gameId: number, period: ScorePeriod = 'all'): Promise<ScoreEntry[]> {
  return (await leaderboard(ctx, gameId, period)).entries;
}

/** The period's season, how many players have a score in it and its top entries. */
export async function leaderboard(ctx: DomainContext, gameId: number, period: ScorePeriod) {
  const game = await requirePublishedGame(ctx.em, gameId);
  const season = seasonOf(period, ctx.services.clock.now());
  const rows = await bestScoresOf(ctx.em, game.id, TOP_SCORES, season);
  const players = rows[0]?.players ?? 0;
  const entries: ScoreEntry[] = rows.map((row, index) => ({
    rank: index + 1,
    player: publicPlayerName(row.name, row.deleted_at),
    score: row.score,
    createdAt: new Date(row.created_at).toISOString(),
    badge: badgeFor(index + 1, players),
  }));
  return {
    gameId: game.id,
    period,
    seasonStart: season?.start.toISOString() ?? null,
    seasonEnd: season?.end.toISOString() ?? null,
    players,
    entries,
  };
}

/** The signed-in player's rank in the period ("you are 1,284th"), with its badge; no rank without a score in it. */
export async function myStanding(ctx: AuthedContext, gameId: number, period: ScorePeriod): Promise<ScoreStanding> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const season = seasonOf(period, ctx.services.clock.now());
  const { players, score, rank } = await standingOf(ctx.em, game.id, ctx.user.id, season);
  return {
    period,
    seasonStart: season?.start.toISOString() ?? null,
    seasonEnd: season?.end.toISOString() ?? null,
    players,
    rank,
    score,
    badge: rank === null ? null : badgeFor(rank, players),
  };
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
    if (!(await addGamePlaySeconds(tx, gameId, seconds))) throw new NotFound(text('games.notFound'));
    await extendSession(tx, sessionKeys, gameId, seconds);
    await noteVisitorSeen(tx, visitorKey, gameId);
    // Signed in: the time also counts toward the account's own (shown beside its review).
    const user = await ctx.getUser();
    if (user) await addPlayedSeconds(tx, user.id, gameId, seconds);
  });
  return { ok: true };
}
