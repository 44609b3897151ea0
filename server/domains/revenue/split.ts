/**
 * The arithmetic of a month's revenue, in integer cents (issue #37). The rounding rule, which
 * docs/API.md states for developers:
 *
 * 1. A total is split over the games (and the portal's own pages) by weighted viewable impressions,
 *    slot impressions + AD_BREAK_WEIGHT × break impressions, by the largest-remainder method: each
 *    part gets the whole cents of its exact share, and the cents left over go one each to the parts
 *    with the largest fractions (ties: the larger weight, then the lower game id, the portal last).
 *    With no impressions at all, the total is the portal's.
 * 2. A game's developer gets REVENUE_SHARE.developerPercent of the game's cents, rounded half up to
 *    the cent; the portal keeps the rest of the total. Built-in games have no developer.
 *
 * So the parts always add up to the total exactly.
 */
import { REVENUE_SHARE } from '../../../shared/constants';

/** One part of a split: a game by id, or the portal's own pages (null). */
export type Weighted = { gameId: number | null; weight: number };

/**
 * `total` cents over `parts` by weight (largest remainder); answers cents per part, in the parts'
 * order. `parts` holds the portal's (gameId null) exactly once: with no weight at all, it gets the total.
 */
export function splitByWeight(total: number, parts: readonly Weighted[]): number[] {
  const cents = BigInt(total);
  const whole = parts.reduce((sum, part) => sum + BigInt(part.weight), 0n);
  if (whole === 0n) return parts.map((part) => (part.gameId === null ? total : 0));
  const exact = parts.map((part) => cents * BigInt(part.weight));
  const shares = exact.map((value) => value / whole);
  let left = cents - shares.reduce((sum, value) => sum + value, 0n);
  const order = parts
    .map((part, index) => ({ part, index, fraction: exact[index]! % whole }))
    .sort(
      (a, b) =>
        (b.fraction > a.fraction ? 1 : b.fraction < a.fraction ? -1 : 0) ||
        b.part.weight - a.part.weight ||
        (a.part.gameId ?? Number.MAX_SAFE_INTEGER) - (b.part.gameId ?? Number.MAX_SAFE_INTEGER),
    );
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** The developer's cents of a game's `cents`: REVENUE_SHARE.developerPercent of them, rounded half up. */
export function developerCents(cents: number): number {
  return Number((BigInt(cents) * BigInt(REVENUE_SHARE.developerPercent) + 50n) / 100n);
}

/** An amount in the currency's units ("1234.5", "1234.56", "1,234.56") as integer cents, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]!.replaceAll(',', '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The first day of the month after `month` (YYYY-MM), as YYYY-MM-DD. */
export function monthAfter(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The day a month's payouts are due: REVENUE_SHARE.payoutDay of the next month (YYYY-MM-DD). */
export function payoutDueOn(month: string): string {
  return `${monthAfter(month)}-${String(REVENUE_SHARE.payoutDay).padStart(2, '0')}`;
}
