/**
 * The search index catching up by only the games a write changed (issue 38): catalog_changes logs
 * those games, a reader takes each transaction in once whatever order the writers commit in, the
 * snapshot taken forward equals the one a full build makes, and a quiet half hour does not make
 * the index read the whole catalog again. On both engines (the interleaved commits only on
 * PostgreSQL: PGlite runs one transaction at a time).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameSort } from '../../../shared/constants';
import type { Database } from '../../db/orm';
import { openTestDatabase } from '../../../tests/support/database';
import { engineName, withDatabase } from '../../../tests/support/engine';
import { changesCursor, deleteOldChanges, readChanges, secondsBehind, type ChangesCursor } from './catalog-changes';
import { applyChanges } from './search-delta';
import { SearchIndex } from './search-index';
import { searchSnapshot, suggestFromSnapshot } from './search-matching';
import { catalogVersion, loadRanks, loadSnapshot, type Snapshot } from './search-snapshot';
import type { Postings } from './word-postings';

let db: Database;
let em: EntityManager;
const sql = (text: string, params: unknown[] = []) => em.getConnection().execute<Record<string, unknown>[]>(text, params);

beforeAll(async () => {
  db = await openTestDatabase();
  em = db.orm.em.fork();
});
afterAll(() => db.close());

/** Inserts games `from`..`to` with titles and descriptions from a small vocabulary, some with categories and controls. */
async function insertGames(prefix: string, from: number, to: number, status = 'APPROVED'): Promise<void> {
  await sql(
    `insert into games (slug, title, description, status, plays, trending_plays, rating_avg, published_at, search_text, search_title, category_list, controls, created_at, updated_at)
     select '${prefix}-' || i, w.title, w.description, '${status}', (i * 7919) % 50, (i * 104729) % 20, (i * 31) % 5,
            now() - make_interval(mins => (i * 613) % 10000), lower(w.title || ' ' || w.description), lower(w.title),
            case when i % 3 = 0 then '[{"id": 1, "slug": "puzzle", "name": "Puzzle"}]'::json when i % 3 = 1 then '[{"id": 2, "slug": "racing", "name": "Racing"}]'::json else '[]'::json end,
            case when i % 2 = 0 then array['touch', 'keyboard'] else array['mouse'] end, now(), now()
       from generate_series(${from}, ${to}) i
      cross join lateral (select
               (array['Tower', 'Towers', 'Spaceship', 'Bubble', 'Hockey', 'Monster'])[1 + (i * 13) % 6] || ' ' ||
               (array['Puzzle', 'Dragon', 'Drift', 'Golden', 'Gem', 'Tower'])[1 + (i * 7) % 6] || ' ' || i as title,
               'space ' || (array['collect', 'coins', 'race', 'friends', 'puzzles', 'hidden', 'treasure'])[1 + (i * 11) % 7] as description) w`,
  );
}

const gamesOf = (postings: Postings, word: number) => [...postings.data.subarray(postings.start[word], postings.start[word + 1])];

/** Publishes a game through a connection of its own (another server's write). */
function insertThrough(client: pg.Client, slug: string) {
  return client.query<{ id: number }>(
    `insert into games (slug, title, description, status, search_text, search_title, created_at, updated_at)
     values ($1::text, $1::text, 'x', 'APPROVED', $1::text, $1::text, now(), now()) returning id`,
    [slug],
  );
}

/** A SearchIndex of the test's own, built, with its (private) snapshot to look into; stopped after `use`. */
async function withOwnIndex(use: (index: SearchIndex, ownSnapshot: () => Snapshot) => Promise<void>): Promise<void> {
  const index = new SearchIndex();
  try {
    await index.ready(em);
    await use(index, () => (index as unknown as { snapshot: Snapshot }).snapshot);
  } finally {
    index.stop();
  }
}

