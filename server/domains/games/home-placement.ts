/**
 * The portal's own games keep their place on home among thousands of imported ones (issue #58): an
 * admin pins a game (first in the Popular row) or boosts it (every third card of the Popular and
 * Trending rows is a boosted game, unless it already ranks higher by itself). Plain functions over
 * rows already read: home's cached answer is made with them, so a request costs nothing more.
 */
import type { Game } from '../../../shared/schemas';

/** Every BOOST_EVERY-th card of a row is a boosted game's (the 3rd, 6th, 9th…). */
export const BOOST_EVERY = 3;

/**
 * `row` (the games in their own order, read with enough spare to fill `size` after the placed ones
 * are taken out of it) with the pinned games first, then every BOOST_EVERY-th place given to the
 * next boosted game not shown yet. No game shows twice.
 */
export function placeOnHome(row: readonly Game[], size: number, placed: { pinned?: readonly Game[]; boosted?: readonly Game[] }): Game[] {
  const shown = new Set<number>();
  const out: Game[] = [];
  const take = (game: Game) => {
    shown.add(game.id);
    out.push(game);
  };
  for (const game of placed.pinned ?? []) if (out.length < size && !shown.has(game.id)) take(game);
  const natural = row.filter((game) => !shown.has(game.id));
  const boosted = (placed.boosted ?? []).filter((game) => !shown.has(game.id));
  while (out.length < size) {
    const source = (out.length + 1) % BOOST_EVERY === 0 ? boosted : natural;
    while (source.length > 0 && shown.has(source[0]!.id)) source.shift();
    const next = source.shift() ?? natural.find((game) => !shown.has(game.id)) ?? boosted.find((game) => !shown.has(game.id));
    if (!next) break;
    take(next);
  }
  return out;
}
