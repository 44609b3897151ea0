/**
 * Issue #25, trending where the player is: a play records its country (the CDN's header, named by
 * COUNTRY_HEADER, else the region of Accept-Language); "Trending in {country}" ranks that
 * country's plays of the trending window from its rollups, and falls back to the worldwide list,
 * saying so, when too few games were played there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_TRENDING_MIN_GAMES } from '../../shared/constants';
import { countryOfLanguages, countryOfRequest } from '../../server/http/country';
import { rebuildStats } from '../../server/domains/games/stats';
import { call, createTestApp, gameIdsBySlug, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let custom: TestApp;
let ids: Record<string, number>;
let visitor = 0;
beforeAll(async () => {
  t = await createTestApp();
  custom = await createTestApp({ COUNTRY_HEADER: 'X-Viewer-Country' });
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop', 'paddle-duel']);
});
afterAll(async () => {
  await t.close();
  await custom.close();
});

async function sql<T>(app: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  return app.db.orm.em.fork().getConnection().execute<T[]>(query, params);
}

/** Plays `slug` as a new visitor with these headers; answers the country its play recorded. */
async function play(app: TestApp, slug: string, headers: Record<string, string> = {}): Promise<string | null> {
  visitor += 1;
  const response = await call(app.app, 'POST', `/api/games/${ids[slug]}/play`, { headers: { ...visitorCookie(10_000 + visitor), ...headers } });
  expect(response.status).toBe(200);
  const [row] = await sql<{ country: string | null }>(app, 'select country from play_events where game_id = ? order by id desc limit 1', [ids[slug]]);
  return row!.country;
}

type Trending = { scope: 'country' | 'world'; country: string | null; countryName: string | null; games: { slug: string }[] };

