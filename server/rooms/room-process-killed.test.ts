/**
 * A room process killed outright (SIGKILL), with rooms shared through Redis: its player's socket
 * closes at once and the portal says the room is gone (what the page asks before it shows
 * "connection lost"), new rooms open on the live room process without waiting on the dead one,
 * and the dead process's listings and room count leave Redis within 30 s. This test's process is
 * a portal instance that hosts no rooms (ROOMS_IN_PORTAL=off).
 */
import { matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnRoomProcess, type RoomProcess } from '../../tests/support/room-process';
import { startRooms, type RoomsEngine } from './engine';
import { newInviteCode } from './rules';
import { until } from '../../tests/support/until';

// Colyseus' keys have no prefix of their own: a database of Redis' sixteen kept for this test.
const REDIS_URL = process.env.ROOMS_KILL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/11';

let portal: RoomsEngine;
let doomed: RoomProcess;
let survivor: RoomProcess | undefined;

beforeAll(async () => {
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  doomed = await spawnRoomProcess(REDIS_URL);
  portal = await startRooms({ redisUrl: REDIS_URL });
}, 60_000);
afterAll(async () => {
  await Promise.all([doomed?.kill('SIGKILL'), survivor?.kill()]);
  await portal?.close();
});

const roomOptions = () => ({ code: newInviteCode(), game: 'paddle-duel', maxPlayers: 2, access: 'invite' as const });

it('a killed room process: its player sees the room close, the room reads as gone, new rooms open elsewhere, its listings leave Redis', async () => {
  const options = roomOptions();
  // The only room process yet: the room lands there, and the player is sent to its address.
  const reservation = await portal.open(options, { name: null });
  expect(reservation).toMatchObject({ processId: doomed.processId, publicAddress: doomed.publicAddress });
  const client = new Client('ws://127.0.0.1:1/rooms');
  const room = await client.consumeSeatReservation(reservation);
  room.onMessage('*', () => undefined);
  // As the page: it would try to come back at once (minUptime 0), so a drop is seen, not a leave.
  room.reconnection.minUptime = 0;
  let closedAt: number | undefined;
  room.onDrop(() => (closedAt ??= Date.now()));
  room.onLeave(() => (closedAt ??= Date.now()));
  await until(async () => (await portal.find(options.code))?.players === 1, 'the player to be seated');
  survivor = await spawnRoomProcess(REDIS_URL);

  const killedAt = Date.now();
  await doomed.kill('SIGKILL');
  await until(() => closedAt, "the player's socket to close", 10_000);
  expect(closedAt! - killedAt).toBeLessThan(10_000);
  // Still listed (the sweep has not run), but its process is dead: the portal answers "gone".
  expect(await portal.find(options.code)).toBeNull();

  // A new room goes to the live process straight away, not after Colyseus' 2 s wait on the dead one.
  const openedAt = Date.now();
  const next = await portal.open(roomOptions(), { name: null });
  expect(Date.now() - openedAt).toBeLessThan(1_500);
  expect(next).toMatchObject({ processId: survivor.processId, publicAddress: survivor.publicAddress });
  const nextRoom = await client.consumeSeatReservation(next);
  await nextRoom.leave();

  // The dead process's listing and room count are swept from Redis.
  const deadProcessListed = async () =>
    (await matchMaker.driver.query({})).some((listing) => listing.processId === doomed.processId) ||
    (await matchMaker.stats.fetchAll()).some((stat) => stat.processId === doomed.processId);
  expect(await deadProcessListed()).toBe(true);
  await until(async () => !(await deadProcessListed()), 'the dead process to leave Redis', 30_000 - (Date.now() - killedAt));
  room.removeAllListeners();
}, 60_000);
