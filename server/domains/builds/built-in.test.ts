/**
 * The built-in games are ordinary builds of the portal's own account (issue #24): seeding puts
 * each game's folder live as a build, records nothing when no file changed, and a new version
 * when one did, storing only that file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../db/catalog';
import { queryOf } from '../../db/kysely';
import type { Database } from '../../db/orm';
import { seedCatalog } from '../../db/seed';
import { openBuiltInGames } from '../../../tests/support/built-in-games';
import { engineName } from '../../../tests/support/engine';
import { builtInBuildFiles, PORTAL_ACCOUNT } from './built-in';
import type { BlobStore } from './storage/blob-store';

const GAMES = 'http://localhost:4101';

describe(`the built-in games as builds (${engineName})`, () => {
  let db: Database;
  let root: string;
  let storage: BlobStore;
  const catalog = loadCatalog().filter((entry) => ['paddle-duel', 'balloon-party'].includes(entry.slug));

  const builds = () =>
    queryOf(db.orm.em.fork())
      .selectFrom('game_builds as b')
      .innerJoin('games as g', 'g.id', 'b.game_id')
      .innerJoin('users as u', 'u.id', 'b.uploaded_by_id')
      .select(['g.slug', 'b.id', 'b.version', 'b.status', 'b.new_files', 'u.email', 'g.live_build_id', 'g.src_url', 'g.thumb_url'])
      .orderBy('g.slug')
      .orderBy('b.version')
      .execute();

  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, root, storage, close } = await openBuiltInGames('playfree-built-in-'));
  });
  afterAll(() => close?.());

  it('puts each game’s folder live as an approved build of the portal’s account, played from its own origin', async () => {
    const summary = await seedCatalog(db.orm.em.fork(), { GAMES_PUBLIC_URL: GAMES }, catalog, { storage, gamesDir: root });
    expect(summary.newBuilds).toBe(2);
    const rows = await builds();
    expect(rows.map((row) => [row.slug, row.version, row.status, row.email])).toEqual([
      ['balloon-party', 1, 'APPROVED', PORTAL_ACCOUNT.email],
      ['paddle-duel', 1, 'APPROVED', PORTAL_ACCOUNT.email],
    ]);
    for (const row of rows) {
      expect(row.live_build_id).toBe(row.id);
      expect(row.src_url).toBe(`http://${row.slug}.localhost:4101/`);
      expect(row.thumb_url).toBe(`${GAMES}/thumbs/${row.slug}`);
    }
    // The kit and the SDK are in each build, stored once for both.
    const paths = builtInBuildFiles('paddle-duel', root).map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['index.html', 'kit/kit.js', 'kit/kit.css', 'sdk/playfree-sdk.js']));
    expect(rows[0]!.new_files + rows[1]!.new_files).toBeLessThan(2 * paths.length);
  });

  it('records nothing when no file changed, and a new live version storing only the changed file when one did', async () => {
    expect((await seedCatalog(db.orm.em.fork(), { GAMES_PUBLIC_URL: GAMES }, catalog, { storage, gamesDir: root })).newBuilds).toBe(0);
    writeFileSync(join(root, 'paddle-duel', 'index.html'), '<!doctype html><title>Paddle Duel, changed</title>');
    expect((await seedCatalog(db.orm.em.fork(), { GAMES_PUBLIC_URL: GAMES }, catalog, { storage, gamesDir: root })).newBuilds).toBe(1);
    const paddle = (await builds()).filter((row) => row.slug === 'paddle-duel');
    expect(paddle.map((row) => [row.version, row.status, row.new_files])).toEqual([
      [1, 'APPROVED', expect.any(Number)],
      [2, 'APPROVED', 1],
    ]);
    expect(paddle[1]!.live_build_id).toBe(paddle[1]!.id);
  });
});
