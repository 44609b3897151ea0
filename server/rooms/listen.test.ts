/**
 * Room sockets arrive on any of the portal's listening sockets (server/http/listen.ts hands the
 * extra sockets' connections to the app's server): every one must reach the rooms' transport.
 */
import { Client } from '@colyseus/sdk';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { LISTENING_SOCKETS, listenOnSharedPort } from '../http/listen';
import { ROOMS_PATH, startRooms } from './engine';
import { newInviteCode } from './rules';

const app = Fastify();
const engine = await startRooms({ server: app.server });
app.addHook('preClose', () => engine.close());
const { listening } = await listenOnSharedPort(app, 0, '127.0.0.1');
afterAll(() => app.close());

it('takes room sockets from every listening socket of the port', async () => {
  expect(listening).toBe(process.platform === 'linux' ? LISTENING_SOCKETS : 1);
  const client = new Client(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${ROOMS_PATH}`);
  // Twice as many sockets as listeners, opened at once: the kernel spreads them over all of them.
  const joined = await Promise.all(
    Array.from({ length: LISTENING_SOCKETS * 2 }, async () => {
      const room = await client.consumeSeatReservation(await engine.open({ code: newInviteCode(), game: 'paddle-duel', maxPlayers: 2, access: 'invite' }, { name: null }));
      return room.roomId;
    }),
  );
  expect(new Set(joined).size).toBe(LISTENING_SOCKETS * 2);
});
