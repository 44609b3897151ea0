/**
 * The weekly leaderboards' seasons: a season runs from Monday 00:00 UTC to the next Monday
 * 00:00 UTC, one fixed instant for players in every time zone. Pure: the caller gives the time.
 */
import type { ScoreBadge, ScorePeriod } from '../../../shared/schemas';

const DAY_MS = 24 * 60 * 60_000;

export type Season = { start: Date; end: Date };

/** The season `now` falls in. */
export function weekSeason(now: Date): Season {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const start = midnight - sinceMonday * DAY_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

/** The season of a period (none for all time). */
export function seasonOf(period: ScorePeriod, now: Date): Season | null {
  return period === 'week' ? weekSeason(now) : null;
}

/** The badge a rank earns among `players`: the top three, else the best 1, 5 or 10 %. */
export function badgeFor(rank: number, players: number): ScoreBadge | null {
  if (rank === 1) return 'first';
  if (rank === 2) return 'second';
  if (rank === 3) return 'third';
  if (players <= 0) return null;
  const share = rank / players;
  if (share <= 0.01) return 'top1';
  if (share <= 0.05) return 'top5';
  if (share <= 0.1) return 'top10';
  return null;
}
