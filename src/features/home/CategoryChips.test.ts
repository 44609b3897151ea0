import { describe, expect, it } from 'vitest';
import { BUILT_IN_CHIPS, mergeChips } from './CategoryChips';

describe('mergeChips', () => {
  it('starts with the built-in chips, popular first', () => {
    expect(mergeChips(undefined).map((chip) => chip.slug)).toEqual(BUILT_IN_CHIPS.map((chip) => chip.slug));
    expect(mergeChips([])[0]?.slug).toBe('popular');
  });

  it('adds server categories once, skipping those a built-in chip already covers', () => {
    const chips = mergeChips([
      { id: 1, slug: 'action', name: 'Action', icon: '💥' },
      { id: 2, slug: 'strategy', name: 'Strategy', icon: '♟️' },
      { id: 3, slug: 'kids-games', name: 'Kids', icon: '🧸' },
      { id: 4, slug: 'strategy', name: 'Strategy', icon: '♟️' },
    ]);
    expect(chips.map((chip) => chip.slug)).toEqual([...BUILT_IN_CHIPS.map((chip) => chip.slug), 'strategy']);
  });
});
