import { describe, expect, it } from 'vitest';
import { procedureOfQueryKey, scriptSafeJson } from './first-data';

describe('first data in the HTML', () => {
  it('cannot end its script element or break the line: <, U+2028 and U+2029 are escaped and parse back', () => {
    const value = { description: '</script><script>alert(1)</script>', line: 'a\u2028b\u2029c' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it("reads tRPC's query keys, and nothing else", () => {
    expect(procedureOfQueryKey([['games', 'bySlug'], { input: { slug: 'x' }, type: 'query' }])).toEqual({ path: 'games.bySlug', input: { slug: 'x' } });
    expect(procedureOfQueryKey([['home', 'get'], { type: 'query' }])).toEqual({ path: 'home.get', input: undefined });
    expect(procedureOfQueryKey([['games', 'list'], { input: {}, type: 'infinite' }])).toBeNull();
    expect(procedureOfQueryKey(['offline-games'])).toBeNull();
  });
});
