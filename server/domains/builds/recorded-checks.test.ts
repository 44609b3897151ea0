/**
 * The built-in games' verdicts shipped in games/recorded-checks.json (recorded-checks.ts): each
 * must be about the game's files as they are and the checks as they are (else this fails with the
 * command that records them again), and a start uses a record only when both match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../db/catalog';
import { queryOf } from '../../db/kysely';
import type { Database } from '../../db/orm';
import { seedCatalog } from '../../db/seed';
import { openBuiltInGames } from '../../../tests/support/built-in-games';
import { engineName } from '../../../tests/support/engine';
import { hasBuiltInFolder, hashedBuiltInBuildFiles } from './built-in';
import { claimBuildToCheck } from './queries';
import { builtInBuildHash, checksVersion, loadRecordedChecks, RECORD_COMMAND, type RecordedChecks } from './recorded-checks';
import type { BlobStore } from './storage/blob-store';

describe('the recorded verdicts of the built-in games', () => {
  const recorded = loadRecordedChecks();
  const slugs = loadCatalog()
    .map((entry) => entry.slug)
    .filter((slug) => hasBuiltInFolder(slug));

  it('cover every built-in game and nothing else', () => {
    expect(Object.keys(recorded).sort(), `games/recorded-checks.json lists other games than games/: run ${RECORD_COMMAND} and commit the file`).toEqual([...slugs].sort());
  });

  it.each(slugs)('%s: recorded for its files as they are, by the checks as they are', (slug) => {
    const record = recorded[slug];
    expect(record, `no verdict recorded for ${slug}: run ${RECORD_COMMAND} and commit games/recorded-checks.json`).toBeDefined();
    expect(record!.build, `${slug}'s files changed since its verdict was recorded: run ${RECORD_COMMAND} and commit games/recorded-checks.json`).toBe(
      builtInBuildHash(hashedBuiltInBuildFiles(slug)),
    );
    expect(record!.checksVersion, `the checks (server/domains/builds/checks/) changed since the verdicts were recorded: run ${RECORD_COMMAND} and commit games/recorded-checks.json`).toBe(
      checksVersion(),
    );
    expect(record!.checks.browser, `${slug}'s verdict was recorded without Chromium`).toBe(true);
  });
});

describe(`a start uses a recorded verdict only for the same files and checks (${engineName})`, () => {
  let db: Database;
  let root: string;
  let storage: BlobStore;
  const catalog = loadCatalog().filter((entry) => ['paddle-duel', 'balloon-party'].includes(entry.slug));
  const env = { GAMES_PUBLIC_URL: 'http://localhost:4102' };

  const liveChecks = async () => {
    const rows = await queryOf(db.orm.em.fork())
      .selectFrom('games as g')
      .innerJoin('game_builds as b', 'b.id', 'g.live_build_id')
      .select(['g.slug', 'b.id', 'b.checks'])
      .where('g.slug', 'in', ['paddle-duel', 'balloon-party'])
      .execute();
    return Object.fromEntries(rows.map((row) => [row.slug, { id: row.id, checks: row.checks as { seconds: number } | null }]));
  };
  const recordFor = (slug: string, seconds: number, version = checksVersion()): RecordedChecks[string] => ({
    build: builtInBuildHash(hashedBuiltInBuildFiles(slug, root)),
    checksVersion: version,
    checks: { verdict: 'pass', seconds, browser: true, offline: true, loaded: ['index.html'], items: [] },
  });

  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ db, root, storage, close } = await openBuiltInGames('playfree-recorded-'));
  });
  afterAll(() => close?.());

  it('a new build takes the verdict recorded for its files and the current checks; one recorded by other checks is checked as an upload is', async () => {
    const recordedChecks = { 'paddle-duel': recordFor('paddle-duel', 7), 'balloon-party': recordFor('balloon-party', 8, 'older-checks') };
    await seedCatalog(db.orm.em.fork(), env, catalog, { storage, gamesDir: root, recordedChecks });
    const live = await liveChecks();
    expect(live['paddle-duel']!.checks?.seconds).toBe(7);
    expect(live['balloon-party']!.checks).toBeNull();
    // Only the unrecorded one waits for a checker.
    const claimed = await claimBuildToCheck(db.orm.em.fork(), 60);
    expect(claimed?.id).toBe(live['balloon-party']!.id);
    expect(await claimBuildToCheck(db.orm.em.fork(), 60)).toBeUndefined();
  });

  it('a live build still waiting for its checks takes a matching record at the next start; a record of other files is not used', async () => {
    const recordedChecks = {
      'balloon-party': recordFor('balloon-party', 9),
      'paddle-duel': { ...recordFor('paddle-duel', 10), build: builtInBuildHash([{ path: 'index.html', hash: 'other' }]) },
    };
    await seedCatalog(db.orm.em.fork(), env, catalog, { storage, gamesDir: root, recordedChecks });
    const live = await liveChecks();
    expect(live['balloon-party']!.checks?.seconds).toBe(9);
    // Already checked: kept as it was.
    expect(live['paddle-duel']!.checks?.seconds).toBe(7);
  });
});
