import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import type { AuthedContext } from '../context';
import { getGameBySlug, recordPlay } from '../games/service';
import { NotFound } from '../errors';
import { badgeFor, weekSeason } from './seasons';
import { leaderboard, myStanding, submitScore, topScores } from './service';

let t: DomainTest;
let now: Date;
let gameId: number;

beforeAll(async () => {
  t = await openDomainTest();
  // The injected clock: seasons roll over when the test says, not after a sleep.
  t.services.clock = { now: () => now };
  gameId = (await getGameBySlug(t.context(), 'star-blaster')).id;
});
afterAll(() => t.close());

async function playing(email: string): Promise<AuthedContext> {
  const player = await t.signedIn(email);
  await recordPlay(player, gameId);
  return player;
}

describe(`weekly seasons (pure)`, () => {
  it('start Monday 00:00 UTC and last seven days, whatever the day and hour', () => {
    expect(weekSeason(new Date('2026-11-30T00:00:00.000Z'))).toEqual({ start: new Date('2026-11-30T00:00:00Z'), end: new Date('2026-12-07T00:00:00Z') });
    expect(weekSeason(new Date('2026-11-29T23:59:59.999Z')).start).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(weekSeason(new Date('2026-11-25T16:10:00Z')).start).toEqual(new Date('2026-11-23T00:00:00Z'));
    // Across a month and a year.
    expect(weekSeason(new Date('2027-01-01T12:00:00Z')).start).toEqual(new Date('2026-12-28T00:00:00Z'));
  });

  it('give badges to the top three, then the best 1, 5 and 10 %', () => {
    expect([1, 2, 3].map((rank) => badgeFor(rank, 3))).toEqual(['first', 'second', 'third']);
    expect(badgeFor(4, 5)).toBeNull();
    expect(badgeFor(12, 1200)).toBe('top1');
    expect(badgeFor(13, 1200)).toBe('top5');
    expect(badgeFor(60, 1200)).toBe('top5');
    expect(badgeFor(61, 1200)).toBe('top10');
    expect(badgeFor(120, 1200)).toBe('top10');
    expect(badgeFor(121, 1200)).toBeNull();
  });
});

describe(`weekly and all-time leaderboards (${engineName})`, () => {
  it('roll over at Monday 00:00 UTC: last week’s scores leave the weekly board and stay on the all-time one', async () => {
    now = new Date('2026-11-29T23:59:30Z'); // Sunday, 30 s before the season ends
    const ada = await playing('ada.season@example.com');
    const bob = await playing('bob.season@example.com');
    await submitScore(ada, gameId, 300);
    await submitScore(bob, gameId, 200);

    const lastWeek = await topScores(t.context(), gameId, 'week');
    expect(lastWeek.map((entry) => [entry.rank, entry.player, entry.score, entry.badge])).toEqual([
      [1, 'Ada S.', 300, 'first'],
      [2, 'Bob S.', 200, 'second'],
    ]);
    expect(await myStanding(bob, gameId, 'week')).toEqual({
      period: 'week',
      seasonStart: '2026-11-23T00:00:00.000Z',
      seasonEnd: '2026-11-30T00:00:00.000Z',
      players: 2,
      rank: 2,
      score: 200,
      badge: 'second',
    });

    now = new Date('2026-11-30T00:00:00Z'); // Monday: a new season
    expect(await topScores(t.context(), gameId, 'week')).toEqual([]);
    expect(await myStanding(bob, gameId, 'week')).toEqual({
      period: 'week',
      seasonStart: '2026-11-30T00:00:00.000Z',
      seasonEnd: '2026-12-07T00:00:00.000Z',
      players: 0,
      rank: null,
      score: null,
      badge: null,
    });
    expect((await topScores(t.context(), gameId, 'all')).map((entry) => entry.score)).toEqual([300, 200]);

    // This week Bob leads with less than Ada's all-time best.
    await submitScore(bob, gameId, 150);
    expect((await topScores(t.context(), gameId, 'week')).map((entry) => [entry.player, entry.score])).toEqual([['Bob S.', 150]]);
    expect(await myStanding(bob, gameId, 'week')).toMatchObject({ rank: 1, players: 1, score: 150, badge: 'first' });
    expect(await myStanding(bob, gameId, 'all')).toMatchObject({ period: 'all', seasonStart: null, seasonEnd: null, rank: 2, players: 2, score: 200 });
    expect(await myStanding(ada, gameId, 'week')).toMatchObject({ rank: null, players: 1, score: null });
  });

  it('ranks a player below the top ten by their best, ties to the earlier score, with their percentile badge', async () => {
    now = new Date('2026-12-14T10:00:00Z'); // a season no other test writes to
    const players: AuthedContext[] = [];
    for (let index = 0; index < 24; index += 1) players.push(await playing(`rank${index}@example.com`));
    // Scores 240, 230, … 10: player i is ranked i + 1.
    for (const [index, player] of players.entries()) {
      await submitScore(player, gameId, (24 - index) * 10);
      now = new Date(now.getTime() + 1000);
    }
    // A later equal score ranks after the earlier one; a worse later score does not lower a best.
    const late = await playing('late@example.com');
    await submitScore(late, gameId, 130);
    await submitScore(players[11]!, gameId, 5);

    const board = await leaderboard(t.context(), gameId, 'week');
    expect(board.players).toBe(25);
    expect(board.entries).toHaveLength(10);
    expect(board.entries.map((entry) => entry.badge)).toEqual(['first', 'second', 'third', null, null, null, null, null, null, null]);
    expect(await myStanding(players[11]!, gameId, 'week')).toMatchObject({ rank: 12, score: 130, players: 25, badge: null });
    expect(await myStanding(late, gameId, 'week')).toMatchObject({ rank: 13, score: 130 });
    expect(await myStanding(players[1]!, gameId, 'week')).toMatchObject({ rank: 2, badge: 'second' });
    expect(await myStanding(players[3]!, gameId, 'week')).toMatchObject({ rank: 4, badge: null });
  });

  it('answers NotFound for a game that is not published, for both periods', async () => {
    const player = await t.signedIn('nobody.season@example.com');
    await expect(topScores(t.context(), 999_999, 'week')).rejects.toBeInstanceOf(NotFound);
    await expect(myStanding(player, 999_999, 'all')).rejects.toBeInstanceOf(NotFound);
  });
});
