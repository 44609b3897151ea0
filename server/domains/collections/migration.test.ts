import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { engineName } from '../../../tests/support/engine';
import type { Database } from '../../db/orm';
import { sqlIn } from '../../db/sql';

const MIGRATION = 'Migration20261125162000_players_come_back';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe(`the players-come-back migration (${engineName})`, () => {
  it("moves each account's existing favourites into a Favorites collection, its first, and keeps them readable as favorites", async () => {
    const em = db.orm.em.fork();
    await db.orm.migrator.down({ migrations: [MIGRATION] });
    const [ada, bob] = await sqlIn<{ id: number }>(
      em,
      `insert into users (email, name, role, created_at) values ('ada@example.com', 'Ada', 'USER', now()), ('bob@example.com', 'Bob', 'USER', now()) returning id`,
    );
    const games = await sqlIn<{ id: number }>(
      em,
      `insert into games (slug, title, description, status, created_at, updated_at)
       select 'g' || n, 'Game ' || n, 'A game', 'APPROVED', now(), now() from generate_series(1, 3) n returning id`,
    );
    await sqlIn(
      em,
      `insert into favorites (user_id, game_id, created_at) values (?, ?, '2026-11-01T10:00:00Z'), (?, ?, '2026-11-02T10:00:00Z'), (?, ?, '2026-11-03T10:00:00Z')`,
      [ada!.id, games[0]!.id, ada!.id, games[1]!.id, bob!.id, games[2]!.id],
    );

    await db.orm.migrator.up({ migrations: [MIGRATION] });

    const collections = await sqlIn<{ user_id: number; name: string; is_favorites: boolean; is_public: boolean }>(
      em,
      'select user_id, name, is_favorites, is_public from collections order by user_id',
    );
    expect(collections).toEqual([
      { user_id: ada!.id, name: 'Favorites', is_favorites: true, is_public: false },
      { user_id: bob!.id, name: 'Favorites', is_favorites: true, is_public: false },
    ]);
    const moved = await sqlIn<{ user_id: number; game_id: number; created_at: Date | string }>(em, 'select user_id, game_id, created_at from favorites order by created_at');
    expect(moved.map((row) => [row.user_id, row.game_id, new Date(row.created_at).toISOString()])).toEqual([
      [ada!.id, games[0]!.id, '2026-11-01T10:00:00.000Z'],
      [ada!.id, games[1]!.id, '2026-11-02T10:00:00.000Z'],
      [bob!.id, games[2]!.id, '2026-11-03T10:00:00.000Z'],
    ]);
  });
});
