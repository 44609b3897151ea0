/**
 * Every catalog list, filter and search is served by an index on a catalog of
 * real size: on a generated 10,000-game catalog with 60,000 plays, EXPLAIN of
 * each query the read model builds shows no sequential scan of games or
 * play_events. PostgreSQL only: the plans are the real server's (PGlite's
 * planner is the same code, but the issue and the production engine are
 * PostgreSQL's, and generating the catalog is a few seconds there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KID_SAFE_AGE_RATINGS } from '../../shared/constants';
import type { Database } from '../../server/db/orm';
import { seedCatalog } from '../../server/db/seed';
import { publishedGamesQuery, type GameQuery } from '../../server/domains/games/read-model';
import { resolveSearch } from '../../server/domains/games/search-resolution';
import { rebuildStats } from '../../server/domains/games/stats';
import { KID_SAFE_CATEGORIES_SQL } from '../../server/domains/kids/queries';
import { openTestDatabase } from '../support/database';
import { testDatabaseUrl } from '../support/engine';

const GAMES = 10_000;
const PLAYS = 60_000;
/** Title and description words: a few very common, most of them rare (as in real catalogs). */
const WORDS = [
  'space', 'zombie', 'racer', 'puzzle', 'turbo', 'ninja', 'dragon', 'candy', 'block', 'farm', 'pixel', 'neon',
  'galaxy', 'castle', 'monster', 'pirate', 'robot', 'jungle', 'ocean', 'city', 'drift', 'tower', 'defense',
  'merge', 'quest', 'hero', 'magic', 'shadow', 'super', 'mega', 'tiny', 'crazy', 'happy', 'golden', 'frozen',
  'blaze', 'sky', 'star', 'moon', 'comet', 'rocket', 'kart', 'soccer', 'tennis', 'chess', 'sudoku', 'bubble',
  'jewel', 'garden', 'kitchen', 'bakery', 'dungeon', 'knight', 'wizard', 'archer', 'sniper', 'tank', 'plane',
];

