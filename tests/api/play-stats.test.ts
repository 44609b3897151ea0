/**
 * Plays are group-committed into raw events, daily rollups and the games'
 * counters (server/domains/games/plays.ts); trending ranks by the maintained
 * window count; `rebuildStats` recomputes everything from the raw rows. These
 * tests hold the derived numbers to the raw events, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTrendingWindow, prunePlayEvents, rebuildStats } from '../../server/domains/games/stats';
import { call, createTestApp, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  const { body } = await call<{ id: number }[]>(t.app, 'GET', '/api/games?limit=100');
  ids = body.map((game) => game.id).sort((a, b) => a - b);
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(query, params);
}

type Counters = { id: number; plays: number; trending_plays: number };

async function counters(): Promise<Counters[]> {
  return sql<Counters>('select id, plays, trending_plays from games order by id');
}

/** Each game's plays and trending-window plays counted straight from the raw events. */
async function countedFromEvents(): Promise<Counters[]> {
  return sql<Counters>(
    `select g.id, count(pe.id)::int as plays,
            (count(pe.id) filter (where (pe.created_at at time zone 'UTC')::date >= (now() at time zone 'UTC')::date - 6))::int as trending_plays
       from games g left join play_events pe on pe.game_id = g.id group by g.id order by g.id`,
  );
}

async function dailyRows(): Promise<{ game_id: number; day: string; plays: number }[]> {
  return sql('select game_id, day::text as day, plays from game_daily_plays order by game_id, day');
}

async function dailyFromEvents(): Promise<{ game_id: number; day: string; plays: number }[]> {
  return sql(
    `select game_id, ((created_at at time zone 'UTC')::date)::text as day, count(*)::int as plays
       from play_events group by 1, 2 order by 1, 2`,
  );
}

/** Inserts plays straight into play_events, as a bulk import would: the counters do not see them. */
async function importEvents(perGame: (gameIndex: number) => number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    for (const daysAgo of perGame(index)) {
      await sql(`insert into play_events (game_id, created_at) values (?, now() - make_interval(days => ?) - interval '1 minute')`, [id, daysAgo]);
    }
  }
}

