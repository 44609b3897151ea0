/**
 * Issue #59, part 4: search in every language. A game is found by its title in any language its
 * developer translated it into, typos too; a two-character query finds a Japanese title holding it
 * (Japanese is written without spaces); Turkish dotted and dotless i and German ß fold as their
 * players type them; Hindi words are searched whole; the page's language (`locale`) gives back the
 * titles in it, in lists and suggestions. Both the in-memory index and the database path answer so.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Migration20261129090000_search_text_every_language as RefoldMigration } from '../../migrations/Migration20261129090000_search_text_every_language';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let ownerKey: string;
let admin: string;
const games: Record<string, { id: number; slug: string }> = {};

/** Writes the developer's listing of a game in a language, as /api/v1 does. */
async function translate(slug: string, locale: string, title: string, description = `${title}.`): Promise<void> {
  const put = await call(t.app, 'PUT', `/api/v1/games/${games[slug]!.id}/translations/${locale}`, { token: ownerKey, body: { title, description } });
  expect(put.status).toBe(200);
}

const titles = async (query: string) => (await call<{ title: string; slug: string }[]>(t.app, 'GET', `/api/games?${query}`)).body;
const slugsFor = async (search: string) => (await titles(`search=${encodeURIComponent(search)}`)).map((game) => game.slug);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signIn(t.app, 'languages.dev@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
  ownerKey = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: owner })).body.key;
  for (const title of ['Dragon Quest Tiles', 'Street Racer', 'Istanbul Nights', 'Fort Defender']) {
    const game = await publishGame(t.app, owner, admin, title);
    games[game.slug] = game;
  }
  await translate('dragon-quest-tiles', 'ja', 'ドラゴンクエスト・タイル', 'ドラゴンのパズル。');
  await translate('dragon-quest-tiles', 'fr', 'Tuiles du Dragon', 'Un casse-tête de tuiles.');
  await translate('street-racer', 'de', 'Straßenrennen', 'Rase durch die Straßen.');
  await translate('istanbul-nights', 'tr', 'İstanbul Geceleri', 'Işıklı sokaklarda bir macera.');
  await translate('fort-defender', 'hi', 'क़िला रक्षक', 'अपने क़िले की रक्षा करो।');
});
afterAll(() => t?.close());

/** The same searches, answered by the in-memory index (built) and by the database (the index stale after a write here). */
describe.each(['index', 'database'] as const)(`search in every language, answered by the %s (${engineName})`, (answeredBy) => {
  beforeAll(async () => {
    const index = t.services.catalogCache.searchIndex;
    await index.ready(t.db.orm.em.fork());
    t.services.catalogCache.invalidate();
    // The database path: as while the index is being built, or stale after a write here.
    if (answeredBy === 'database') {
      vi.spyOn(index, 'pageIds').mockReturnValue(null);
      vi.spyOn(index, 'suggestionRows').mockReturnValue(null);
    }
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('finds a game by its title in any of its languages, and by a typo of one', async () => {
    expect(await slugsFor('tuiles')).toEqual(['dragon-quest-tiles']);
    expect(await slugsFor('tuilse dragon')).toEqual(['dragon-quest-tiles']);
    expect(await slugsFor('geceleri')).toEqual(['istanbul-nights']);
  });

  it('finds a Japanese title by any two of its characters, and by one', async () => {
    for (const part of ['クエ', 'ゴンク', 'タイル', 'ドラゴンクエスト', 'ス']) expect(await slugsFor(part), part).toEqual(['dragon-quest-tiles']);
    // Kana keep their voicing marks: パズル is not ハスル.
    expect(await slugsFor('ハスル')).toEqual([]);
  });

  it('folds Turkish i and German ß as players type them', async () => {
    for (const typed of ['istanbul', 'İSTANBUL', 'ıstanbul', 'ISIKLI']) expect(await slugsFor(typed), typed).toEqual(['istanbul-nights']);
    for (const typed of ['straßenrennen', 'STRASSENRENNEN', 'strassen']) expect(await slugsFor(typed), typed).toEqual(['street-racer']);
  });

  it('searches Hindi words whole, vowel signs and all', async () => {
    expect(await slugsFor('किला')).toEqual(['fort-defender']);
    expect(await slugsFor('रक्षक')).toEqual(['fort-defender']);
  });

  it('answers in the page’s language where the developer translated the game', async () => {
    const inFrench = await titles('search=dragon&locale=fr');
    expect(inFrench.map((game) => game.title)).toEqual(['Tuiles du Dragon']);
    expect((await titles('search=dragon&locale=de')).map((game) => game.title)).toEqual(['Dragon Quest Tiles']);
    const suggested = await call<{ suggestions: { kind: string; label: string; slug: string }[] }>(t.app, 'GET', `/api/search/suggest?q=${encodeURIComponent('ドラ')}&locale=ja`);
    expect(suggested.body.suggestions).toContainEqual({ kind: 'game', label: 'ドラゴンクエスト・タイル', slug: 'dragon-quest-tiles' });
    const refused = await call<{ message: string }>(t.app, 'GET', '/api/games?search=dragon&locale=xx');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^locale: Must be one of en, es/);
  });
});

describe(`a translation taken away (${engineName})`, () => {
  it('no longer finds the game by that title', async () => {
    const removed = await call(t.app, 'DELETE', `/api/v1/games/${games['street-racer']!.id}/translations/de`, { token: ownerKey });
    expect(removed.status).toBe(200);
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    expect(await slugsFor('strassenrennen')).toEqual([]);
    expect(await slugsFor('street')).toEqual(['street-racer']);
  });
});

describe(`the migration that folds the catalog again (${engineName})`, () => {
  it('makes again the search fields of a game written before it, and leaves plain ASCII ones alone', async () => {
    const em = t.db.orm.em.fork();
    const connection = em.getConnection();
    // As the fold before it left them: ß kept, no pairs of Japanese characters.
    await connection.execute(
      `insert into games (slug, title, description, status, published_at, search_text, search_title, created_at, updated_at)
       values ('old-fold', 'Straße パズル王国', 'Alt', 'APPROVED', now(), 'straße パズル王国 alt', 'straße パズル王国', now(), now()),
              ('plain-ascii', 'Plain Game', 'Kept', 'APPROVED', now(), 'kept as it was', 'plain game', now(), now())`,
    );
    await new RefoldMigration(em.getDriver(), t.db.orm.config).up();
    const rows = await connection.execute<{ slug: string; search_text: string; search_title: string }[]>(
      `select slug, search_text, search_title from games where slug in ('old-fold', 'plain-ascii') order by slug`,
    );
    expect(rows).toEqual([
      { slug: 'old-fold', search_text: 'strasse パズル王国 alt パズ ズル ル王 王国', search_title: 'strasse パズル王国 パズ ズル ル王 王国' },
      { slug: 'plain-ascii', search_text: 'kept as it was', search_title: 'plain game' },
    ]);
  });
});