/** What a snapshot holds, by game id rather than position, so two builds can be compared. */
function byId(snapshot: Snapshot) {
  const ids = (positions: Iterable<number> | undefined) => [...(positions ?? [])].map((position) => snapshot.ids[position]!).sort((a, b) => a - b);
  const bitIds = (bits: Uint32Array) => ids([...snapshot.ids.keys()].filter((position) => (bits[position >>> 5]! >>> (position & 31)) & 1));
  const games = [...snapshot.ids.keys()].map((position) => ({
    id: snapshot.ids[position],
    title: snapshot.titles[position],
    folded: snapshot.foldedTitles[position],
    slug: snapshot.slugs[position],
    at: snapshot.positionOf[snapshot.ids[position]!],
  }));
  return {
    games: games.sort((a, b) => a.id! - b.id!).map(({ at, ...game }) => ({ ...game, placed: at !== undefined && snapshot.ids[at] === game.id })),
    words: snapshot.words,
    wordIndex: snapshot.words.every((word, index) => snapshot.wordIndex.get(word) === index) && snapshot.wordIndex.size === snapshot.words.length,
    postings: snapshot.words.map((word, index) => [word, ids(gamesOf(snapshot.postings, index)), ids(gamesOf(snapshot.titlePostings, index))]),
    // Each word's games ascending; its bitset, where it has one, holds exactly them; every word held by more than one game in 32 has one.
    dense: snapshot.words.every((_, index) =>
      [[snapshot.postings, snapshot.denseBits[index]] as const, [snapshot.titlePostings, snapshot.titleDenseBits[index]] as const].every(([postings, bits]) => {
        const positions = gamesOf(postings, index);
        return (
          positions.every((position, at) => at === 0 || positions[at - 1]! < position) &&
          (bits !== undefined) === positions.length > snapshot.ids.length >>> 5 &&
          (!bits || (bits.length === (snapshot.ids.length + 31) >>> 5 && JSON.stringify(bitIds(bits)) === JSON.stringify(ids(positions))))
        );
      }),
    ),
    categories: Object.fromEntries([...snapshot.categories].map(([name, bits]) => [name, bitIds(bits)]).filter(([, found]) => found!.length > 0)),
    devices: Object.fromEntries([...snapshot.devices].map(([name, bits]) => [name, bitIds(bits)]).filter(([, found]) => found!.length > 0)),
    tags: Object.fromEntries([...snapshot.tags].map(([name, bits]) => [name, bitIds(bits)]).filter(([, found]) => found!.length > 0)),
    orders: Object.fromEntries(Object.entries(snapshot.ranks.order).map(([sort, order]) => [sort, [...order].map((position) => snapshot.ids[position])])),
    tagNames: snapshot.tagNames,
  };
}

