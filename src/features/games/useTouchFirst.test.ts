import { describe, expect, it } from 'vitest';
import { touchFirst } from './useTouchFirst';

describe('touchFirst', () => {
  it('puts the games that take touch first, keeping each group in its order', () => {
    const games = [
      { id: 1, controls: ['keyboard' as const] },
      { id: 2, controls: ['touch' as const, 'mouse' as const] },
      { id: 3, controls: [] },
      { id: 4, controls: ['touch' as const] },
    ];
    expect(touchFirst(games).map((game) => game.id)).toEqual([2, 4, 1, 3]);
  });

  it('leaves a list that is all touch (or all not) as it is', () => {
    const games = [{ id: 1, controls: ['touch' as const] }, { id: 2, controls: ['touch' as const] }];
    expect(touchFirst(games).map((game) => game.id)).toEqual([1, 2]);
  });
});