async function trending(query = ''): Promise<Trending> {
  t.services.catalogCache.invalidate();
  const response = await call<Trending>(t.app, 'GET', `/api/trending${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

describe(`a play's country (${engineName})`, () => {
  it('reads the CDN header first, then the region of the most preferred language that names one', () => {
    expect(countryOfRequest({ 'cf-ipcountry': 'in' }, 'cf-ipcountry')).toBe('IN');
    expect(countryOfRequest({ 'cf-ipcountry': 'XX', 'accept-language': 'en-GB,en;q=0.8' }, 'cf-ipcountry')).toBe('GB');
    expect(countryOfRequest({ 'cf-ipcountry': 'T1' }, 'cf-ipcountry')).toBeNull();
    expect(countryOfLanguages('fr;q=0.5, de-AT;q=0.9, en')).toBe('AT');
    expect(countryOfLanguages('zh-Hant-TW')).toBe('TW');
    expect(countryOfLanguages('es-419, en')).toBeNull();
    expect(countryOfLanguages('en-US;q=0, pt-BR;q=0.1')).toBe('BR');
    expect(countryOfLanguages('en, fr')).toBeNull();
    expect(countryOfLanguages(undefined)).toBeNull();
  });

  it('is recorded from the CF-IPCountry header a CDN sets', async () => {
    expect(await play(t, 'star-blaster', { 'cf-ipcountry': 'IN' })).toBe('IN');
  });

  it('is recorded from Accept-Language when no CDN says, and the CDN wins over it', async () => {
    expect(await play(t, 'star-blaster', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('IN');
    expect(await play(t, 'star-blaster', { 'accept-language': 'pt-BR', 'cf-ipcountry': 'PT' })).toBe('PT');
  });

  it('is null when nothing names a country', async () => {
    expect(await play(t, 'star-blaster', { 'accept-language': 'en' })).toBeNull();
    expect(await play(t, 'star-blaster', { 'cf-ipcountry': 'XX' })).toBeNull();
  });

  it('follows COUNTRY_HEADER when the CDN names its header otherwise', async () => {
    expect(await play(custom, 'cafe-racer', { 'x-viewer-country': 'de' })).toBe('DE');
    // CF-IPCountry means nothing to this portal: the language's region is used.
    expect(await play(custom, 'cafe-racer', { 'cf-ipcountry': 'JP', 'accept-language': 'fr-CA' })).toBe('CA');
  });
});

describe(`trending where the player is (${engineName})`, () => {
  it('ranks a country by its own plays of the window, however the world plays', async () => {
    // Kenya: balloon-pop 3, paddle-duel 2, cafe-racer 1. Everywhere else: star-blaster far ahead.
    for (const [slug, plays] of [['balloon-pop', 3], ['paddle-duel', 2], ['cafe-racer', 1]] as const) {
      for (let index = 0; index < plays; index++) await play(t, slug, { 'cf-ipcountry': 'KE' });
    }
    for (let index = 0; index < 8; index++) await play(t, 'star-blaster', { 'cf-ipcountry': 'US' });
    const kenya = await trending('?country=KE');
    expect(kenya).toMatchObject({ scope: 'country', country: 'KE', countryName: 'Kenya' });
    expect(kenya.games.map((game) => game.slug)).toEqual(['balloon-pop', 'paddle-duel', 'cafe-racer']);
    // Lower case is read as the code; a page past the end is empty.
    expect((await trending('?country=ke&limit=1&offset=1')).games.map((game) => game.slug)).toEqual(['paddle-duel']);
    expect((await trending('?country=KE&offset=3')).games).toEqual([]);
    // The rollups hold the counts; nothing is counted from the raw plays per request.
    const [row] = await sql<{ plays: number }>(t, 'select plays from game_country_trending where country = ? and game_id = ?', ['KE', ids['balloon-pop']]);
    expect(row!.plays).toBe(3);
  });

  it('falls back to the worldwide list, saying so, when too few games were played in the country or none is given', async () => {
    const world = await call<{ slug: string }[]>(t.app, 'GET', '/api/games?sort=trending&limit=24');
    const worldSlugs = world.body.map((game) => game.slug);
    // Germany: one game played, fewer than COUNTRY_TRENDING_MIN_GAMES.
    expect(COUNTRY_TRENDING_MIN_GAMES).toBeGreaterThan(1);
    await play(t, 'paddle-duel', { 'cf-ipcountry': 'DE' });
    const germany = await trending('?country=DE');
    expect(germany).toMatchObject({ scope: 'world', country: 'DE', countryName: 'Germany' });
    expect(germany.games.map((game) => game.slug)).toEqual(worldSlugs);
    const nowhere = await trending();
    expect(nowhere).toMatchObject({ scope: 'world', country: null, countryName: null });
    expect(nowhere.games.map((game) => game.slug)).toEqual(worldSlugs);
  });

  it('refuses what is not a country, naming the field', async () => {
    for (const bad of ['XX', 'India', '1N', 'ZZ']) {
      const response = await call<{ message: string }>(t.app, 'GET', `/api/trending?country=${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('country');
    }
  });

  it('leaves unpublished games out of a country list, and out of the games it needs to have one', async () => {
    await sql(t, `update games set status = 'UNPUBLISHED' where id = ?`, [ids['paddle-duel']]);
    try {
      // Two published games played in Kenya: too few for a list of its own.
      expect(await trending('?country=KE')).toMatchObject({ scope: 'world', country: 'KE' });
      await sql(t, `insert into game_country_trending (country, game_id, plays) values ('KE', ?, 1)`, [ids['star-blaster']]);
      const kenya = await trending('?country=KE');
      expect(kenya.scope).toBe('country');
      // One play each for cafe-racer and star-blaster: equal plays rank by id.
      const tied = ['cafe-racer', 'star-blaster'].sort((a, b) => ids[a]! - ids[b]!);
      expect(kenya.games.map((game) => game.slug)).toEqual(['balloon-pop', ...tied]);
    } finally {
      await sql(t, `update games set status = 'APPROVED' where id = ?`, [ids['paddle-duel']]);
      await sql(t, `delete from game_country_trending where country = 'KE' and game_id = ?`, [ids['star-blaster']]);
    }
  });

  it('is rebuilt from the recorded plays by db:rebuild-stats, and plays older than the window do not count', async () => {
    const before = await sql<{ country: string; game_id: number; plays: number }>(t, 'select country, game_id, plays from game_country_trending order by 1, 2');
    // An old Kenyan play of star-blaster: outside the window, it must not rank there.
    await sql(t, `insert into play_events (game_id, visitor_key, country, created_at) values (?, 'old-visitor', 'KE', now() - interval '10 days')`, [ids['star-blaster']]);
    await sql(t, 'update game_country_trending set plays = 99');
    await rebuildStats(t.db.orm);
    const after = await sql<{ country: string; game_id: number; plays: number }>(t, 'select country, game_id, plays from game_country_trending order by 1, 2');
    expect(after).toEqual(before);
    expect((await trending('?country=KE')).games.map((game) => game.slug)).toEqual(['balloon-pop', 'paddle-duel', 'cafe-racer']);
  });

  it('moves with the window: a day that leaves it stops counting, and its rows go', async () => {
    // Two Kenyan plays of star-blaster eight days ago, counted then (rollup rows as the batch wrote them).
    await sql(t, `insert into game_country_daily_plays (country, game_id, day, plays) values ('KE', ?, (now() at time zone 'UTC')::date - 8, 5)`, [ids['star-blaster']]);
    await sql(t, `insert into game_country_trending (country, game_id, plays) values ('KE', ?, 5)`, [ids['star-blaster']]);
    expect((await trending('?country=KE')).games[0]!.slug).toBe('star-blaster');
    // The window was last moved yesterday: the next move recounts.
    await sql(t, `insert into stats_watermarks (name, day) values ('trending-window', (now() at time zone 'UTC')::date - 1) on conflict (name) do update set day = excluded.day`);
    const { advanceTrendingWindow } = await import('../../server/domains/games/stats');
    await advanceTrendingWindow(t.db.orm);
    expect(await sql(t, `select 1 from game_country_daily_plays where day < (now() at time zone 'UTC')::date - 6`)).toEqual([]);
    expect(await sql(t, 'select 1 from game_country_trending where country = ? and game_id = ?', ['KE', ids['star-blaster']])).toEqual([]);
    expect((await trending('?country=KE')).games.map((game) => game.slug)).toEqual(['balloon-pop', 'paddle-duel', 'cafe-racer']);
  });
});
