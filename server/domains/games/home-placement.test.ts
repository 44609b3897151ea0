import { describe, expect, it } from 'vitest';
import type { Game } from '../../../shared/schemas';
import { placeOnHome } from './home-placement';

const game = (id: number) => ({ id }) as Game;
const ids = (games: Game[]) => games.map((entry) => entry.id);
const natural = [1, 2, 3, 4, 5, 6, 7, 8].map(game);

describe('placeOnHome', () => {
  it('leaves a row as it is when nothing is placed', () => {
    expect(ids(placeOnHome(natural, 6, {}))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('puts pinned games first and gives every third place to a boosted one, never showing a game twice', () => {
    expect(ids(placeOnHome(natural, 6, { pinned: [game(50), game(4)], boosted: [game(60), game(61)] }))).toEqual([50, 4, 60, 1, 2, 61]);
  });

  it('keeps a boosted game where it ranks by itself when that is higher', () => {
    expect(ids(placeOnHome(natural, 6, { boosted: [game(1), game(70)] }))).toEqual([1, 2, 70, 3, 4, 5]);
  });

  it('fills with the row once the boosted games run out, and with boosted ones once the row does', () => {
    expect(ids(placeOnHome(natural, 7, { boosted: [game(80)] }))).toEqual([1, 2, 80, 3, 4, 5, 6]);
    expect(ids(placeOnHome([game(1)], 4, { boosted: [game(90), game(91)] }))).toEqual([1, 90, 91]);
  });
});