describe(`play statistics (${engineName})`, () => {
  it('counts 200 simultaneous plays of 200 visitors exactly once each', async () => {
    const [first, second, third] = ids as [number, number, number];
    const targets = Array.from({ length: 200 }, (_, index) => [first, first, second, third][index % 4]!);
    const before = new Map((await counters()).map((row) => [row.id, row.plays]));
    const responses = await Promise.all(
      targets.map((id, index) => call<{ plays: number }>(t.app, 'POST', `/api/games/${id}/play`, { headers: visitorCookie(index) })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(200));

    for (const id of [first, second, third]) {
      const sent = targets.filter((target) => target === id).length;
      const answered = responses.filter((_, index) => targets[index] === id).map((response) => response.body.plays);
      // Every answer is a count the play itself is in, and the last one is the total.
      expect(Math.min(...answered)).toBeGreaterThan(before.get(id)!);
      expect(Math.max(...answered)).toBe(before.get(id)! + sent);
    }
    expect(await counters()).toEqual(await countedFromEvents());
    expect(await dailyRows()).toEqual(await dailyFromEvents());
  });

  it('a play of an unpublished or unknown game in a batch fails alone', async () => {
    const [pending] = await sql<{ id: number }>(
      `insert into games (slug, title, description, status, created_at, updated_at) values ('not-yet', 'Not Yet', 'Pending.', 'PENDING', now(), now()) returning id`,
    );
    const responses = await Promise.all([
      call(t.app, 'POST', `/api/games/${pending!.id}/play`),
      call(t.app, 'POST', `/api/games/${ids[0]}/play`),
      call(t.app, 'POST', '/api/games/999999/play'),
    ]);
    expect(responses.map((response) => response.status)).toEqual([404, 200, 404]);
    expect(await sql('select 1 from play_events where game_id = ?', [pending!.id])).toEqual([]);
  });

  it('trending from the rollups ranks exactly as counting the raw events of the last 7 days', async () => {
    // Old plays weigh against recent ones: game i gets i plays 10 days ago and (n - i) % 5 recent ones.
    await importEvents((index) => [
      ...Array.from({ length: index }, () => 10),
      ...Array.from({ length: (ids.length - index) % 5 }, (_, k) => k),
    ]);
    await rebuildStats(t.db.orm);
    t.services.catalogCache.invalidate();
    const { body } = await call<{ id: number }[]>(t.app, 'GET', `/api/games?sort=trending&limit=100`);
    const expected = await sql<{ id: number }>(
      `select g.id from games g left join play_events pe on pe.game_id = g.id where g.status = 'APPROVED'
        group by g.id
        order by count(pe.id) filter (where (pe.created_at at time zone 'UTC')::date >= (now() at time zone 'UTC')::date - 6) desc,
                 count(pe.id) desc, g.id asc`,
    );
    expect(body.map((game) => game.id)).toEqual(expected.map((row) => row.id));
  });

  it('rebuild-stats after a bulk import gives the numbers the raw events give', async () => {
    await importEvents((index) => Array.from({ length: (index * 3) % 7 }, (_, k) => k * 2));
    expect(await counters()).not.toEqual(await countedFromEvents());
    const rebuilt = await rebuildStats(t.db.orm);
    expect(await counters()).toEqual(await countedFromEvents());
    expect(await dailyRows()).toEqual(await dailyFromEvents());
    const [{ events } = { events: 0 }] = await sql<{ events: number }>('select count(*)::int as events from play_events');
    expect(rebuilt.playEvents).toBe(events);
    // Plays after a rebuild carry on from the rebuilt counts.
    await call(t.app, 'POST', `/api/games/${ids[1]}/play`, { headers: visitorCookie(9999) });
    expect(await counters()).toEqual(await countedFromEvents());
  });

  it('moving the trending window recounts the games whose days left it', async () => {
    await rebuildStats(t.db.orm);
    // Pretend the window was last moved three days ago: counts then included days that have left it since.
    await sql(`update stats_watermarks set day = day - 3 where name = 'trending-window'`);
    await sql(
      `update games g set trending_plays = coalesce((select sum(d.plays) from game_daily_plays d
          where d.game_id = g.id and d.day >= (now() at time zone 'UTC')::date - 9), 0)`,
    );
    expect(await counters()).not.toEqual(await countedFromEvents());
    const moved = await advanceTrendingWindow(t.db.orm);
    expect(moved.gamesRecounted).toBeGreaterThan(0);
    expect(await counters()).toEqual(await countedFromEvents());
    expect(await advanceTrendingWindow(t.db.orm)).toEqual({ gamesRecounted: 0 });
  });

  it('plays kept while maintenance held the stats lock are counted once each, as of when they arrived', async () => {
    await rebuildStats(t.db.orm);
    const [first, second] = ids as [number, number];
    const before = new Map((await counters()).map((row) => [row.id, row]));
    // As a batch keeps them (plays.ts): one visitor twice within the dedup window (counts once), one
    // visitor's play 8 days ago (all-time only: that day has left the trending window), a game that is gone.
    await sql(
      `insert into pending_plays (game_id, user_id, visitor_key, played_at) values
         (?, null, 'a:kept-one', now() - interval '2 hours'),
         (?, null, 'a:kept-one', now() - interval '2 hours' + interval '1 minute'),
         (?, null, 'a:kept-two', now() - interval '8 days'),
         (999999, null, 'a:kept-three', now())`,
      [first, first, second],
    );
    const rebuilt = await rebuildStats(t.db.orm);
    expect(rebuilt.keptPlays).toBe(4);
    expect(await sql('select 1 from pending_plays')).toEqual([]);
    const after = new Map((await counters()).map((row) => [row.id, row]));
    expect(after.get(first)).toEqual({ id: first, plays: before.get(first)!.plays + 1, trending_plays: before.get(first)!.trending_plays + 1 });
    expect(after.get(second)).toEqual({ id: second, plays: before.get(second)!.plays + 1, trending_plays: before.get(second)!.trending_plays });
    expect(await counters()).toEqual(await countedFromEvents());
    expect(await dailyRows()).toEqual(await dailyFromEvents());
    // The sessions start when the plays arrived: one for each play taken in.
    const sessions = await sql<{ visitor_key: string }>(
      `select visitor_key from play_sessions where visitor_key like 'a:kept-%' order by started_at, visitor_key`,
    );
    expect(sessions.map((row) => row.visitor_key)).toEqual(['a:kept-two', 'a:kept-one']);
  });

  it('pruning raw plays past the retention keeps every count, and a rebuild after it too', async () => {
    await importEvents((index) => Array.from({ length: index + 1 }, () => 40));
    await rebuildStats(t.db.orm);
    const before = await counters();
    const [{ old } = { old: 0 }] = await sql<{ old: number }>(
      `select count(*)::int as old from play_events where created_at < now() - interval '31 days'`,
    );
    expect(old).toBeGreaterThan(0);
    expect(await prunePlayEvents(t.db.orm, 30)).toBe(old);
    expect(await sql(`select 1 from play_events where created_at < now() - interval '31 days'`)).toEqual([]);
    expect(await counters()).toEqual(before);
    await rebuildStats(t.db.orm);
    expect(await counters()).toEqual(before);
  });
});
