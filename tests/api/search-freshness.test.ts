/**
 * How a catalog change reaches search (issue #38 point 18): the in-memory search index applies
 * the games that changed (catalog_changes, written by triggers whoever writes), a bounded slice
 * at a time, and answers from what it has all along; the database is asked only before it is
 * first built. Each test waits on a condition, never on a time. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SLICE } from '../../server/domains/games/search-index';
import type { IndexQuery } from '../../server/domains/games/search-matching';
import { foldForSearch } from '../../shared/text';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
});
afterAll(() => t.close());

const index = () => t.services.catalogCache.searchIndex;
const query = (search: string): IndexQuery => ({ search, sort: 'popular', limit: 24, offset: 0 });

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(text, params);
}

/** Polls `condition` until it holds (the test's own timeout bounds the wait). */
async function waitUntil(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A published game's insert, with no description (no word in common with another game's, unless its title has). */
function insertGame(slug: string, title: string): string {
  return `insert into games (slug, title, description, status, search_title, search_text, published_at, created_at, updated_at)
          values ('${slug}', '${title}', '', 'APPROVED', '${title.toLowerCase()}', '${title.toLowerCase()}', now(), now(), now())`;
}

async function searchTitles(text: string): Promise<string[]> {
  const { status, body } = await call<{ title: string }[]>(t.app, 'GET', `/api/games?search=${encodeURIComponent(text)}&limit=24`);
  expect(status, text).toBe(200);
  return body.map((game) => game.title);
}

async function suggestedSlugs(text: string): Promise<string[]> {
  const { status, body } = await call<{ suggestions: { slug: string }[] }>(t.app, 'GET', `/api/search/suggest?q=${encodeURIComponent(text)}`);
  expect(status, text).toBe(200);
  return body.suggestions.map((suggestion) => suggestion.slug);
}

