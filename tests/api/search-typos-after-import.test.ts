/**
 * Issue 49, point 11: after a large catalog change made elsewhere (one SQL statement, as another
 * server or an import writes it), the first misspelt search once the index has caught up answers
 * from the new vocabulary, as the second one does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const NEW_GAMES = 3000;

describe(`typos after a large catalog change (${engineName})`, { timeout: 120_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('the very first misspelt search finds the games the new word came with', async () => {
    // The index is built and looking for other servers' writes, as on a portal that serves searches.
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    expect((await call(t.app, 'GET', '/api/games?search=zorblat')).body).toEqual([]);
    // The typo was asked before: nothing then.
    expect((await call(t.app, 'GET', '/api/games?search=zorbalt')).body).toEqual([]);
    await t.db.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into games (slug, title, description, status, published_at, search_text, search_title, created_at, updated_at)
         select 'zorblat-' || i, 'Zorblat Quest ' || i, 'A quest', 'APPROVED', now(), 'zorblat quest ' || i || ' a quest', 'zorblat quest ' || i, now(), now()
           from generate_series(1, ${NEW_GAMES}) i`,
      );
    // Until the index has taken the write in (it looks every second), searches are not asked.
    const em = t.db.orm.em.fork();
    const deadline = Date.now() + 60_000;
    while ((await t.services.catalogCache.searchIndex.secondsBehind(em)) > 0 && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
    expect(await t.services.catalogCache.searchIndex.secondsBehind(em)).toBe(0);

    const first = await call<{ title: string }[]>(t.app, 'GET', '/api/games?search=zorbalt');
    const second = await call<{ title: string }[]>(t.app, 'GET', '/api/games?search=zorbalt');
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(0);
    expect(first.body.every((game) => game.title.startsWith('Zorblat Quest'))).toBe(true);
    expect(first.body).toEqual(second.body);
  });
});
