/**
 * Search suggestions as you type (issue #23): GET /api/search/suggest?q= and its tRPC twin
 * search.suggest answer up to 8 published games, categories and tags for a typed prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { foldForSearch } from '../../shared/text';
import { findSuggestionRows } from '../../server/domains/search/queries';
import { prefixOf } from '../../server/domains/search/service';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Suggestion = { kind: 'game' | 'category' | 'tag'; label: string; slug: string };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addGame('pokemon-quest', 'Pokémon Quest', 'APPROVED', 5, ['pocket']);
  await addGame('super-poker-night', 'Super Poker Night', 'APPROVED', 900);
  await addGame('spoke-wheel', 'Spoke Wheel', 'APPROVED', 50);
  await addGame('pokey-pending', 'Pokey Pending', 'PENDING', 0, ['pocket secrets']);
  await addGame('pokey-rejected', 'Pokey Rejected', 'REJECTED', 0);
  await addGame('blast-off', 'Blast Off', 'APPROVED', 1);
  await addGame('mega-blast', 'Mega Blast', 'APPROVED', 1000);
  for (let n = 1; n <= 12; n += 1) await addGame(`zap-${n}`, `Zap ${n}`, 'APPROVED', n);
  t.services.catalogCache.invalidate();
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** A game written straight to the table, with the folded search fields the app keeps. */
async function addGame(slug: string, title: string, status: string, plays: number, tags: string[] = []): Promise<void> {
  const [game] = await sql<{ id: number }>(
    `insert into games (slug, title, description, status, plays, search_title, search_text, published_at, created_at, updated_at)
     values (?, ?, 'A test game.', ?, ?, ?, ?, now(), now(), now()) returning id`,
    [slug, title, status, plays, foldForSearch(title), foldForSearch([title, ...tags].join(' '))],
  );
  for (const tag of tags) {
    await sql('insert into tags (name) values (?) on conflict (name) do nothing', [tag]);
    await sql('insert into game_tags (game_id, tag_id) select ?, id from tags where name = ?', [game!.id, tag]);
  }
}

async function suggest(q: string): Promise<Suggestion[]> {
  const { status, body } = await call<{ suggestions: Suggestion[] }>(t.app, 'GET', `/api/search/suggest?q=${encodeURIComponent(q)}`);
  expect(status, q).toBe(200);
  return body.suggestions;
}

const labels = (suggestions: Suggestion[]) => suggestions.map((suggestion) => suggestion.label);

