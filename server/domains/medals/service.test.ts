import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { declareMedalsInput, type MedalDeclaration } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { Conflict, Forbidden, NotFound } from '../errors';
import { getGameBySlug, recordPlay } from '../games/service';
import { seedCatalog } from '../../db/seed';
import { Game, User } from '../../../entities';
import { exportAccount } from '../account/service';
import { TEST_CATALOG } from '../../../tests/support/catalog';
import { declaredGameMedals, declareGameMedals, gameMedals, MEDAL_OUTSIDE_SESSION, myMedals, replaceMedals, unlockMedal } from './service';

let t: DomainTest;
const parse = (medals: unknown[]) => declareMedalsInput.safeParse({ id: 1, medals });
let gameId: number;

const MEDALS: MedalDeclaration[] = [
  { key: 'first-blood', name: 'First Blood', description: 'Destroy your first asteroid.', icon: 'target', points: 5, secret: false },
  { key: 'ace', name: 'Ace', description: 'Score 1,000 points in one round.', icon: 'star', points: 25, secret: false },
  { key: 'dark-side', name: 'Dark Side', description: 'Fly behind the moon.', icon: 'rocket', points: 50, secret: true },
];

beforeAll(async () => {
  t = await openDomainTest();
  gameId = (await getGameBySlug(t.context(), 'star-blaster')).id;
  await t.db.orm.em.fork().transactional((tx) => replaceMedals(tx, gameId, MEDALS, new Date()));
});
afterAll(() => t.close());

async function playing(email: string): Promise<AuthedContext> {
  const player = await t.signedIn(email);
  await recordPlay(player, gameId);
  return player;
}

