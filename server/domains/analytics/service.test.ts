/**
 * Analytics from a known set of sessions: historic ones written as raw rows and
 * rolled up by `rebuildStats`, today's made through the real paths (a play, its
 * play-time reports, a game over), and the two agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import type { AuthedContext } from '../context';
import { NotFound, Validation } from '../errors';
import { recordPlay } from '../games/service';
import { rebuildStats } from '../games/stats';
import { addPlayTime } from '../scores/service';
import { prunePlaySessions } from './rollups';
import { gameAnalytics, recordAnalyticsEvent, recordCompletion } from './service';

let t: DomainTest;
let dev: AuthedContext;
let other: AuthedContext;
let gameId: number;

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** A session that started at noon UTC `daysAgo` days ago, with its play (as the raw rows a bulk import would write). */
async function pastSession(visitor: string, daysAgo: number, seconds: number, completed = false): Promise<void> {
  const at = `((now() at time zone 'UTC')::date - ${daysAgo} + time '12:00') at time zone 'UTC'`;
  await sql(
    `insert into play_sessions (game_id, visitor_key, started_at, ended_at, seconds, completed_at)
       values (?, ?, ${at}, ${at} + make_interval(secs => ?), ?, ${completed ? `${at} + interval '1 minute'` : 'null'})`,
    [gameId, visitor, seconds, seconds],
  );
  await sql(`insert into play_events (game_id, visitor_key, created_at) values (?, ?, ${at})`, [gameId, visitor]);
}

const visitor = (n: number) => t.context({ visitorId: `analytics${n}`.padEnd(22, 'x') });

beforeAll(async () => {
  t = await openDomainTest();
  dev = await t.signedIn('studio@example.com');
  other = await t.signedIn('someone-else@example.com');
  const [game] = await sql<{ id: number }>(`select id from games where status = 'APPROVED' order by id limit 1`);
  gameId = game!.id;
  await sql('update games set owner_id = ? where id = ?', [dev.user.id, gameId]);
  // a: days 10, 9 and 3 ago; b: 10 and 3 ago; c: 5 and 4 ago; d: 40 and 33 ago.
  await pastSession('v:a', 10, 60, true);
  await pastSession('v:a', 9, 120);
  await pastSession('v:a', 3, 30);
  await pastSession('v:b', 10, 100);
  await pastSession('v:b', 3, 50, true);
  await pastSession('v:c', 5, 200, true);
  await pastSession('v:c', 4, 10);
  await pastSession('v:d', 40, 10);
  await pastSession('v:d', 33, 20);
  await rebuildStats(t.db.orm);
});
afterAll(() => t.close());