describe(`GET /api/search/suggest (${engineName})`, () => {
  it('suggests published games whose title has a word starting with the text, title starts first', async () => {
    expect(await suggest('pok')).toEqual([
      { kind: 'game', label: 'Pokémon Quest', slug: 'pokemon-quest' },
      { kind: 'game', label: 'Super Poker Night', slug: 'super-poker-night' },
    ]);
    // A title starting with the text comes before a more played one with a later word starting with it.
    expect(labels(await suggest('bla'))).toEqual(['Blast Off', 'Mega Blast', 'Star Blaster']);
    // Several words: a phrase, the last one a prefix.
    expect(labels(await suggest('star bl'))).toEqual(['Star Blaster']);
    expect(await suggest('blaster star')).toEqual([]);
  });

  it('ignores case and accents', async () => {
    for (const q of ['POK', 'poké', 'Poke\u0301', 'pokemon', 'Pokémon q']) {
      expect(labels(await suggest(q)), q).toContain('Pokémon Quest');
    }
    expect(labels(await suggest('CAF'))).toEqual(['Café Racer']);
    expect(labels(await suggest('café'))).toEqual(['Café Racer']);
  });

  it('never suggests a game that is not published, nor a tag only such games have', async () => {
    const all = [...(await suggest('pok')), ...(await suggest('pocket'))];
    expect(all.map((suggestion) => suggestion.slug)).not.toContain('pokey-pending');
    expect(all.map((suggestion) => suggestion.slug)).not.toContain('pokey-rejected');
    expect(await suggest('pocket')).toEqual([{ kind: 'tag', label: 'pocket', slug: 'pocket' }]);
  });

  it('stops suggesting a game as soon as it is unpublished', async () => {
    expect(labels(await suggest('spoke'))).toEqual(['Spoke Wheel']);
    const [game] = await sql<{ id: number }>(`select id from games where slug = 'spoke-wheel'`);
    const admin = await signIn(t.app, ADMIN_EMAIL);
    expect((await call(t.app, 'POST', `/api/admin/games/${game!.id}/unpublish`, { token: admin })).status).toBe(200);
    expect(await suggest('spoke')).toEqual([]);
  });

  it('suggests categories and tags whose name starts with the text', async () => {
    expect(await suggest('rac')).toEqual([
      { kind: 'game', label: 'Café Racer', slug: 'cafe-racer' },
      { kind: 'category', label: 'Racing', slug: 'racing' },
    ]);
    expect(await suggest('ARC')).toEqual([{ kind: 'category', label: 'Arcade', slug: 'arcade' }]);
    expect(await suggest('ret')).toEqual([{ kind: 'tag', label: 'retro', slug: 'retro' }]);
    expect(await suggest('2 pl')).toEqual([{ kind: 'tag', label: '2 players', slug: '2 players' }]);
    // Like patterns are text: "%" and "_" match only themselves.
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('_')).toEqual([]);
  });

  it('answers at most 8, the most played first, and sends only kind, label and slug', async () => {
    const zaps = await suggest('zap');
    expect(labels(zaps)).toEqual(['Zap 12', 'Zap 11', 'Zap 10', 'Zap 9', 'Zap 8', 'Zap 7', 'Zap 6', 'Zap 5']);
    for (const suggestion of zaps) expect(Object.keys(suggestion).sort()).toEqual(['kind', 'label', 'slug']);
    // Categories and tags keep places among many games.
    expect((await suggest('s')).length).toBeLessThanOrEqual(8);
  });

  it('answers 400 naming q when it is empty, blank, missing or too long', async () => {
    for (const query of ['q=', 'q=%20%20', '', `q=${'a'.repeat(LIMITS.searchMax + 1)}`]) {
      const { status, body } = await call<{ message: string }>(t.app, 'GET', `/api/search/suggest?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(/^q:/);
    }
    expect((await call(t.app, 'GET', `/api/search/suggest?q=${'a'.repeat(LIMITS.searchMax)}`)).status).toBe(200);
  });

  it('has a tRPC twin, search.suggest, that answers the same', async () => {
    for (const q of ['pok', 'rac', 'ret', 'zap']) {
      const trpc = await call(t.app, 'GET', `/trpc/search.suggest?input=${encodeURIComponent(JSON.stringify({ q }))}`);
      expect(trpc.status, q).toBe(200);
      expect(trpc.body, q).toEqual({ result: { data: { suggestions: await suggest(q) } } });
    }
    const empty = await call(t.app, 'GET', `/trpc/search.suggest?input=${encodeURIComponent(JSON.stringify({ q: ' ' }))}`);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } });
  });

  it('finds the same suggestions in the in-memory search index as in the database', async () => {
    const em = t.db.orm.em.fork();
    const index = t.services.catalogCache.searchIndex;
    await index.ready(em);
    let compared = 0;
    for (const text of ['pok', 'poké', 'pokemon q', 'zap', 'zap 1', 'zap 12', 'bla', 'blast', 'mega b', 'super po', 'po', 'p', 'z', 'spo', 'poc', 'ret', 'rac', 'a', 'wheel', 'qq']) {
      const fromIndex = index.suggestionRows(em, text, 8);
      expect(fromIndex, text).toEqual(await findSuggestionRows(em, prefixOf(text), 8));
      compared += fromIndex!.length;
    }
    expect(compared).toBeGreaterThan(40);
  });
});
