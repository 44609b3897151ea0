/**
 * The page's room connection when its socket drops and no try gets back in (the room's process
 * died): it keeps trying while the portal says the room is there (a phone offline for a while),
 * and says "connection lost" as soon as the portal says it is gone, instead of after the SDK's
 * minute of retries. A real room engine and Colyseus' client; the page's fetch answered here.
 */
import { matchMaker } from '@colyseus/core';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it, vi } from 'vitest';
import { startRooms } from '../../../server/rooms/engine';
import { newInviteCode } from '../../../server/rooms/rules';
import type { RoomEvent } from './frameMessages';
import { RoomSession } from './RoomSession';
import { until } from '../../../tests/support/until';

const server = createServer();
const engine = await startRooms({ server });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
vi.stubGlobal('window', { location: { protocol: 'http:', host, origin: `http://${host}` } });
afterAll(async () => {
  vi.unstubAllGlobals();
  await engine.close();
});

let roomThere = true;
let statusAsked = 0;
const statusBodies: unknown[] = [];
vi.stubGlobal('fetch', async (path: string, init: { body: string }) => {
  if (path === '/api/rooms') {
    const code = newInviteCode();
    const reservation = await engine.open({ code, game: 'paddle-duel', maxPlayers: 2, access: 'invite' }, { name: null });
    return Response.json({ code, invitePath: `/games/paddle-duel?room=${code}`, reservation });
  }
  if (path === '/api/rooms/status') {
    statusAsked++;
    statusBodies.push(JSON.parse(init.body));
    return roomThere ? Response.json({}) : Response.json({ message: 'No room with this code', reason: 'gone' }, { status: 404 });
  }
  return new Response(null, { status: 404 });
});


it('keeps trying while the room is there, and says "connection lost" once the portal says it is gone', async () => {
  const events: RoomEvent[] = [];
  const session = await RoomSession.open('paddle-duel', { maxPlayers: 2, access: 'invite' }, (event) => events.push(event));
  await until(() => events.some((event) => event.type === 'room'), 'the welcome');
  // The room's process vanishes for this player: its socket cut, and no new socket let in.
  server.removeAllListeners('upgrade');
  const room = matchMaker.getLocalRoomById(session.code)!;
  (room.clients[0]!.ref as unknown as { terminate(): void }).terminate();
  await until(() => events.some((event) => event.type === 'connection' && event.state === 'reconnecting'), 'reconnecting');

  await until(() => statusAsked >= 2, 'two looks at the room');
  expect(events.some((event) => event.type === 'closed')).toBe(false);

  expect(statusBodies[0]).toMatchObject({ game: 'paddle-duel', code: session.code });

  roomThere = false;
  // The bound: a player is told within 10 s (the page asks every 2 s).
  await until(() => events.some((event) => event.type === 'closed'), 'connection lost', 10_000);
  expect(events.filter((event) => event.type === 'closed')).toEqual([{ type: 'closed', reason: 'lost' }]);
  // No more looks once it is lost.
  const asked = statusAsked;
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(statusAsked).toBe(asked);
}, 30_000);