describe(`analytics from sessions (${engineName})`, () => {
  it('computes the documented figures for each period from the sessions', async () => {
    const { days: _days, earnings: _earnings, ...week } = await gameAnalytics(dev, gameId, '7d');
    expect(week).toEqual({
      game_id: gameId,
      period: '7d',
      metrics: {
        // Days 5, 4 and 3 ago: c twice, a and b once each.
        total_plays: 4,
        unique_players: 3,
        average_session: Math.round(290 / 4),
        completion_rate: 0.5,
        // Only c was first seen in these 7 days, and came back the next day; its day 7 has not come.
        retention_rates: { day_1: 1, day_7: 0, day_30: 0 },
        revenue: { total: 0, currency: 'USD' },
      },
      demographics: { age_groups: {}, countries: {} },
    });
    expect((await gameAnalytics(dev, gameId, '30d')).metrics).toEqual({
      total_plays: 7,
      unique_players: 3,
      average_session: Math.round(570 / 7),
      completion_rate: 0.4286,
      // a, b, c first seen; day 1: a and c came back; day 7 has come for a and b only, both came back; day 30 for nobody.
      retention_rates: { day_1: 0.6667, day_7: 1, day_30: 0 },
      revenue: { total: 0, currency: 'USD' },
    });
    expect((await gameAnalytics(dev, gameId, '90d')).metrics).toMatchObject({
      total_plays: 9,
      unique_players: 4,
      average_session: Math.round(600 / 9),
      completion_rate: 0.3333,
      // d joins: back on day 7 (33 days ago), not on day 1 or day 30.
      retention_rates: { day_1: 0.5, day_7: 1, day_30: 0 },
    });
  });

  it('gives the developer portal one row per day, oldest first, days without play as zeros', async () => {
    const { days, metrics } = await gameAnalytics(dev, gameId, '7d');
    expect(days).toHaveLength(7);
    expect(days.map((day) => day.plays)).toEqual([0, 1, 1, 2, 0, 0, 0]);
    expect(days[3]).toMatchObject({ plays: 2, unique_players: 2, sessions: 2, average_session: 40, completions: 1 });
    expect(days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(metrics.total_plays).toBe(4);
  });

  it("starts sessions with plays, extends them with play time and completes them once; the rollups match a rebuild", async () => {
    const first = visitor(1);
    const second = visitor(2);
    await recordPlay(first, gameId);
    await addPlayTime(first, gameId, 45);
    await addPlayTime(first, gameId, 15);
    expect(await recordCompletion(first, gameId)).toEqual({ completed: true });
    expect(await recordCompletion(first, gameId)).toEqual({ completed: false });
    await recordPlay(second, gameId);
    await addPlayTime(second, gameId, 30);
    // A visitor with no session going adds play time to the game only.
    await addPlayTime(visitor(3), gameId, 500);
    expect(await recordCompletion(visitor(3), gameId)).toEqual({ completed: false });

    const live = await gameAnalytics(dev, gameId, '30d');
    expect(live.days.at(-1)).toMatchObject({ plays: 2, unique_players: 2, sessions: 2, average_session: 45, completions: 1 });
    expect(live.metrics).toMatchObject({ total_plays: 9, unique_players: 5, average_session: Math.round(660 / 9), completion_rate: 0.4444 });

    await rebuildStats(t.db.orm);
    expect(await gameAnalytics(dev, gameId, '30d')).toEqual(live);
  });

  it('a session started signed out goes on after the player signs in in that browser', async () => {
    const browser = `analytics-late`.padEnd(22, 'x');
    await recordPlay(t.context({ visitorId: browser }), gameId);
    const account = await t.signedIn('late-signer@example.com');
    const signedIn = t.context({ token: account.token, visitorId: browser });
    const before = (await gameAnalytics(dev, gameId, '7d')).days.at(-1)!;
    await addPlayTime(signedIn, gameId, 40);
    expect(await recordCompletion(signedIn, gameId)).toEqual({ completed: true });
    const after = (await gameAnalytics(dev, gameId, '7d')).days.at(-1)!;
    expect(after.sessions).toBe(before.sessions);
    expect(after.completions).toBe(before.completions + 1);
    const [session] = await sql<{ seconds: number; completed: boolean }>(
      `select seconds, completed_at is not null as completed from play_sessions where visitor_key like 'v:%' order by id desc limit 1`,
    );
    expect(session).toEqual({ seconds: 40, completed: true });
  });

  it('pruning sessions past the retention keeps every figure, and a rebuild after it too', async () => {
    const before = await gameAnalytics(dev, gameId, '90d');
    // d's two sessions, 40 and 33 days ago.
    expect(await prunePlaySessions(t.db.orm, 14)).toBe(2);
    expect(await gameAnalytics(dev, gameId, '90d')).toEqual(before);
    await rebuildStats(t.db.orm);
    expect(await gameAnalytics(dev, gameId, '90d')).toEqual(before);
  });

  it('answers only the owner: anyone else, or a missing game, is a 404', async () => {
    await expect(gameAnalytics(other, gameId, '30d')).rejects.toBeInstanceOf(NotFound);
    await expect(gameAnalytics(dev, 999_999, '30d')).rejects.toBeInstanceOf(NotFound);
  });

  it("stores custom events of the owner's game and refuses bad ones naming the field", async () => {
    expect(
      await recordAnalyticsEvent(dev, { game_id: gameId, player_id: 'p_8f3a2c', event: 'level_complete', properties: { level: 3 }, timestamp: '2025-08-01T12:34:56Z' }),
    ).toEqual({ accepted: true });
    expect(await recordAnalyticsEvent(dev, { game_id: gameId, player_id: 'p_1', event: 'item_unlocked' })).toEqual({ accepted: true });
    const rows = await sql<{ player_id: string; event: string; properties: unknown; occurred_at: string }>(
      'select player_id, event, properties, occurred_at from analytics_events where game_id = ? order by id',
      [gameId],
    );
    expect(rows.map((row) => [row.player_id, row.event, row.properties])).toEqual([
      ['p_8f3a2c', 'level_complete', { level: 3 }],
      ['p_1', 'item_unlocked', {}],
    ]);
    expect(new Date(rows[0]!.occurred_at).toISOString()).toBe('2025-08-01T12:34:56.000Z');
    expect(Date.now() - new Date(rows[1]!.occurred_at).getTime()).toBeLessThan(60_000);

    const refused = (event: Record<string, unknown>) => recordAnalyticsEvent(dev, { game_id: gameId, player_id: 'p', event: 'x', ...event } as never);
    await expect(refused({ event: 'has spaces' })).rejects.toMatchObject({ field: 'event' });
    await expect(refused({ player_id: '' })).rejects.toMatchObject({ field: 'player_id' });
    await expect(refused({ timestamp: 'yesterday' })).rejects.toMatchObject({ field: 'timestamp' });
    await expect(refused({ timestamp: new Date(Date.now() + 3_600_000).toISOString() })).rejects.toMatchObject({ field: 'timestamp' });
    await expect(refused({ properties: { note: 'nul\u0000' } })).rejects.toMatchObject({ field: 'properties' });
    await expect(refused({ properties: { blob: 'x'.repeat(5000) } })).rejects.toBeInstanceOf(Validation);
    await expect(recordAnalyticsEvent(other, { game_id: gameId, player_id: 'p', event: 'x' })).rejects.toBeInstanceOf(NotFound);
  });
});
