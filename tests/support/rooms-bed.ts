/**
 * The rooms' service tests' bed: a domain test (database, contexts) and an in-memory room engine
 * on a loopback socket, with Colyseus' own client pointed at it, opened before a file's tests and
 * closed after them. Read its fields in a beforeAll registered after this call, or in the tests.
 */
import { Client } from '@colyseus/sdk';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { ROOMS_PATH, startRooms } from '../../server/rooms/engine';
import { createRooms, type Rooms } from '../../server/rooms/service';
import { openDomainTest, type DomainTest } from './domain';

export type RoomsBed = { t: DomainTest; rooms: Rooms; client: Client };

export function useRoomsBed(): RoomsBed {
  const bed = {} as RoomsBed;
  let server: Server;
  beforeAll(async () => {
    bed.t = await openDomainTest();
    server = createServer();
    bed.rooms = createRooms(await startRooms({ server }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bed.client = new Client(`ws://127.0.0.1:${(server.address() as AddressInfo).port}${ROOMS_PATH}`);
  });
  afterAll(async () => {
    await bed.rooms.engine.close();
    server.close();
    await bed.t.close();
  });
  return bed;
}
