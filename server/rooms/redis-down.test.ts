/**
 * Redis stops under a portal instance (this test's process: the app with the rooms' routes, hosting
 * no rooms, as with ROOMS_IN_PORTAL=off) and a room process:
 * /api/ready says so (503 naming Redis), the room already open goes on relaying between its
 * players, a new room is answered 503 with a message within seconds (not when ioredis gives up),
 * and the room process outlives the commands Redis never answered. When Redis comes back empty
 * (it kept nothing), the room process lists itself and its room again: new rooms open, and the
 * open room is joined by its invite code. A redis-server of the test's own, never the machine's.
 */
import { Client, type Room } from '@colyseus/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RoomTicket } from '../../shared/rooms';
import { createTestApp, type TestApp } from '../../tests/support/app';
import { freePort, spawnRoomProcess, startRedis, type RedisServer, type RoomProcess } from '../../tests/support/room-process';
import { startRooms } from './engine';
import { registerRoomRoutes } from './routes';
import { createRooms, type Rooms } from './service';
import { until } from '../../tests/support/until';

let redisPort: number;
let redis: RedisServer;
let rooms: RoomProcess;
let portal: TestApp;
let engine: Rooms | undefined;

beforeAll(async () => {
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  const redisUrl = redis.url;
  [rooms, portal] = await Promise.all([
    spawnRoomProcess(redisUrl),
    createTestApp(
      { REDIS_URL: redisUrl },
      {
        beforeReady: async (app, services) => {
          const opened = createRooms(await startRooms({ redisUrl }));
          engine = opened;
          await app.register(async (scope) => registerRoomRoutes(scope, services, opened));
        },
      },
    ),
  ]);
}, 60_000);
afterAll(async () => {
  await engine?.engine.close();
  await portal?.close();
  await Promise.all([rooms?.kill(), redis?.kill()]);
});

type Answer = { status: number; json(): Promise<unknown> };
async function post(path: string, body: object): Promise<Answer> {
  const answer = await portal.app.inject({ method: 'POST', url: path, payload: body });
  return { status: answer.statusCode, json: async () => answer.json() };
}
async function readiness(): Promise<Answer> {
  const answer = await portal.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: answer.statusCode, json: async () => answer.json() };
}

async function seat(ticket: RoomTicket): Promise<{ room: Room; got: unknown[] }> {
  // The reservation carries the room process's address: the page's own host is not where the room is.
  const room = await new Client('ws://127.0.0.1:1/rooms').consumeSeatReservation(ticket.reservation);
  const got: unknown[] = [];
  room.onMessage('relay', ({ data }: { data: unknown }) => got.push(data));
  room.onMessage('*', () => undefined);
  return { room, got };
}

it('Redis down: ready says so, the open room relays on, new rooms are 503 within seconds; back: rooms open and join again', async () => {
  const opened = await post('/api/rooms', { game: 'paddle-duel', maxPlayers: 4, access: 'invite' });
  expect(opened.status).toBe(200);
  const ticket = (await opened.json()) as RoomTicket;
  expect(ticket.reservation).toMatchObject({ processId: rooms.processId, publicAddress: rooms.publicAddress });
  const joined = await post('/api/rooms/join', { game: 'paddle-duel', code: ticket.code });
  expect(joined.status).toBe(200);
  const leaving = await post('/api/rooms/join', { game: 'paddle-duel', code: ticket.code });
  const [host, friend, leaver] = await Promise.all([seat(ticket), seat((await joined.json()) as RoomTicket), seat((await leaving.json()) as RoomTicket)]);

  await redis.kill('SIGKILL');
  const downAt = Date.now();
  // A player leaving updates the room's listing in Redis: that waits for Redis (the leave with it),
  // and must neither end the room process nor hold up the others.
  void leaver.room.leave().catch(() => undefined);
  const ready = await until(async () => {
    const answer = await readiness();
    return answer.status === 503 && ((await answer.json()) as { message: string });
  }, '/api/ready to say Redis is down');
  expect(ready.message).toMatch(/Redis/);

  const refusedAfter = performance.now();
  const refused = await post('/api/rooms', { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
  expect(performance.now() - refusedAfter).toBeLessThan(8_000);
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ reason: 'unavailable', message: expect.stringMatching(/try again/) });

  // The open room relays on, for longer than ioredis keeps the room's own listing updates waiting
  // (about 10 s of reconnecting, then they fail): each message arrives, and the room process lives.
  let sent = 0;
  while (Date.now() - downAt < 12_000) {
    host.room.send('relay', { n: ++sent });
    await until(() => friend.got.length === sent, `message ${sent} to arrive`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(friend.got.at(-1)).toEqual({ n: sent });
  expect(rooms.child.exitCode).toBeNull();

  redis = await startRedis(redisPort);
  await until(async () => (await readiness()).status === 200, '/api/ready once Redis is back');
  // The room process counts itself again and restores its room's listing (Redis came back empty).
  const reopened = await until(async () => {
    const answer = await post('/api/rooms', { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
    return answer.status === 200 && answer;
  }, 'a new room once Redis is back', 20_000);
  expect(((await reopened.json()) as RoomTicket).reservation.processId).toBe(rooms.processId);
  const late = await until(async () => {
    const answer = await post('/api/rooms/join', { game: 'paddle-duel', code: ticket.code });
    return answer.status === 200 && answer;
  }, 'the open room to be joined by its code again', 20_000);
  const third = await seat((await late.json()) as RoomTicket);
  friend.room.send('relay', { to: 'all' });
  await until(() => host.got.length > 0 && third.got.length > 0, 'a message to both other players');
  // What a page whose socket dropped asks: this room is there; a code with no room is gone.
  const status = await post('/api/rooms/status', { game: 'paddle-duel', code: ticket.code });
  expect([status.status, await status.json()]).toEqual([200, { code: ticket.code, players: 3, maxPlayers: 4, locked: false }]);
  const gone = await post('/api/rooms/status', { game: 'paddle-duel', code: 'ABCDEFGHJKM' });
  expect([gone.status, await gone.json()]).toEqual([404, expect.objectContaining({ reason: 'gone' })]);
  await Promise.all([host.room.leave(), friend.room.leave(), third.room.leave()]);
}, 120_000);
