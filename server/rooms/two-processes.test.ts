/**
 * Rooms shared by two processes through Redis (REDIS_URL): a room opened on one process is found
 * and joined through the other, and the player's socket goes to the room's own process.
 */
import { Client } from '@colyseus/sdk';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Colyseus' keys have no prefix of their own: a database of Redis' sixteen kept for this test.
const REDIS_URL = process.env.ROOMS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/13';

type RoomProcess = { ask(command: string): Promise<Record<string, unknown>>; child: ChildProcessWithoutNullStreams };

function start(): Promise<RoomProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./two-processes.fixture.ts', import.meta.url).pathname], { env: { ...process.env, REDIS_URL } });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(((await lines.next()).value as string | undefined) ?? '{}') as Record<string, unknown>;
  return next().then(() => ({
    child,
    ask: (command) => {
      child.stdin.write(`${command}\n`);
      return next();
    },
  }));
}

let one: RoomProcess;
let two: RoomProcess;
beforeAll(async () => {
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  [one, two] = await Promise.all([start(), start()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([one?.ask('close'), two?.ask('close')]);
});

it('opens a room on one process and seats a player through the other, on the room’s own process', async () => {
  const opened = (await one.ask('open')) as { code: string; reservation: { processId: string; publicAddress: string } };
  const joined = (await two.ask(`join ${opened.code}`)) as { listing: { players: number }; reservation: { processId: string; publicAddress: string; roomId: string } };
  expect(joined.listing).toMatchObject({ players: 1 });
  expect(joined.reservation.processId).toBe(opened.reservation.processId);
  expect(joined.reservation.publicAddress).toBe(opened.reservation.publicAddress);
  // The client follows the reservation's public address: process one, where the room lives.
  const client = new Client('ws://127.0.0.1:1/rooms');
  const [host, friend] = await Promise.all([client.consumeSeatReservation(opened.reservation as never), client.consumeSeatReservation(joined.reservation as never)]);
  const got = new Promise((resolve) => host.onMessage('relay', resolve));
  host.onMessage('*', () => undefined);
  friend.onMessage('*', () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 100));
  friend.send('relay', { hello: 'across processes' });
  expect(await got).toMatchObject({ data: { hello: 'across processes' } });
  await Promise.all([host.leave(), friend.leave()]);
}, 30_000);
