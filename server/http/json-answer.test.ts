import { describe, expect, it } from 'vitest';
import { serializeShared } from './json-answer';

describe('serializeShared', () => {
  it('writes what JSON.stringify writes, for lists, envelopes and values of every kind', () => {
    const game = { id: 1, title: 'Space "Run"', tags: ['a', 'b'], metrics: { plays: 3, rating: null }, missing: undefined };
    const answers: unknown[] = [
      [game, game, { id: 2, at: new Date(0) }],
      { popular: [game], trending: [], note: 'x', skip: undefined, fn: () => 1 },
      { result: { data: [game, null, 3, 'text', undefined, [1, [2]]] } },
      Object.assign(Object.create(null) as object, { a: 1 }),
      { nested: { date: new Date(0), list: [{ toJSON: () => 'custom' }] } },
      [],
      {},
    ];
    for (const answer of answers) expect(serializeShared(answer)).toBe(JSON.stringify(answer));
  });

  it('writes an object of a list from its first JSON when a later list shows it again', () => {
    const game = { id: 1, title: 'Tower' };
    expect(serializeShared([game])).toBe('[{"id":1,"title":"Tower"}]');
    // Shared objects never change; the second list reuses what the first one wrote.
    game.title = 'Changed';
    expect(serializeShared({ games: [game] })).toBe('{"games":[{"id":1,"title":"Tower"}]}');
  });

  it('writes a copy of a shared object (a favourited game) afresh, not from the JSON its original carries', () => {
    const game = { id: 1, isFavorited: false };
    expect(serializeShared([game])).toBe('[{"id":1,"isFavorited":false}]');
    const favorited = { ...game, isFavorited: true };
    expect(serializeShared([favorited])).toBe('[{"id":1,"isFavorited":true}]');
    expect(Object.keys(game)).toEqual(['id', 'isFavorited']);
  });
});
