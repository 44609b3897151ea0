/**
 * A game's categories, tags and origins are kept on its row (migration game_lists)
 * by triggers, whoever writes the link tables. These tests change them in every way
 * and hold the kept lists to the ones computed from the link tables, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildStats } from '../../server/domains/games/stats';
import { call, createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** Games whose kept lists differ from the lists computed from the link tables now. */
async function gamesOutOfStep(): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    `select g.id from games g
      where g.category_list::text is distinct from coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by c.sort_order, c.id)
                                                               from game_categories gc join categories c on c.id = gc.category_id where gc.game_id = g.id), '[]')::text
         or g.tag_list::text is distinct from coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name) order by tg.name)
                                                          from game_tags gt join tags tg on tg.id = gt.tag_id where gt.game_id = g.id), '[]')::text
         or g.origin_list::text is distinct from coalesce((select json_agg(json_build_object('allowedOrigin', o.allowed_origin) order by o.id)
                                                             from game_origins o where o.game_id = g.id), '[]')::text`,
  );
  return rows.map((row) => row.id);
}

describe(`categories, tags and origins kept on each game (${engineName})`, () => {
  it('match the link tables after the seed', async () => {
    expect(await gamesOutOfStep()).toEqual([]);
    const [game] = await sql<{ categories: unknown[]; tags: unknown[] }>('select category_list as categories, tag_list as tags from games where slug = ?', ['star-blaster']);
    expect(game!.categories.length).toBeGreaterThan(0);
    expect(game!.tags.length).toBeGreaterThan(0);
  });

  it('follow inserts, deletes, updates and renames, and the API shows them', async () => {
    const [{ id: gameId }] = (await sql<{ id: number }>(`select id from games where slug = 'star-blaster'`)) as [{ id: number }];
    const [{ id: tagId }] = (await sql<{ id: number }>(`insert into tags (name) values ('zz-kept-tag') returning id`)) as [{ id: number }];
    await sql('insert into game_tags (game_id, tag_id) values (?, ?)', [gameId, tagId]);
    await sql(`insert into game_origins (game_id, allowed_origin) values (?, 'https://kept.example')`, [gameId]);
    await sql(`update game_origins set allowed_origin = 'https://kept-again.example' where allowed_origin = 'https://kept.example'`);
    await sql(`update tags set name = 'zz-renamed-tag' where id = ?`, [tagId]);
    const [{ id: categoryId }] = (await sql<{ id: number }>('select category_id as id from game_categories where game_id = ? limit 1', [gameId])) as [{ id: number }];
    await sql(`update categories set name = name || ' (renamed)' where id = ?`, [categoryId]);
    expect(await gamesOutOfStep()).toEqual([]);

    t.services.catalogCache.invalidate();
    const { body } = await call<{ tags: { name: string }[]; categories: { name: string }[]; originAllowlists: { allowedOrigin: string }[] }>(
      t.app,
      'GET',
      '/api/games/star-blaster',
    );
    expect(body.tags.map((tag) => tag.name)).toContain('zz-renamed-tag');
    expect(body.categories.some((category) => category.name.endsWith(' (renamed)'))).toBe(true);
    expect(body.originAllowlists.map((origin) => origin.allowedOrigin)).toContain('https://kept-again.example');

    await sql('delete from game_tags where tag_id = ?', [tagId]);
    await sql(`delete from game_origins where allowed_origin = 'https://kept-again.example'`);
    expect(await gamesOutOfStep()).toEqual([]);
  });

  it('are repaired by db:rebuild-stats after a write the triggers did not see', async () => {
    await sql(`update games set tag_list = '[]', category_list = '[]', origin_list = '[]' where slug = 'star-blaster'`);
    expect(await gamesOutOfStep()).toHaveLength(1);
    await rebuildStats(t.db.orm);
    expect(await gamesOutOfStep()).toEqual([]);
  });
});