describe(`search freshness (${engineName})`, () => {
  it('finds a game approved on this server by title, by a typo and in suggestions, answering from the index all along', async () => {
    const em = t.db.orm.em.fork();
    const admin = await signIn(t.app, ADMIN_EMAIL);
    const developer = await signIn(t.app, 'studio@example.com');
    const { id, slug } = await publishGame(t.app, developer, admin, 'Quokka Quest');
    // The index does not stop answering (searches would all go to the database meanwhile).
    expect(index().pageIds(em, query('quokka'))).not.toBeNull();
    await waitUntil(async () => (await searchTitles('quokka')).includes('Quokka Quest'));
    await waitUntil(async () => (await searchTitles('qukka')).includes('Quokka Quest'));
    await waitUntil(async () => (await suggestedSlugs('quok')).includes(slug));
    expect(index().pageIds(em, query('quokka'))).toEqual([id]);
    expect(index().pageIds(em, query('quokak'))).toEqual([id]);
    expect(index().suggestionRows(em, 'quokka q', 8)?.map((row) => row.id)).toEqual([id]);
  });

  it('applies thousands of games written at once by another server in bounded slices, then a typo finds them', async () => {
    const em = t.db.orm.em.fork();
    const games = SEARCH_SLICE * 2 + 500;
    // Another server's bulk import: nothing on this server is told.
    await sql(
      `insert into games (slug, title, description, status, plays, search_title, search_text, published_at, created_at, updated_at)
       select 'nebula-' || i, 'Space Nebula ' || i, 'Drift through the stars.', 'APPROVED', i % 50, 'space nebula ' || i,
              'space nebula ' || i || ' drift through the stars', now(), now(), now()
         from generate_series(1, ${games}) as i`,
    );
    let answered = 0;
    await waitUntil(() => {
      const ids = index().pageIds(em, query('nebula'));
      expect(ids, 'the index answers while it catches up').not.toBeNull();
      answered += 1;
      return ids!.length === 24 && index().suggestionRows(em, 'space neb', 8)!.length === 8;
    });
    expect(answered).toBeGreaterThan(0);
    expect(index().largestSlice).toBeLessThanOrEqual(SEARCH_SLICE);
    const nebulae = await sql<{ id: number }>(`select id from games where slug like 'nebula-%'`);
    const found = new Set(index().pageIds(em, { ...query('nebula'), limit: games + 10 }));
    expect(nebulae.filter((game) => !found.has(game.id))).toEqual([]);
    await waitUntil(async () => {
      const titles = await searchTitles('spcae nebul');
      return titles.length === 24 && titles.every((title) => foldForSearch(title).includes('space nebula'));
    });
    // Thousands of games written on the embedded database on a busy 2-core machine: minutes, not seconds.
  }, 240_000);

  it('shows a game under its new title once renamed, and no more once unpublished or deleted', async () => {
    const em = t.db.orm.em.fork();
    const [renamed] = await sql<{ id: number }>(
      `insert into games (slug, title, description, status, search_title, search_text, published_at, created_at, updated_at)
       values ('wombat-run', 'Wombat Run', 'Dig.', 'APPROVED', 'wombat run', 'wombat run dig', now(), now(), now()) returning id`,
    );
    const [unpublished] = await sql<{ id: number }>(
      `insert into games (slug, title, description, status, search_title, search_text, published_at, created_at, updated_at)
       values ('wombat-dig', 'Wombat Dig', 'Dig.', 'APPROVED', 'wombat dig', 'wombat dig', now(), now(), now()) returning id`,
    );
    const [deleted] = await sql<{ id: number }>(
      `insert into games (slug, title, description, status, search_title, search_text, published_at, created_at, updated_at)
       values ('wombat-hop', 'Wombat Hop', 'Dig.', 'APPROVED', 'wombat hop', 'wombat hop', now(), now(), now()) returning id`,
    );
    await waitUntil(() => index().pageIds(em, query('wombat'))!.length === 3);
    await sql(`update games set title = 'Numbat Run', search_title = 'numbat run', search_text = 'numbat run dig' where id = ?`, [renamed!.id]);
    await sql(`update games set status = 'REJECTED' where id = ?`, [unpublished!.id]);
    await sql(`delete from games where id = ?`, [deleted!.id]);
    await waitUntil(() => index().pageIds(em, query('wombat'))!.length === 0);
    expect(index().pageIds(em, query('numbat'))).toEqual([renamed!.id]);
    expect(index().suggestionRows(em, 'numbat', 8)?.map((row) => row.label)).toEqual(['Numbat Run']);
    expect(index().suggestionRows(em, 'wombat', 8)).toEqual([]);
  });

  // PGlite has one connection: two transactions cannot be open at once there.
  it.skipIf(engineName !== 'postgresql')('applies a change whose transaction committed after later changes were read', async () => {
    const em = t.db.orm.em.fork();
    await sql(insertGame('tardy-comet', 'Tardy Comet'));
    await waitUntil(() => index().pageIds(em, query('tardy'))!.length === 1);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let taken!: () => void;
    const numberTaken = new Promise<void>((resolve) => (taken = resolve));
    // This transaction takes a change number (a new title: no lock other writers of games wait
    // for) and stays open while a later change commits and is read.
    const late = t.db.orm.em.fork().transactional(async (tx) => {
      await tx.getConnection().execute(`update games set title = 'Tardy Comet Returns' where slug = 'tardy-comet'`, [], 'run', tx.getTransactionContext());
      taken();
      await held;
    });
    await numberTaken;
    try {
      await sql(insertGame('prompt-meteor', 'Prompt Meteor'));
      await waitUntil(() => index().pageIds(em, query('meteor'))!.length === 1);
      expect(index().suggestionRows(em, 'tardy', 8)?.map((row) => row.label)).toEqual(['Tardy Comet']);
    } finally {
      commit();
      await late;
    }
    await waitUntil(() => index().suggestionRows(em, 'tardy', 8)?.[0]?.label === 'Tardy Comet Returns');
  });
});