describe(`medals (${engineName})`, () => {
  it('lists a game’s medals in order, a secret one hidden but for its points', async () => {
    expect(await gameMedals(t.context(), gameId)).toEqual([
      { key: 'first-blood', name: 'First Blood', description: 'Destroy your first asteroid.', icon: 'target', points: 5, secret: false, unlocked: false, unlockedAt: null },
      { key: 'ace', name: 'Ace', description: 'Score 1,000 points in one round.', icon: 'star', points: 25, secret: false, unlocked: false, unlockedAt: null },
      { key: null, name: null, description: null, icon: null, points: 50, secret: true, unlocked: false, unlockedAt: null },
    ]);
  });

  it('refuses an unlock outside a play session of the player, before telling whether the medal exists', async () => {
    const player = await t.signedIn('outside@example.com');
    await expect(unlockMedal(player, gameId, 'first-blood')).rejects.toThrow(Forbidden);
    await expect(unlockMedal(player, gameId, 'no-such-medal')).rejects.toThrow(MEDAL_OUTSIDE_SESSION);
    // A session idle past 15 minutes is over.
    const idle = await playing('idle@example.com');
    await t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update visitor_game_activity set seen_at = now() - interval '16 minutes' where visitor_key = ? and game_id = ?`, [`u:${idle.user.id}`, gameId]);
    await expect(unlockMedal(idle, gameId, 'first-blood')).rejects.toBeInstanceOf(Forbidden);
    expect((await myMedals(idle)).medals).toEqual([]);
  });

  it('refuses an unknown medal and a game that is not published', async () => {
    const player = await playing('unknown@example.com');
    await expect(unlockMedal(player, gameId, 'no-such-medal')).rejects.toBeInstanceOf(NotFound);
    await expect(unlockMedal(player, gameId, 'no-such-medal')).rejects.toThrow('Medal not found');
    await expect(unlockMedal(player, 999_999, 'ace')).rejects.toBeInstanceOf(NotFound);
    await expect(gameMedals(t.context(), 999_999)).rejects.toBeInstanceOf(NotFound);
  });

  it('unlocks once: a second unlock is idempotent and keeps the first time', async () => {
    const player = await playing('ada.medals@example.com');
    const first = await unlockMedal(player, gameId, 'first-blood');
    expect(first).toMatchObject({ newlyUnlocked: true, medal: { key: 'first-blood', unlocked: true } });
    const again = await unlockMedal(player, gameId, 'first-blood');
    expect(again.newlyUnlocked).toBe(false);
    expect(again.medal.unlockedAt).toBe(first.medal.unlockedAt);
    const mine = await myMedals(player);
    expect(mine.points).toBe(5);
    expect(mine.medals).toEqual([
      expect.objectContaining({ key: 'first-blood', points: 5, unlockedAt: first.medal.unlockedAt, game: { id: gameId, slug: 'star-blaster', title: 'Star Blaster' } }),
    ]);
    // The account's export holds it too.
    expect((await exportAccount(player)).medals).toEqual([
      { gameId, slug: 'star-blaster', title: 'Star Blaster', key: 'first-blood', name: 'First Blood', points: 5, unlockedAt: first.medal.unlockedAt },
    ]);
  });

  it('reveals a secret medal to the player who unlocked it, and to no one else', async () => {
    const player = await playing('grace.medals@example.com');
    const unlocked = await unlockMedal(player, gameId, 'dark-side');
    expect(unlocked.medal).toMatchObject({ key: 'dark-side', name: 'Dark Side', icon: 'rocket', secret: true, unlocked: true });
    const theirs = await gameMedals(player, gameId);
    expect(theirs[2]).toMatchObject({ key: 'dark-side', name: 'Dark Side', description: 'Fly behind the moon.', unlocked: true });
    expect(theirs[0]).toMatchObject({ key: 'first-blood', unlocked: false });
    const someoneElse = await t.signedIn('other.medals@example.com');
    expect((await gameMedals(someoneElse, gameId))[2]).toMatchObject({ key: null, name: null, unlocked: false });
    expect((await gameMedals(t.context(), gameId))[2]).toMatchObject({ key: null, name: null });
    expect((await myMedals(player)).medals.map((medal) => medal.name)).toEqual(['Dark Side']);
  });
});

describe(`declaring medals (${engineName})`, () => {
  it('lets only the game’s developer declare them, keeps unlocked medals, and refuses removing one players have', async () => {
    const developer = await t.signedIn('studio.medals@example.com');
    const stranger = await t.signedIn('stranger.medals@example.com');
    const em = t.db.orm.em.fork();
    const own = em.create(Game, { slug: 'studio-medal-game', title: 'Studio Medal Game', description: 'A game.', status: 'APPROVED', builtIn: false, owner: em.getReference(User, developer.user.id) });
    await em.flush();
    const ownId = own.id;
    const declared = await declareGameMedals(developer, ownId, MEDALS.slice(0, 2));
    expect(declared.map((medal) => medal.key)).toEqual(['first-blood', 'ace']);
    await expect(declareGameMedals(stranger, ownId, MEDALS)).rejects.toBeInstanceOf(NotFound);
    await expect(declaredGameMedals(stranger, ownId)).rejects.toBeInstanceOf(NotFound);

    // A player unlocks "ace"; renaming it keeps their unlock, removing it is refused.
    const player = await t.signedIn('player.studio@example.com');
    await recordPlay(player, ownId);
    await unlockMedal(player, ownId, 'ace');
    const renamed = { ...MEDALS[1]!, name: 'Top Ace', points: 30 };
    expect((await declareGameMedals(developer, ownId, [renamed, MEDALS[2]!])).map((medal) => [medal.key, medal.name])).toEqual([
      ['ace', 'Top Ace'],
      ['dark-side', 'Dark Side'],
    ]);
    expect((await myMedals(player)).medals).toEqual([expect.objectContaining({ key: 'ace', name: 'Top Ace', points: 30 })]);
    await expect(declareGameMedals(developer, ownId, [MEDALS[2]!])).rejects.toBeInstanceOf(Conflict);
    await expect(declareGameMedals(developer, ownId, [MEDALS[2]!])).rejects.toThrow(/"ace"/);
    expect((await declaredGameMedals(developer, ownId)).map((medal) => medal.key)).toEqual(['ace', 'dark-side']);
  });

  it('refuses declarations with a repeated id, a bad icon or points outside 1-100', () => {
    expect(parse([MEDALS[0], MEDALS[0]]).success).toBe(false);
    expect(parse([{ ...MEDALS[0], icon: 'https://example.com/x.png' }]).success).toBe(false);
    expect(parse([{ ...MEDALS[0], points: 0 }]).success).toBe(false);
    expect(parse([{ ...MEDALS[0], points: 101 }]).success).toBe(false);
    expect(parse([{ ...MEDALS[0], key: 'Has Spaces' }]).success).toBe(false);
    expect(parse([{ key: 'plain', name: 'Plain', icon: 'star', points: 1 }])).toMatchObject({ success: true, data: { medals: [{ description: '', secret: false }] } });
  });

  it('seeds the built-in catalog’s medals, and keeps one players have when the catalog drops it', async () => {
    const catalog = TEST_CATALOG.map((entry) => (entry.slug === 'cafe-racer' ? { ...entry, medals: MEDALS } : entry));
    await seedCatalog(t.db.orm.em.fork(), t.env, catalog);
    const cafe = (await getGameBySlug(t.context(), 'cafe-racer')).id;
    expect((await gameMedals(t.context(), cafe)).map((medal) => medal.key)).toEqual(['first-blood', 'ace', null]);
    const player = await t.signedIn('racer@example.com');
    await recordPlay(player, cafe);
    await unlockMedal(player, cafe, 'first-blood');
    await seedCatalog(
      t.db.orm.em.fork(),
      t.env,
      TEST_CATALOG.map((entry) => (entry.slug === 'cafe-racer' ? { ...entry, medals: [MEDALS[1]!] } : entry)),
    );
    expect((await gameMedals(player, cafe)).map((medal) => medal.key)).toEqual(['ace', 'first-blood']);
  });
});
