/**
 * "Playing now" counts players in rooms too (issue 48): the rooms' players per game, read from the
 * engine in the background, meet the play heartbeat's count when a game's counts are built: the
 * larger of the two, so a room player the heartbeat saw is not counted twice. GET /api/home never
 * asks the engine itself.
 */
import { Client, type Room } from '@colyseus/sdk';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setRoomPlayers, startRoomPlayersRefresh } from '../../server/domains/visitors/room-players';
import { ROOMS_PATH, startRooms, type RoomsEngine } from '../../server/rooms/engine';
import { newInviteCode } from '../../server/rooms/rules';
import { call, createTestApp, visitorCookie, type TestApp } from '../support/app';
import { until } from '../support/until';

let t: TestApp;
let server: Server;
let engine: RoomsEngine;
let client: Client;
let paddleDuel: number;

beforeAll(async () => {
  t = await createTestApp();
  server = createServer();
  engine = await startRooms({ server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new Client(`ws://127.0.0.1:${(server.address() as AddressInfo).port}${ROOMS_PATH}`);
  paddleDuel = (await call<{ id: number; slug: string }[]>(t.app, 'GET', '/api/games?limit=10')).body.find((game) => game.slug === 'paddle-duel')!.id;
});
afterEach(() => setRoomPlayers(new Map()));
afterAll(async () => {
  await engine.close();
  server.close();
  await t.close();
});

type Counted = { slug: string; metrics: { playingNow: number } };
const isGameList = (list: unknown): list is Counted[] => Array.isArray(list);

async function playingNow(): Promise<{ page: number; home: number[] }> {
  t.services.catalogCache.invalidate();
  const page = (await call<Counted>(t.app, 'GET', '/api/games/paddle-duel')).body.metrics.playingNow;
  const home = (await call<Record<string, unknown>>(t.app, 'GET', '/api/home')).body;
  const shown = Object.values(home)
    .filter(isGameList)
    .flat()
    .filter((game) => game.slug === 'paddle-duel')
    .map((game) => game.metrics.playingNow);
  return { page, home: [...new Set(shown)] };
}

async function seated(players: number): Promise<Room[]> {
  const code = newInviteCode();
  const rooms: Room[] = [await client.consumeSeatReservation(await engine.open({ code, game: 'paddle-duel', maxPlayers: 4, access: 'invite' }, { name: null }))];
  for (let i = 1; i < players; i++) {
    const seat = await engine.join(code, { name: null });
    if (seat === 'full') throw new Error('full');
    rooms.push(await client.consumeSeatReservation(seat));
  }
  return rooms;
}


describe('playing now with rooms', () => {
  it('shows the players in a game’s rooms, on its page and on the home, once read in the background', async () => {
    await t.db.orm.em.fork().getConnection().execute('delete from visitor_game_activity where game_id = ?', [paddleDuel]);
    expect(await playingNow()).toEqual({ page: 0, home: [0] });
    const players = await seated(3);
    const refresh = startRoomPlayersRefresh(() => engine.playersByGame(), { everyMs: 50, onError: (error) => { throw error; } });
    try {
      await until(async () => (await playingNow()).page === 3);
      expect(await playingNow()).toEqual({ page: 3, home: [3] });
    } finally {
      refresh.stop();
      await Promise.all(players.map((room) => room.leave()));
    }
  });

  it('does not count a room player the play heartbeat saw twice: the larger count wins', async () => {
    await t.db.orm.em.fork().getConnection().execute('delete from visitor_game_activity where game_id = ?', [paddleDuel]);
    // Two visitors on the game's page (their plays), one of them also in a room of one.
    await call(t.app, 'POST', `/api/games/${paddleDuel}/play`, { headers: visitorCookie(41) });
    await call(t.app, 'POST', `/api/games/${paddleDuel}/play`, { headers: visitorCookie(42) });
    setRoomPlayers(new Map([['paddle-duel', 1]]));
    expect(await playingNow()).toEqual({ page: 2, home: [2] });
    setRoomPlayers(new Map([['paddle-duel', 5]]));
    expect(await playingNow()).toEqual({ page: 5, home: [5] });
  });

  it('serves the home from the last reading: requests never ask the engine', async () => {
    let reads = 0;
    const refresh = startRoomPlayersRefresh(
      async () => {
        reads++;
        return new Map([['paddle-duel', 7]]);
      },
      { everyMs: 60_000, onError: () => undefined },
    );
    try {
      await until(async () => reads === 1);
      for (let i = 0; i < 5; i++) expect((await playingNow()).home).toEqual([7]);
      expect(reads).toBe(1);
    } finally {
      refresh.stop();
    }
  });
});