describe(`catching the search index up by the games a write changed (${engineName})`, () => {
  it('logs the published games a write changes, and only those', async () => {
    const start = await changesCursor(em);
    await insertGames('logged', 1, 4); // four published games
    await insertGames('pending', 1, 2, 'PENDING'); // not searched: not logged
    const ids = async (prefix: string) => (await sql(`select id from games where slug like ? order by id`, [`${prefix}-%`])).map((row) => row.id as number);
    const [first, second, third, fourth] = await ids('logged');
    const pending = await ids('pending');
    let cursor: ChangesCursor = start;
    const changesSince = async () => {
      const read = await readChanges(em, cursor);
      cursor = read.cursor;
      return read.gameIds;
    };
    expect(await changesSince()).toEqual([first, second, third, fourth]);
    // Read once: the same transactions are not taken in again.
    expect(await changesSince()).toEqual([]);
    // Counting plays and rewriting the same lists change nothing searched.
    await sql(`update games set plays = plays + 1, category_list = category_list where slug like 'logged-%'`);
    expect(await changesSince()).toEqual([]);
    await sql(`update games set title = 'Renamed', search_title = 'renamed' where id = ?`, [first]);
    await sql(`update games set status = 'REJECTED' where id = ?`, [second]);
    await sql(`update games set controls = array['gamepad'] where id = ?`, [third]);
    await sql(`delete from games where id = any(?::int[])`, [`{${[fourth, ...pending].join(',')}}`]);
    expect(await changesSince()).toEqual([first, second, third, fourth]);
    // The pending games approved: now they are searched.
    await insertGames('approved-later', 1, 1, 'PENDING');
    const [later] = await ids('approved-later');
    expect(await changesSince()).toEqual([]);
    await sql(`update games set status = 'APPROVED' where id = ?`, [later]);
    expect(await changesSince()).toEqual([later]);
  });

  it('deletes the changes past an hour, which every server has read by then', async () => {
    await sql(`insert into catalog_changes (game_id, at) values (-1, now() - interval '61 minutes'), (-2, now() - interval '59 minutes')`);
    await deleteOldChanges(em);
    expect((await sql('select game_id from catalog_changes where game_id < 0')).map((row) => row.game_id)).toEqual([-2]);
    await sql('delete from catalog_changes where game_id < 0');
  });

  it.skipIf(engineName !== 'postgresql')('takes in a write that commits after a later one was read', async () => {
    const url = (db.orm.config.get('clientUrl') as string | undefined)!;
    const [early, late] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([early.connect(), late.connect()]);
    try {
      let cursor = await changesCursor(em);
      // The early writer's transaction gets its id first (any write would), and writes and commits
      // last: its change has the older transaction id of the two, yet appears after the later one's.
      await early.query('begin');
      await early.query('select pg_current_xact_id()');
      const lateId = (await insertThrough(late, 'interleaved-late')).rows[0]!.id;
      let read = await readChanges(em, cursor);
      expect(read.gameIds).toEqual([lateId]);
      cursor = read.cursor;
      const earlyId = (await insertThrough(early, 'interleaved-early')).rows[0]!.id;
      await early.query('commit');
      read = await readChanges(em, cursor);
      expect(read.gameIds).toEqual([earlyId]);
      expect((await readChanges(em, read.cursor)).gameIds).toEqual([]);
    } finally {
      await Promise.all([early.end(), late.end()]);
    }
  });

  it.skipIf(engineName !== 'postgresql')('starts a reader at none behind while an older transaction of the cluster runs', async () => {
    const url = (db.orm.config.get('clientUrl') as string | undefined)!;
    const elsewhere = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
    await elsewhere.connect();
    try {
      // Another database's transaction holds the horizon behind this database's logged changes.
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await insertGames('held-back', 1, 2);
      const cursor = await changesCursor(em);
      expect(BigInt(cursor.horizon)).toBeLessThanOrEqual(BigInt((await elsewhere.query<{ xid: string }>('select pg_current_xact_id()::text as xid')).rows[0]!.xid));
      expect(await secondsBehind(em, cursor)).toBe(0);
      expect((await readChanges(em, cursor)).gameIds).toEqual([]);
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });

  it('takes a snapshot forward to exactly the one a full build of the catalog as it is now makes', async () => {
    await insertGames('catalog', 1, 3_000);
    const tagGames = async (tag: string, slugs: string) =>
      sql(`insert into game_tags (game_id, tag_id) select g.id, t.id from games g, tags t where g.slug similar to ? and t.name = ?`, [slugs, tag]);
    await sql(`insert into tags (name) values ('Retro Arcade'), ('Co-op'), ('Speedrun')`);
    await tagGames('Retro Arcade', 'catalog-(7|8)');
    await tagGames('Co-op', 'catalog-9');
    const before = await loadSnapshot(em);
    expect(before.tagNames).toEqual(['Co-op', 'Retro Arcade']);
    // Another server's writes: new games (some with words no game held; more than two pages of
    // rows, read one page ahead), edits, unpublished and deleted games.
    await insertGames('imported', 3_001, 4_400);
    await sql(`insert into games (slug, title, description, status, published_at, search_text, search_title, created_at, updated_at)
               values ('brand-new-words', 'Quasarwhisk Zephyrine', 'Never seen words.', 'APPROVED', now(), 'quasarwhisk zephyrine never seen words.', 'quasarwhisk zephyrine', now(), now())`);
    await sql(`update games set title = title || ' Deluxe', search_title = search_title || ' deluxe', search_text = search_text || ' deluxe' where slug like 'catalog-1__'`);
    await sql(`update games set status = 'REJECTED' where slug like 'catalog-2__'`);
    await sql(`update games set category_list = '[{"id": 3, "slug": "arcade", "name": "Arcade"}]'::json, controls = array['gamepad'] where slug like 'catalog-3__'`);
    await sql(`delete from games where slug like 'catalog-4__' or slug = 'catalog-5'`);
    // Every game holding "hockey" in its title gone: its word leaves the vocabulary.
    await sql(`delete from games where search_title like 'hockey%'`);
    // A tag's only game loses it; a new game carries another.
    await sql(`delete from game_tags where tag_id = (select id from tags where name = 'Co-op')`);
    await tagGames('Speedrun', 'brand-new-words');
    const { gameIds, cursor } = await readChanges(em, before.changes);
    expect(gameIds.length).toBeGreaterThan(1_900);
    const forward = await applyChanges(em, before, gameIds, await catalogVersion(em), cursor);
    // Its orders, not read: each published game once, the new ones last, or first by newest.
    expect(forward.ranks.exact).toBe(false);
    for (const order of Object.values(forward.ranks.order)) expect(new Set(order).size).toBe(forward.ids.length);
    expect(forward.slugs[forward.ranks.order.newest[0]!]).toBe('brand-new-words');
    expect(forward.slugs[forward.ranks.order.popular.at(-1)!]).toBe('brand-new-words');
    forward.ranks = await loadRanks(em, forward.positionOf, forward.ids.length);
    const full = await loadSnapshot(em);
    expect(forward.words).not.toContain('hockey');
    expect(forward.words).toContain('quasarwhisk');
    expect(forward.tagNames).toEqual(['Retro Arcade', 'Speedrun']);
    expect(byId(forward)).toEqual(byId(full));
    expect(byId(forward).dense && byId(forward).wordIndex).toBe(true);
    // And so it answers every search and suggestion as the full build does.
    const sorts: GameSort[] = ['popular', 'newest', 'trending', 'top_rated'];
    for (const search of ['tower', 'tow', 'spa', 'deluxe', 'quasarwhisk', 'hockey', 'bubble gem', 'toweer', 'zephyrien', 'co', 'retro', 'speed', 'p']) {
      for (const sort of sorts) {
        for (const filter of [{}, { category: 'arcade' }, { device: 'gamepad' as const }]) {
          const query = { search, sort, limit: 24, offset: 0, ...filter };
          expect(searchSnapshot(forward, query), JSON.stringify(query)).toEqual(searchSnapshot(full, query));
        }
      }
      expect(suggestFromSnapshot(forward, search, 5)).toEqual(suggestFromSnapshot(full, search, 5));
    }
  });

  it('keeps the orders a catch-up made until those they came from are a minute old', async () => {
    const query = { search: 'minutewort', sort: 'popular' as const, limit: 24, offset: 0 };
    await withOwnIndex(async (index, ownSnapshot) => {
      const { loadedAt } = ownSnapshot().ranks;
      const [game] = await sql(
        `insert into games (slug, title, description, status, published_at, search_text, search_title, created_at, updated_at)
         values ('minutewort', 'Minutewort', 'x', 'APPROVED', now(), 'minutewort x', 'minutewort', now(), now()) returning id`,
      );
      index.pageIds(em, query);
      await vi.waitFor(() => expect(index.pageIds(em, query)).toEqual([game!.id]), { timeout: 10_000, interval: 100 });
      // The index checks every second: two checks later it still has not read the orders again.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(ownSnapshot().ranks).toMatchObject({ exact: false, loadedAt });
      expect(ownSnapshot().slugs[ownSnapshot().ranks.order.newest[0]!]).toBe('minutewort');
      // Once they are a minute old, it does.
      ownSnapshot().ranks.loadedAt = Date.now() - 61_000;
      await vi.waitFor(() => expect(ownSnapshot().ranks.exact).toBe(true), { timeout: 5_000, interval: 100 });
    });
  });

  it('still catches up by the changed games after a quiet half hour', async () => {
    const query = { search: 'relabelled', sort: 'popular' as const, limit: 24, offset: 0 };
    await withOwnIndex(async (index, ownSnapshot) => {
      const [game] = await sql(`select id from games where status = 'APPROVED' order by id limit 1`);
      // Read last more than half an hour ago, the catalog unchanged since while the index checked every second.
      const snapshot = ownSnapshot();
      snapshot.changes = { ...snapshot.changes, readAt: Date.now() - 31 * 60_000 };
      index.pageIds(em, query);
      await vi.waitFor(() => expect(Date.now() - ownSnapshot().changes.readAt).toBeLessThan(60_000), { timeout: 5_000, interval: 100 });
      await sql(`update games set title = 'Relabelled', search_title = 'relabelled', search_text = 'relabelled' where id = ?`, [game!.id]);
      await vi.waitFor(() => expect(index.pageIds(em, query)).toEqual([game!.id]), { timeout: 10_000, interval: 100 });
      // Taken in by itself, after the others: the whole catalog was not read again (it would stand first, by id).
      expect(ownSnapshot().ids.at(-1)).toBe(game!.id);
    });
  });
});
