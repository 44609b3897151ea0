/**
 * The Kids Zone's content rules (issue #26): no violence by default, cartoon violence only when a
 * parent allows it (the `rules` a child profile's settings pass), realistic violence never; a game
 * that declared no facts is judged by its rating.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../db/catalog';
import { seedCatalog } from '../../db/seed';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { TEST_CATALOG } from '../../../tests/support/catalog';
import { listKidsCategories, listKidsGames } from './service';

const kidsGame = (slug: string, title: string, overrides: Partial<CatalogEntry>): CatalogEntry => ({
  slug,
  title,
  description: `${title}, a game for testing the Kids Zone's content rules.`,
  categories: ['kids'],
  tags: ['rules'],
  ageRating: 'E7',
  multiplayer: false,
  studio: 'Test Studio',
  publishedAt: '2026-11-01',
  controls: ['touch'],
  contentFacts: { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'none', violence: 'none' },
  ...overrides,
});

const facts = (violence: 'none' | 'cartoon' | 'realistic') => ({ ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'none' as const, violence });

const EXTRA: CatalogEntry[] = [
  kidsGame('drone-zapper', 'Drone Zapper', { categories: ['action'], contentFacts: facts('cartoon') }),
  kidsGame('knight-clash', 'Knight Clash', { categories: ['adventure'], ageRating: 'KIDS', contentFacts: facts('realistic') }),
  kidsGame('quiet-garden', 'Quiet Garden', { ageRating: 'KIDS' }),
  kidsGame('mystery-seven', 'Mystery Seven', { categories: ['puzzle'] }),
  kidsGame('mystery-tots', 'Mystery Tots', { ageRating: 'KIDS' }),
];

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
  await seedCatalog(t.db.orm.em.fork(), t.env, [...TEST_CATALOG, ...EXTRA]);
  // Two games as a bare submission leaves them: no facts declared.
  await t.db.orm.em.fork().getConnection().execute(`update games set content_facts = null where slug in ('mystery-seven', 'mystery-tots')`);
  t.services.catalogCache.invalidate();
});
afterAll(() => t.close());

const slugs = (games: { slug: string }[]) => games.map((game) => game.slug).sort();

describe(`Kids Zone content rules (${engineName})`, () => {
  it('by default lists no game with violence, nor a 7+ game that declared no facts', async () => {
    expect(slugs(await listKidsGames(t.context(), {}))).toEqual(['balloon-pop', 'cafe-racer', 'mystery-tots', 'paddle-duel', 'quiet-garden']);
    expect(await listKidsGames(t.context(), { search: 'zapper' })).toEqual([]);
    expect(await listKidsGames(t.context(), { category: 'action' })).toEqual([]);
  });

  it('lists cartoon violence, and undeclared 7+ games, only when the parent allows it; realistic violence never', async () => {
    const allowed = { allowCartoonViolence: true };
    expect(slugs(await listKidsGames(t.context(), {}, allowed))).toEqual([
      'balloon-pop',
      'cafe-racer',
      'drone-zapper',
      'mystery-seven',
      'mystery-tots',
      'paddle-duel',
      'quiet-garden',
    ]);
    expect(slugs(await listKidsGames(t.context(), { search: 'zapper' }, allowed))).toEqual(['drone-zapper']);
    expect(slugs(await listKidsGames(t.context(), { category: 'action', device: 'touch' }, allowed))).toEqual(['drone-zapper']);
    expect(await listKidsGames(t.context(), { search: 'knight' }, allowed)).toEqual([]);
    // The default answer, cached a moment ago, is not the one a parent's rules get, nor the reverse.
    expect(await listKidsGames(t.context(), { search: 'zapper' })).toEqual([]);
  });

  it('offers a category only when it holds a game the rules let through', async () => {
    const byDefault = (await listKidsCategories(t.context())).map((category) => category.slug);
    const allowed = (await listKidsCategories(t.context(), { allowCartoonViolence: true })).map((category) => category.slug);
    expect(byDefault).not.toContain('action');
    expect(byDefault).not.toContain('puzzle');
    expect(allowed).toEqual(expect.arrayContaining(['action', 'puzzle']));
    // Knight Clash's realistic violence keeps adventure out either way.
    expect(byDefault).not.toContain('adventure');
    expect(allowed).not.toContain('adventure');
  });
});