// The PostgreSQL run of the suite (npm run test:pg) asserts the plans; the PGlite run has no server planner to ask.
describe.runIf(testDatabaseUrl)('query plans on a 10,000-game catalog (postgresql)', () => {
  let db: Database;

  async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return db.orm.em.fork().getConnection().execute<T[]>(query, params);
  }

  async function plan(query: string, params: unknown[]): Promise<string> {
    const rows = await sql<{ 'QUERY PLAN': string }>(`explain ${query}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedCatalog(db.orm.em.fork(), { GAMES_PUBLIC_URL: 'http://localhost:4101' }, []);
    const words = `array[${WORDS.map((word) => `'${word}'`).join(', ')}]`;
    // Word n of game i is chosen by a skewed hash, so a few words are in many games and most in few.
    const word = (salt: number) => `(${words})[1 + ((i * ${salt} + ${salt * 7}) % 1009 * (i % 13 + 1)) % ${WORDS.length}]`;
    await sql(
      `insert into games (slug, title, description, status, multiplayer, age_rating, plays, search_text, search_title,
                          created_at, updated_at, published_at, controls)
       select 'game-' || i, title, description, case when i % 50 = 0 then 'PENDING' else 'APPROVED' end,
              i % 9 = 0, (array['KIDS', 'E7', 'E13', 'E16', 'E18'])[1 + i % 5], 0,
              title || ' ' || description, title, now(), now(), now() - make_interval(mins => i),
              -- Most games play by touch and keyboard, some by mouse, a few with a gamepad.
              case when i % 97 = 0 then '{keyboard,gamepad}'::text[] when i % 4 = 0 then '{keyboard,mouse}'::text[] else '{touch,keyboard}'::text[] end
         from generate_series(1, ${GAMES}) as i,
              lateral (select ${word(3)} || ' ' || ${word(17)} || ' ' || i as title,
                              'guide the ' || ${word(5)} || ' through the ' || ${word(11)} || ' before the ' || ${word(29)} || ' wins' as description) t`,
    );
    await sql(
      `insert into game_categories (game_id, category_id)
       select g.id, c.id from games g join categories c on c.sort_order in (g.id % 9, (g.id * 7 + 3) % 9) on conflict do nothing`,
    );
    await sql(
      `insert into play_events (game_id, created_at)
       select g.id, now() - make_interval(secs => (p * 7919) % (14 * 86400))
         from generate_series(1, ${PLAYS}) as p
         join games g on g.slug = 'game-' || (1 + (p::bigint * p) % ${GAMES} * (p % 3 + 1) % ${GAMES})`,
    );
    // A few of the portal's games placed on home by an admin (issue #58), as a real portal has.
    await sql(`update games set home_placement = case when id % 2500 = 7 then 'pinned' else 'boosted' end, home_placed_at = now() where id % 500 = 7`);
    await rebuildStats(db.orm);
    await sql('vacuum analyze games');
    await sql('analyze');
  });
  afterAll(() => db?.close());

  const lists: [string, GameQuery][] = [
    ['home popular', { sort: 'popular', limit: 10 }],
    ['home trending', { sort: 'trending', limit: 3 }],
    ['home new', { sort: 'newest', limit: 12 }],
    ['home multiplayer', { sort: 'popular', limit: 4, multiplayer: true }],
    ['trending page 1', { sort: 'trending', limit: 24 }],
    ['trending page 100', { sort: 'trending', limit: 24, offset: 2376 }],
    ['newest page 50', { sort: 'newest', limit: 24, offset: 1176 }],
    ['top rated page 1', { sort: 'top_rated', limit: 24 }],
    ['top rated page 40', { sort: 'top_rated', limit: 24, offset: 936 }],
    ['category page', { sort: 'popular', limit: 24, category: 'racing' }],
    ['category trending page 10', { sort: 'trending', limit: 24, category: 'puzzle', offset: 216 }],
    ['a game page', { sort: 'popular', limit: 1, slug: 'game-4242' }],
    ['kids grid', { sort: 'popular', limit: 100, ageRatings: KID_SAFE_AGE_RATINGS, kidsZone: true }],
    ['kids category', { sort: 'popular', limit: 100, ageRatings: KID_SAFE_AGE_RATINGS, category: 'kids', kidsZone: true }],
    // Home's placed games (issue #58), read each time home's cached answer is made again.
    ['home pinned games', { sort: 'popular', limit: 4, homePlacement: 'pinned' }],
    ['home boosted games', { sort: 'popular', limit: 20, homePlacement: 'boosted' }],
    ['touch games', { sort: 'popular', limit: 24, device: 'touch' }],
    ['mouse games, newest page 5', { sort: 'newest', limit: 24, device: 'mouse', offset: 96 }],
    ['gamepad games (rare)', { sort: 'popular', limit: 24, device: 'gamepad' }],
    ['touch games in a category', { sort: 'trending', limit: 24, device: 'touch', category: 'racing' }],
    ['kids touch games', { sort: 'popular', limit: 100, ageRatings: KID_SAFE_AGE_RATINGS, device: 'touch', kidsZone: true }],
  ];
  const searches: [string, GameQuery][] = [
    ['a common word', { sort: 'popular', limit: 24, search: 'space' }],
    ['a typed prefix', { sort: 'popular', limit: 24, search: 'zom' }],
    ['a rare word', { sort: 'popular', limit: 24, search: '4242' }],
    ['two words', { sort: 'popular', limit: 24, search: 'turbo racer' }],
    ['a one-letter prefix', { sort: 'popular', limit: 24, search: 'g' }],
    ['search in a category', { sort: 'popular', limit: 24, search: 'dragon', category: 'action' }],
    ['search sorted newest, page 3', { sort: 'newest', limit: 24, search: 'castle', offset: 48 }],
    ['kids search', { sort: 'popular', limit: 100, ageRatings: KID_SAFE_AGE_RATINGS, search: 'candy', kidsZone: true }],
    ['search of touch games', { sort: 'popular', limit: 24, search: 'space', device: 'touch' }],
  ];

  it.each(lists)('%s uses indexes only', async (_name, query) => {
    const { sql: text, params } = publishedGamesQuery(query);
    const explained = await plan(text, params);
    expect(explained).not.toMatch(/Seq Scan on (games|play_events)\b/);
    expect((await sql(text, params)).length).toBeGreaterThan(0);
  });

  it.each(searches)('search: %s uses indexes only', async (_name, query) => {
    const search = await resolveSearch(db.orm.em.fork(), query.search!);
    expect(search).not.toBeNull();
    const { sql: text, params } = publishedGamesQuery(query, search);
    const explained = await plan(text, params);
    expect(explained).not.toMatch(/Seq Scan on (games|play_events)\b/);
    expect((await sql(text, params)).length).toBeGreaterThan(0);
  });

  it('the kid-safe categories use indexes only', async () => {
    expect(await plan(KID_SAFE_CATEGORIES_SQL, [])).not.toMatch(/Seq Scan on (games|play_events)\b/);
  });

  it('a word no game holds never reaches games', async () => {
    expect(await resolveSearch(db.orm.em.fork(), 'qwertyuiop')).toBeNull();
  });
});
