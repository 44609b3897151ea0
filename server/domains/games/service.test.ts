import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { NotFound } from '../errors';
import { getGameBySlug, getHome, listGames, recordPlay } from './service';

const VISITOR = 'domainTestVisitor00001';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

describe(`games service, called without any transport (${engineName})`, () => {
  it('finds a published game by slug; an unknown slug is NotFound', async () => {
    const game = await getGameBySlug(t.context(), 'star-blaster');
    expect(game).toMatchObject({ slug: 'star-blaster', title: 'Star Blaster', isFavorited: false });
    const unknown = getGameBySlug(t.context(), 'no-such-game');
    await expect(unknown).rejects.toBeInstanceOf(NotFound);
    await expect(unknown).rejects.toThrow('Game not found');
  });

  it('lists games by category and by search text, and fills the home lists', async () => {
    const racing = await listGames(t.context(), { sort: 'popular', limit: 24, offset: 0, category: 'racing' });
    expect(racing.map((game) => game.slug)).toContain('cafe-racer');
    expect(racing.every((game) => game.categories.some((category) => category.slug === 'racing'))).toBe(true);
    // Search folds case and accents: "CAFE" finds "Café Racer".
    const found = await listGames(t.context(), { sort: 'popular', limit: 24, offset: 0, search: 'CAFE' });
    expect(found.map((game) => game.slug)).toEqual(['cafe-racer']);
    // The seeded catalog's dates are fixed: one game published two days ago, whatever today is.
    await t.context().em.getConnection().execute(`update games set published_at = now() - interval '2 days' where slug = 'cafe-racer'`);
    const home = await getHome(t.context());
    expect(home.new.length).toBeGreaterThan(0);
    expect(home.popular.map((game) => game.slug)).toContain('star-blaster');
  });

  it('counts one play per visitor; an unknown game is NotFound', async () => {
    const { id } = await getGameBySlug(t.context(), 'balloon-pop');
    const first = await recordPlay(t.context({ visitorId: VISITOR }), id);
    const repeat = await recordPlay(t.context({ visitorId: VISITOR }), id);
    expect(repeat.plays).toBe(first.plays);
    const other = await recordPlay(t.context({ visitorId: 'domainTestVisitor00002' }), id);
    expect(other.plays).toBe(first.plays + 1);
    await expect(recordPlay(t.context({ visitorId: VISITOR }), 999_999)).rejects.toBeInstanceOf(NotFound);
  });

  it('gives a caller without a visitor id one, through whatever remembers it for the transport', async () => {
    const { id } = await getGameBySlug(t.context(), 'star-blaster');
    const setVisitorCookie = vi.fn<(visitorId: string) => void>();
    await recordPlay(t.context({ cookies: { setVisitorCookie, setAuthCookie() {}, clearAuthCookie() {} } }), id);
    expect(setVisitorCookie).toHaveBeenCalledTimes(1);
    expect(setVisitorCookie.mock.calls[0]![0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
