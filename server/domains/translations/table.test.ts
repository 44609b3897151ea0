import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameTranslation } from '../../../entities';
import { openTestDatabase } from '../../../tests/support/database';
import { engineName } from '../../../tests/support/engine';
import type { Database } from '../../db/orm';
import { sqlIn } from '../../db/sql';

let db: Database;
let gameId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  const [game] = await sqlIn<{ id: number }>(db.orm.em.fork(), `insert into games (slug, title, description, status, created_at, updated_at) values ('t', 'Tower', 'Stack blocks', 'APPROVED', now(), now()) returning id`);
  gameId = game!.id;
});
afterAll(() => db.close());

const version = async () => Number((await sqlIn<{ version: string }>(db.orm.em.fork(), 'select version from catalog_version'))[0]!.version);

describe(`the game_translations table (${engineName})`, () => {
  it('keeps one listing per game and locale, and tells every server the catalog changed', async () => {
    const before = await version();
    const em = db.orm.em.fork();
    em.create(GameTranslation, { game: gameId, locale: 'fr', title: 'Tour', description: 'Empilez des blocs', instructions: null });
    await em.flush();
    expect(await version()).toBe(before + 1);
    const changes = await sqlIn<{ game_id: number }>(em, 'select game_id from catalog_changes where game_id = ?', [gameId]);
    expect(changes.length).toBeGreaterThan(0);
    const read = await db.orm.em.fork().findOneOrFail(GameTranslation, { game: gameId, locale: 'fr' });
    expect(read).toMatchObject({ title: 'Tour', description: 'Empilez des blocs', instructions: null });
    await expect(sqlIn(em, `insert into game_translations (game_id, locale, title, description) values (?, 'fr', 'Autre', 'x')`, [gameId])).rejects.toThrow(/duplicate key|unique/);
  });

  it('takes only the web app’s locales, and goes with its game', async () => {
    const em = db.orm.em.fork();
    await expect(sqlIn(em, `insert into game_translations (game_id, locale, title, description) values (?, 'xx', 'X', 'x')`, [gameId])).rejects.toThrow(/check constraint/);
    await sqlIn(em, `insert into game_translations (game_id, locale, title, description) values (?, 'pt-BR', 'Torre', 'Empilhe blocos')`, [gameId]);
    await sqlIn(em, 'delete from games where id = ?', [gameId]);
    expect(await sqlIn(em, 'select 1 from game_translations where game_id = ?', [gameId])).toEqual([]);
  });
});
